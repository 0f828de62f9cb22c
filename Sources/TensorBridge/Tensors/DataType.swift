extension Tensor {
  /// The element type of a tensor, covering every type LiteRT reports.
  ///
  /// Raw values are LiteRT's `LiteRtElementType` (TensorFlow Lite's `TfLiteType`) numbering.
  public enum DataType: Int32, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case float32 = 1
    case int32 = 2
    case uInt8 = 3
    case int64 = 4
    case string = 5
    case bool = 6
    case int16 = 7
    case complex64 = 8
    case int8 = 9
    case float16 = 10
    case float64 = 11
    case complex128 = 12
    case uInt64 = 13
    case resource = 14
    case variant = 15
    case uInt32 = 16
    case uInt16 = 17
    case int4 = 18
    case bFloat16 = 19
    case int2 = 20
    case uInt4 = 21
    case float8E4M3FN = 22
    case float8E5M2 = 23

    /// Bits per element, or `nil` for types without a fixed size (string, resource, variant).
    public var bitWidth: Int? {
      switch self {
      case .bool, .int8, .uInt8, .float8E4M3FN, .float8E5M2: 8
      case .int16, .uInt16, .float16, .bFloat16: 16
      case .int32, .uInt32, .float32: 32
      case .int64, .uInt64, .float64, .complex64: 64
      case .complex128: 128
      case .int4, .uInt4: 4
      case .int2: 2
      case .string, .resource, .variant: nil
      }
    }

    /// Bytes needed for `count` elements (sub-byte types packed), or `nil` when the type has no
    /// fixed size or the size overflows.
    public func byteCount(forElementCount count: Int) -> Int? {
      guard let bits = bitWidth, count >= 0 else { return nil }
      let (total, overflow) = count.multipliedReportingOverflow(by: bits)
      guard !overflow else { return nil }
      return (total + 7) / 8
    }

    /// The lowercase name NumPy and TensorFlow use, e.g. `float32`, `uint8`.
    public var name: String {
      switch self {
      case .float32: "float32"
      case .int32: "int32"
      case .uInt8: "uint8"
      case .int64: "int64"
      case .string: "string"
      case .bool: "bool"
      case .int16: "int16"
      case .complex64: "complex64"
      case .int8: "int8"
      case .float16: "float16"
      case .float64: "float64"
      case .complex128: "complex128"
      case .uInt64: "uint64"
      case .resource: "resource"
      case .variant: "variant"
      case .uInt32: "uint32"
      case .uInt16: "uint16"
      case .int4: "int4"
      case .bFloat16: "bfloat16"
      case .int2: "int2"
      case .uInt4: "uint4"
      case .float8E4M3FN: "float8_e4m3fn"
      case .float8E5M2: "float8_e5m2"
      }
    }

    /// Parses a NumPy-style name (`float32`, `uint8`, …).
    public init?(name: String) {
      guard let match = Self.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
      self = match
    }

    public var description: String { name }
  }
}
