import Foundation
import Testing

@testable import TFLiteFormat

/// Parses `bytes`, returning the model or the error.
func parse(_ bytes: [UInt8]) -> Result<TFLiteModel, TFLiteFormatError> {
  Result { () throws(TFLiteFormatError) in try TFLiteModel(data: Data(bytes)) }
}

/// Expects `model` to parse and returns it.
@discardableResult
func expectValid(_ model: TestModel, sourceLocation: SourceLocation = #_sourceLocation) throws -> TFLiteModel {
  switch parse(model.bytes) {
  case .success(let parsed):
    return parsed
  case .failure(let error):
    Issue.record("expected a valid model, got: \(error)", sourceLocation: sourceLocation)
    throw error
  }
}

/// Expects `model` to be rejected with exactly `expected`.
func expectRejected(
  _ model: TestModel, _ expected: TFLiteFormatError, sourceLocation: SourceLocation = #_sourceLocation
) {
  expectRejected(model.bytes, expected, sourceLocation: sourceLocation)
}

/// Expects `bytes` to be rejected with exactly `expected`.
func expectRejected(_ bytes: [UInt8], _ expected: TFLiteFormatError, sourceLocation: SourceLocation = #_sourceLocation)
{
  switch parse(bytes) {
  case .success:
    Issue.record("expected \(expected), but the model was accepted", sourceLocation: sourceLocation)
  case .failure(let error):
    #expect(error == expected, sourceLocation: sourceLocation)
  }
}

/// Reads a little-endian integer from test bytes.
func read<T: FixedWidthInteger>(_: T.Type, _ bytes: [UInt8], at offset: Int) -> T {
  var value: T = 0
  withUnsafeMutableBytes(of: &value) { raw in
    for index in 0..<MemoryLayout<T>.size { raw[index] = bytes[offset + index] }
  }
  return T(littleEndian: value)
}

/// Writes a little-endian integer into test bytes.
func write<T: FixedWidthInteger>(_ value: T, into bytes: inout [UInt8], at offset: Int) {
  withUnsafeBytes(of: value.littleEndian) { raw in
    for (index, byte) in raw.enumerated() { bytes[offset + index] = byte }
  }
}

/// Locations inside a serialized test file, for byte-level corruption.
enum Locate {
  /// Position of the root table.
  static func root(_ bytes: [UInt8]) -> Int { Int(read(UInt32.self, bytes, at: 0)) }

  /// Position of the vtable of the table at `table`.
  static func vtable(_ bytes: [UInt8], table: Int) -> Int { table - Int(read(Int32.self, bytes, at: table)) }

  /// Absolute position of field `slot` of the table at `table` (nil if absent).
  static func field(_ bytes: [UInt8], table: Int, slot: Int) -> Int? {
    let vtable = vtable(bytes, table: table)
    let vtableSize = Int(read(UInt16.self, bytes, at: vtable))
    guard 4 + 2 * slot < vtableSize else { return nil }
    let relative = Int(read(UInt16.self, bytes, at: vtable + 4 + 2 * slot))
    return relative == 0 ? nil : table + relative
  }

  /// Target of the offset field `slot` of the table at `table`.
  static func target(_ bytes: [UInt8], table: Int, slot: Int) -> Int {
    let position = field(bytes, table: table, slot: slot)!
    return position + Int(read(UInt32.self, bytes, at: position))
  }

  /// Target of element `index` of the offset vector at `vector`.
  static func element(_ bytes: [UInt8], vector: Int, index: Int) -> Int {
    let position = vector + 4 + 4 * index
    return position + Int(read(UInt32.self, bytes, at: position))
  }
}
