import Foundation
import TensorBridge

/// A NumPy `.npy` array: element type, shape and packed little-endian bytes.
struct NPYArray: Equatable {
  var dataType: Tensor.DataType
  var shape: [Int]
  var data: Data
}

/// Why an `.npy` file could not be read.
enum NPYError: Error, Equatable, CustomStringConvertible {
  case notNPY(reason: String)
  case unsupportedDType(String)
  case fortranOrder
  case byteCount(expected: Int, actual: Int)

  var description: String {
    switch self {
    case .notNPY(let reason): "not a valid .npy file: \(reason)"
    case .unsupportedDType(let descr):
      "unsupported .npy dtype '\(descr)' (supported: little-endian bool, int8–64, uint8–64, float16/32/64; S<n> and U<n> strings for string tensors)"
    case .fortranOrder: "Fortran-ordered .npy arrays are not supported; save with np.ascontiguousarray"
    case .byteCount(let expected, let actual): ".npy data has \(actual) bytes but its header describes \(expected)"
    }
  }
}

/// Reading and writing the `.npy` format (versions 1, 2 and 3).
enum NPYFile {
  private static let magic: [UInt8] = [0x93, 0x4E, 0x55, 0x4D, 0x50, 0x59]  // \x93NUMPY

  private static let descriptors: [(String, Tensor.DataType)] = [
    ("b1", .bool), ("i1", .int8), ("u1", .uInt8), ("i2", .int16), ("u2", .uInt16),
    ("i4", .int32), ("u4", .uInt32), ("i8", .int64), ("u8", .uInt64),
    ("f2", .float16), ("f4", .float32), ("f8", .float64),
  ]

  /// The strings of a `.npy` file holding a NumPy string array (`S<n>` or `U<n>`), with its
  /// shape; `nil` when the file holds another dtype.
  static func readStrings(_ file: Data) throws(NPYError) -> (strings: [Data], shape: [Int])? {
    let parts = try header(file)
    return try NPYStrings.read(descr: parts.descr, shape: parts.shape, payload: parts.payload)
  }

  static func read(_ file: Data) throws(NPYError) -> NPYArray {
    let parts = try header(file)
    let (descr, shape, payload) = (parts.descr, parts.shape, parts.payload)
    var code = descr
    if let first = code.first, "<|=".contains(first) {
      code.removeFirst()
    } else if code.first == ">" {
      // Big-endian single-byte types are fine; wider ones are not supported.
      code.removeFirst()
      if !(code.hasSuffix("1")) { throw .unsupportedDType(descr) }
    }
    guard let type = descriptors.first(where: { $0.0 == code })?.1 else { throw .unsupportedDType(descr) }
    var count = 1
    for dimension in shape {
      let (product, overflow) = count.multipliedReportingOverflow(by: dimension)
      guard !overflow else { throw .notNPY(reason: "shape \(shape) is too large") }
      count = product
    }
    guard let expected = type.byteCount(forElementCount: count) else {
      throw .notNPY(reason: "shape \(shape) is too large")
    }
    guard payload.count == expected else { throw .byteCount(expected: expected, actual: payload.count) }
    return NPYArray(dataType: type, shape: shape, data: payload)
  }

  /// The dtype descriptor, shape and payload of a `.npy` file.
  private static func header(_ file: Data) throws(NPYError) -> (descr: String, shape: [Int], payload: Data) {
    let bytes = [UInt8](file.prefix(12))
    guard bytes.count >= 10, Array(bytes[0..<6]) == magic else {
      throw .notNPY(reason: "missing the \\x93NUMPY magic")
    }
    let major = bytes[6]
    let headerLength: Int
    let headerStart: Int
    switch major {
    case 1:
      headerLength = Int(bytes[8]) | Int(bytes[9]) << 8
      headerStart = 10
    case 2, 3:
      guard bytes.count >= 12 else { throw .notNPY(reason: "truncated header length") }
      headerLength = Int(bytes[8]) | Int(bytes[9]) << 8 | Int(bytes[10]) << 16 | Int(bytes[11]) << 24
      headerStart = 12
    default:
      throw .notNPY(reason: "unknown format version \(major)")
    }
    guard headerLength <= 1 << 20, headerStart + headerLength <= file.count else {
      throw .notNPY(reason: "header length \(headerLength) runs past the end of the file")
    }
    let headerBytes = file.subdata(in: file.startIndex + headerStart..<file.startIndex + headerStart + headerLength)
    guard let header = String(data: headerBytes, encoding: major == 3 ? .utf8 : .isoLatin1) else {
      throw .notNPY(reason: "header is not text")
    }
    guard let descr = value(of: "descr", in: header).flatMap(unquote) else {
      throw .notNPY(reason: "header has no 'descr'")
    }
    guard let fortran = value(of: "fortran_order", in: header) else {
      throw .notNPY(reason: "header has no 'fortran_order'")
    }
    if fortran.hasPrefix("True") { throw .fortranOrder }
    guard let shapeText = value(of: "shape", in: header) else { throw .notNPY(reason: "header has no 'shape'") }
    let shape = try parseShape(shapeText)
    return (descr, shape, Data(file.suffix(from: file.startIndex + headerStart + headerLength)))
  }

  static func encode(_ array: NPYArray) -> Data? {
    guard let code = descriptors.first(where: { $0.1 == array.dataType })?.0 else { return nil }
    let prefix = code.hasSuffix("1") ? "|" : "<"
    return encode(descr: prefix + code, shape: array.shape, payload: array.data)
  }

  /// A version 1.0 `.npy` file with the given dtype descriptor, shape and packed payload.
  static func encode(descr: String, shape: [Int], payload: Data) -> Data {
    let shapeText =
      shape.isEmpty
      ? "()"
      : shape.count == 1
        ? "(\(shape[0]),)"
        : "(" + shape.map(String.init).joined(separator: ", ") + ")"
    var header = "{'descr': '\(descr)', 'fortran_order': False, 'shape': \(shapeText), }"
    let unpadded = 10 + header.utf8.count + 1
    header += String(repeating: " ", count: (64 - unpadded % 64) % 64) + "\n"
    var out = Data(magic)
    out.append(contentsOf: [1, 0, UInt8(header.utf8.count & 0xFF), UInt8(header.utf8.count >> 8)])
    out.append(Data(header.utf8))
    out.append(payload)
    return out
  }

  private static func value(of key: String, in header: String) -> String? {
    guard let range = header.range(of: "'\(key)'") ?? header.range(of: "\"\(key)\"") else { return nil }
    let rest = header[range.upperBound...].drop { $0 == " " || $0 == ":" }
    return String(rest)
  }

  private static func unquote(_ text: String) -> String? {
    guard let quote = text.first, quote == "'" || quote == "\"" else { return nil }
    let body = text.dropFirst()
    guard let end = body.firstIndex(of: quote) else { return nil }
    return String(body[..<end])
  }

  private static func parseShape(_ text: String) throws(NPYError) -> [Int] {
    guard text.first == "(", let end = text.firstIndex(of: ")") else { throw .notNPY(reason: "malformed shape") }
    let inner = text[text.index(after: text.startIndex)..<end]
    var shape: [Int] = []
    for part in inner.split(separator: ",") {
      let trimmed = part.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "L", with: "")
      if trimmed.isEmpty { continue }
      guard let value = Int(trimmed), value >= 0 else {
        throw .notNPY(reason: "malformed shape dimension '\(trimmed)'")
      }
      shape.append(value)
    }
    return shape
  }
}
