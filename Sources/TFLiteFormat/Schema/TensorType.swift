/// The element type of a tensor, as stored in the schema's `TensorType` enum.
///
/// Raw values are the schema's. Values the file uses beyond these are rejected
/// with ``TFLiteFormatError/unknownTensorType(path:value:)``.
public enum TensorType: Int8, Sendable, CaseIterable, Hashable {
  /// 32-bit IEEE float.
  case float32 = 0
  /// 16-bit IEEE float.
  case float16 = 1
  /// 32-bit signed integer.
  case int32 = 2
  /// 8-bit unsigned integer.
  case uint8 = 3
  /// 64-bit signed integer.
  case int64 = 4
  /// Variable-length byte strings (stored as a string table, not fixed-size elements).
  case string = 5
  /// Boolean stored as one byte.
  case bool = 6
  /// 16-bit signed integer.
  case int16 = 7
  /// Complex number made of two 32-bit floats.
  case complex64 = 8
  /// 8-bit signed integer.
  case int8 = 9
  /// 64-bit IEEE float.
  case float64 = 10
  /// Complex number made of two 64-bit floats.
  case complex128 = 11
  /// 64-bit unsigned integer.
  case uint64 = 12
  /// An opaque resource handle (experimental; no fixed element size).
  case resource = 13
  /// A variant holding nested tensors (experimental; no fixed element size).
  case variant = 14
  /// 32-bit unsigned integer.
  case uint32 = 15
  /// 16-bit unsigned integer.
  case uint16 = 16
  /// 4-bit signed integer, packed two per byte in constant buffers.
  case int4 = 17
  /// 16-bit brain float.
  case bfloat16 = 18
  /// 2-bit signed integer, packed four per byte in constant buffers.
  case int2 = 19
  /// 4-bit unsigned integer, packed two per byte in constant buffers.
  case uint4 = 20
  /// 8-bit float with 4 exponent and 3 mantissa bits (finite-only variant).
  case float8E4M3FN = 21
  /// 8-bit float with 5 exponent and 2 mantissa bits.
  case float8E5M2 = 22

  /// The schema's name for the type, such as `FLOAT32` or `INT8`.
  public var name: String {
    switch self {
    case .float32: "FLOAT32"
    case .float16: "FLOAT16"
    case .int32: "INT32"
    case .uint8: "UINT8"
    case .int64: "INT64"
    case .string: "STRING"
    case .bool: "BOOL"
    case .int16: "INT16"
    case .complex64: "COMPLEX64"
    case .int8: "INT8"
    case .float64: "FLOAT64"
    case .complex128: "COMPLEX128"
    case .uint64: "UINT64"
    case .resource: "RESOURCE"
    case .variant: "VARIANT"
    case .uint32: "UINT32"
    case .uint16: "UINT16"
    case .int4: "INT4"
    case .bfloat16: "BFLOAT16"
    case .int2: "INT2"
    case .uint4: "UINT4"
    case .float8E4M3FN: "FLOAT8_E4M3FN"
    case .float8E5M2: "FLOAT8_E5M2"
    }
  }

  /// Bytes per element, or nil for types without a fixed element size
  /// (``string``, ``resource``, ``variant``).
  ///
  /// The sub-byte types ``int4``, ``uint4`` and ``int2`` report 1: that is
  /// the size of one element once unpacked, while constant buffers store them
  /// packed (see ``bitWidth`` and ``byteCount(forElementCount:)``).
  public var byteSize: Int? {
    switch self {
    case .string, .resource, .variant: nil
    case .bool, .uint8, .int8, .int4, .uint4, .int2, .float8E4M3FN, .float8E5M2: 1
    case .float16, .int16, .uint16, .bfloat16: 2
    case .float32, .int32, .uint32: 4
    case .int64, .uint64, .float64, .complex64: 8
    case .complex128: 16
    }
  }

  /// Bits per element as stored in a constant buffer, or nil for types
  /// without a fixed element size. Below 8 for the packed types.
  public var bitWidth: Int? {
    switch self {
    case .int4, .uint4: 4
    case .int2: 2
    default: byteSize.map { $0 &* 8 }
    }
  }

  /// Whether several elements share one byte in constant buffers.
  public var isPacked: Bool { (bitWidth ?? 8) < 8 }

  /// The number of bytes a constant buffer needs for `elementCount` elements
  /// (rounding packed types up to whole bytes), or nil if the type has no
  /// fixed element size, `elementCount` is negative, or the product overflows.
  public func byteCount(forElementCount elementCount: Int) -> Int? {
    guard elementCount >= 0, let bits = bitWidth else { return nil }
    if bits < 8 {
      let perByte = 8 / bits
      return elementCount / perByte &+ (elementCount % perByte == 0 ? 0 : 1)
    }
    let (bytes, overflow) = elementCount.multipliedReportingOverflow(by: bits / 8)
    return overflow ? nil : bytes
  }
}
