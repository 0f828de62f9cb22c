import TensorBridge

extension ValueCoding {
  /// Writes ``ModelValue/integers(_:)`` into `bytes`: into an integer tensor with no transform
  /// (no `quantize`, no quantization of its own) each value exactly — every digit of an int64,
  /// where a `Double` keeps 53 bits — and a value the type cannot hold is refused; otherwise as
  /// numbers (``encode(_:into:type:quantize:quantization:layer:)``).
  static func encode(
    integers values: [Int64], into bytes: UnsafeMutableRawBufferPointer, type: Tensor.DataType,
    quantize: AffineTransform?, quantization: QuantizationParameters?, layer: String
  ) throws(ModelError) {
    let quantized = quantization.map { $0.scale != 0 } ?? false
    guard type.isInteger, quantize == nil, !quantized else {
      return try encode(
        values.map { Double($0) }, into: bytes, type: type, quantize: quantize, quantization: quantization,
        layer: layer)
    }
    switch type {
    case .int8: try writeExact(values, bytes, Int8.self, type: type, layer: layer)
    case .uInt8: try writeExact(values, bytes, UInt8.self, type: type, layer: layer)
    case .int16: try writeExact(values, bytes, Int16.self, type: type, layer: layer)
    case .uInt16: try writeExact(values, bytes, UInt16.self, type: type, layer: layer)
    case .int32: try writeExact(values, bytes, Int32.self, type: type, layer: layer)
    case .uInt32: try writeExact(values, bytes, UInt32.self, type: type, layer: layer)
    case .uInt64: try writeExact(values, bytes, UInt64.self, type: type, layer: layer)
    default: try writeExact(values, bytes, Int64.self, type: type, layer: layer)
    }
  }

  private static func writeExact<T: FixedWidthInteger>(
    _ values: [Int64], _ bytes: UnsafeMutableRawBufferPointer, _: T.Type, type: Tensor.DataType, layer: String
  ) throws(ModelError) {
    let typed = bytes.bindMemory(to: T.self)
    for (index, value) in values.enumerated() where index < typed.count {
      guard let element = T(exactly: value) else {
        throw .interpreter(.valueNotRepresentable(tensor: layer, index: index, value: Double(value), type: type))
      }
      typed[index] = element
    }
  }
}
