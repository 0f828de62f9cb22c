/// Reads the protobuf wire format, only as far as a SentencePiece `.model` needs: varints,
/// 32-bit fields (floats) and length-delimited fields (strings, bytes, nested messages).
/// Every read is bounds-checked; a truncated or malformed buffer is an error naming the offset.
struct ProtobufReader {
  /// A field's payload.
  enum Value {
    case varint(UInt64)
    case fixed64(UInt64)
    case bytes(ArraySlice<UInt8>)
    case fixed32(UInt32)
  }

  private let bytes: ArraySlice<UInt8>
  private var position: Int

  init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    position = bytes.startIndex
  }

  /// The next field, or `nil` at the end of the buffer.
  mutating func next() throws(SentencePieceError) -> (field: Int, value: Value)? {
    guard position < bytes.endIndex else { return nil }
    let start = position - bytes.startIndex
    let key = try varint()
    let field = Int(truncatingIfNeeded: key >> 3)
    guard field > 0, field < 1 << 29 else { throw .malformedModel(offset: start, reason: "field number \(key >> 3)") }
    switch key & 7 {
    case 0: return (field, .varint(try varint()))
    case 1: return (field, .fixed64(UInt64(littleEndianBytes: try take(8))))
    case 2:
      let length = try varint()
      guard length <= UInt64(bytes.endIndex - position) else {
        throw .malformedModel(
          offset: start, reason: "field \(field) claims \(length) bytes, \(bytes.endIndex - position) remain")
      }
      return (field, .bytes(try take(Int(length))))
    case 5: return (field, .fixed32(UInt32(truncatingIfNeeded: UInt64(littleEndianBytes: try take(4)))))
    default: throw .malformedModel(offset: start, reason: "wire type \(key & 7) of field \(field)")
    }
  }

  private mutating func varint() throws(SentencePieceError) -> UInt64 {
    var result: UInt64 = 0
    for shift in stride(from: 0, to: 70, by: 7) {
      guard position < bytes.endIndex else {
        throw .malformedModel(offset: position - bytes.startIndex, reason: "truncated varint")
      }
      let byte = bytes[position]
      position += 1
      if shift == 63, byte > 1 { break }
      result |= UInt64(byte & 0x7F) << UInt64(shift)
      if byte & 0x80 == 0 { return result }
    }
    throw .malformedModel(offset: position - bytes.startIndex, reason: "varint longer than 64 bits")
  }

  private mutating func take(_ count: Int) throws(SentencePieceError) -> ArraySlice<UInt8> {
    guard count <= bytes.endIndex - position else {
      throw .malformedModel(offset: position - bytes.startIndex, reason: "truncated field")
    }
    defer { position += count }
    return bytes[position..<position + count]
  }
}

extension UInt64 {
  /// The little-endian number in `bytes` (at most 8).
  init(littleEndianBytes bytes: ArraySlice<UInt8>) {
    var value: UInt64 = 0
    for (shift, byte) in bytes.enumerated() { value |= UInt64(byte) << UInt64(8 * shift) }
    self = value
  }
}

extension ProtobufReader.Value {
  /// The value as a `bool`/`int32`/enum field (varint), or `nil` for another wire type.
  var int: Int? {
    if case .varint(let value) = self { return Int(Int32(truncatingIfNeeded: value)) }
    return nil
  }

  /// The value as a `float` field (fixed32), or `nil`.
  var float: Float? {
    if case .fixed32(let bits) = self { return Float(bitPattern: bits) }
    return nil
  }

  /// The value as `bytes`/`string`/message, or `nil`.
  var data: ArraySlice<UInt8>? {
    if case .bytes(let bytes) = self { return bytes }
    return nil
  }
}
