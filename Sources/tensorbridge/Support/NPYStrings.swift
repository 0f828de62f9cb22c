import Foundation

/// NumPy's fixed-width string arrays: `S<n>` (bytes) and `U<n>` (UTF-32 code points), each
/// element padded with zeros to the width, as `np.save` writes them for string tensors.
enum NPYStrings {
  /// The strings of a `.npy` string array and its shape, or `nil` when `descr` is not a string
  /// dtype.
  static func read(descr: String, shape: [Int], payload: Data) throws(NPYError) -> (strings: [Data], shape: [Int])? {
    var code = Substring(descr)
    if let first = code.first, "<>|=".contains(first) { code = code.dropFirst() }
    guard let kind = code.first, kind == "S" || kind == "U", let width = Int(code.dropFirst()), width >= 0 else {
      return nil
    }
    let bigEndian = descr.first == ">"
    var count = 1
    for dimension in shape {
      let (product, overflow) = count.multipliedReportingOverflow(by: dimension)
      guard !overflow else { throw .notNPY(reason: "shape \(shape) is too large") }
      count = product
    }
    let itemSize = kind == "S" ? width : width * 4
    let (expected, overflow) = count.multipliedReportingOverflow(by: itemSize)
    guard !overflow, payload.count == expected else { throw .byteCount(expected: expected, actual: payload.count) }
    let bytes = [UInt8](payload)
    var strings: [Data] = []
    strings.reserveCapacity(count)
    for index in 0..<count {
      let item = bytes[(index * itemSize)..<((index + 1) * itemSize)]
      if kind == "S" {
        let end = item.lastIndex(where: { $0 != 0 }).map { $0 + 1 } ?? item.startIndex
        strings.append(Data(item[item.startIndex..<end]))
      } else {
        var scalars = String.UnicodeScalarView()
        var position = item.startIndex
        while position < item.endIndex {
          let b = item[position..<(position + 4)].map(UInt32.init)
          let value =
            bigEndian ? (b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]) : (b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0])
          position += 4
          if value == 0 { continue }  // padding (NumPy strips trailing NULs too)
          guard let scalar = Unicode.Scalar(value) else {
            throw .notNPY(reason: "element \(index) holds \(value), not a Unicode scalar")
          }
          scalars.append(scalar)
        }
        strings.append(Data(String(scalars).utf8))
      }
    }
    return (strings, shape)
  }

  /// A `|S<n>` array holding `strings` with `shape` (the width is the longest string, at least 1).
  static func encode(_ strings: [Data], shape: [Int]) -> Data {
    let width = max(strings.map(\.count).max() ?? 1, 1)
    var payload = Data(capacity: strings.count * width)
    for string in strings {
      payload.append(string)
      payload.append(Data(repeating: 0, count: width - string.count))
    }
    return NPYFile.encode(descr: "|S\(width)", shape: shape, payload: payload)
  }
}
