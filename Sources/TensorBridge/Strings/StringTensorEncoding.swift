import Foundation

/// TensorFlow Lite's packed layout of a string tensor, which LiteRT's buffers hold as they are:
/// a little-endian `Int32` count `n`, then `n + 1` `Int32` byte offsets from the start of the
/// buffer (the first right after the header, the last at the end of the data), then the
/// strings' bytes back to back.
public enum StringTensorEncoding {
  /// The bytes of a string tensor holding `strings`, in order.
  ///
  /// - Throws: ``InterpreterError/valueNotRepresentable(tensor:index:value:type:)`` when the
  ///   total size does not fit TensorFlow Lite's 32-bit offsets.
  public static func encode(_ strings: [Data], tensor: String = "") throws(InterpreterError) -> Data {
    let headerSize = 4 * (strings.count + 2)
    var total = headerSize
    for (index, string) in strings.enumerated() {
      total += string.count
      guard total <= Int(Int32.max) else {
        throw .valueNotRepresentable(tensor: tensor, index: index, value: Double(total), type: .string)
      }
    }
    var data = Data(capacity: total)
    func append(_ value: Int) { withUnsafeBytes(of: Int32(value).littleEndian) { data.append(contentsOf: $0) } }
    append(strings.count)
    var offset = headerSize
    for string in strings {
      append(offset)
      offset += string.count
    }
    append(offset)
    for string in strings { data.append(string) }
    return data
  }

  /// The size of the packed data at the start of `bytes` (its last offset), or `nil` when the
  /// header is not well formed within `bytes`.
  static func packedSize(of bytes: UnsafeRawBufferPointer) -> Int? {
    guard bytes.count >= 8 else { return nil }
    let count = Int(Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: Int32.self)))
    guard count >= 0, count < bytes.count / 4 - 1 else { return nil }
    let end = Int(Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * (count + 1), as: Int32.self)))
    guard end >= 4 * (count + 2), end <= bytes.count else { return nil }
    return end
  }

  /// The strings in packed string-tensor bytes.
  ///
  /// - Throws: ``InterpreterError/invalidStringData(tensor:reason:)`` naming what is wrong
  ///   (count, an offset out of order or past the end).
  public static func decode(_ data: Data, tensor: String = "") throws(InterpreterError) -> [Data] {
    let result: Result<[Data], InterpreterError> = data.withUnsafeBytes { bytes in
      func fail(_ reason: String) -> Result<[Data], InterpreterError> {
        .failure(.invalidStringData(tensor: tensor, reason: reason))
      }
      guard bytes.count >= 4 else { return fail("\(bytes.count) bytes cannot hold the 4-byte string count") }
      let count = Int(Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: Int32.self)))
      guard count >= 0, count <= (bytes.count - 4) / 4 - 1 else {
        return fail("the string count \(count) does not fit in \(bytes.count) bytes")
      }
      var offsets: [Int] = []
      offsets.reserveCapacity(count + 1)
      for index in 0...count {
        offsets.append(Int(Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * (index + 1), as: Int32.self))))
      }
      let headerSize = 4 * (count + 2)
      guard offsets[0] == headerSize else { return fail("the first offset is \(offsets[0]), not \(headerSize)") }
      var strings: [Data] = []
      strings.reserveCapacity(count)
      for index in 0..<count {
        let start = offsets[index]
        let end = offsets[index + 1]
        guard start <= end, end <= bytes.count else {
          return fail("string \(index) spans \(start)..<\(end), outside the \(bytes.count) bytes")
        }
        strings.append(Data(bytes[start..<end]))
      }
      return .success(strings)
    }
    return try result.get()
  }
}
