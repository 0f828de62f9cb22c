import TFLiteFormat

extension Tensor.DataType {
  /// The element type LiteRT reports for a tensor the `.tflite` schema declares as `type`.
  ///
  /// The schema's `TensorType` numbering differs from LiteRT's (`TfLiteType`), e.g. the schema's
  /// `FLOAT16` is 1 while LiteRT's is 10.
  public init(_ type: TensorType) {
    switch type {
    case .float32: self = .float32
    case .float16: self = .float16
    case .int32: self = .int32
    case .uint8: self = .uInt8
    case .int64: self = .int64
    case .string: self = .string
    case .bool: self = .bool
    case .int16: self = .int16
    case .complex64: self = .complex64
    case .int8: self = .int8
    case .float64: self = .float64
    case .complex128: self = .complex128
    case .uint64: self = .uInt64
    case .resource: self = .resource
    case .variant: self = .variant
    case .uint32: self = .uInt32
    case .uint16: self = .uInt16
    case .int4: self = .int4
    case .bfloat16: self = .bFloat16
    case .int2: self = .int2
    case .uint4: self = .uInt4
    case .float8E4M3FN: self = .float8E4M3FN
    case .float8E5M2: self = .float8E5M2
    }
  }
}
