import Foundation
import TensorBridge

/// Turns native numbers into tensor elements and back, applying a layer's transforms.
///
/// Inputs: an explicit `quantize` gives `(value + bias) * scale`; otherwise a quantized tensor
/// uses its own scale and zero point (`value / scale + zeroPoint`); otherwise values are taken
/// as they are. Integer results are rounded to nearest and clamped to the type's range.
/// A `standard` range, which Tensor/IO defines for 0…255, maps onto int8 as −128…127.
/// Outputs reverse this: `quantized * scale + bias`, or `(quantized − zeroPoint) * scale`.
enum ValueCoding {
  /// Writes `values` into `bytes` as `type` elements, transformed for the input layer.
  static func encode(
    _ values: [Double], into bytes: UnsafeMutableRawBufferPointer, type: Tensor.DataType,
    quantize: AffineTransform?, quantization: QuantizationParameters?, layer: String
  ) throws(ModelError) {
    let transform: (Int, Double) -> Double
    let isInteger = type.isInteger
    if let quantize {
      let offset = (quantize.standard != nil && type == .int8) ? -128.0 : 0
      transform = { quantize.quantized($1, at: $0) + offset }
    } else if let quantization, isInteger, quantization.scale != 0 {
      let scale = Double(quantization.scale)
      let zero = Double(quantization.zeroPoint)
      transform = { $1 / scale + zero }
    } else {
      // No transform: integers must be exact.
      for (index, value) in values.enumerated() where isInteger && (value.rounded() != value || !type.holds(value)) {
        throw .interpreter(.valueNotRepresentable(tensor: layer, index: index, value: value, type: type))
      }
      transform = { $1 }
    }
    switch type {
    case .float32: write(values, bytes, Float.self) { Float(transform($0, $1)) }
    case .float64: write(values, bytes, Double.self) { transform($0, $1) }
    case .uInt8: write(values, bytes, UInt8.self) { clamp(transform($0, $1)) }
    case .int8: write(values, bytes, Int8.self) { clamp(transform($0, $1)) }
    case .int16: write(values, bytes, Int16.self) { clamp(transform($0, $1)) }
    case .uInt16: write(values, bytes, UInt16.self) { clamp(transform($0, $1)) }
    case .int32: write(values, bytes, Int32.self) { clamp(transform($0, $1)) }
    case .uInt32: write(values, bytes, UInt32.self) { clamp(transform($0, $1)) }
    case .int64: write(values, bytes, Int64.self) { clamp(transform($0, $1)) }
    case .bool: write(values, bytes, UInt8.self) { transform($0, $1) != 0 ? 1 : 0 }
    default:
      do {
        let data = try type.encode(values.enumerated().map { transform($0.offset, $0.element) }, tensor: layer)
        bytes.copyBytes(from: data)
      } catch { throw .interpreter(error) }
    }
  }

  /// The output tensor's values as real numbers, transformed for the output layer.
  static func decode(_ tensor: Tensor, dequantize: AffineTransform?) -> [Float] {
    let raw = tensor.floatValues() ?? []
    if let dequantize {
      let offset: Float = (dequantize.standard != nil && tensor.dataType == .int8) ? 128 : 0
      return raw.enumerated().map { index, value in
        (value + offset) * Float(dequantize.scale(at: index)) + Float(dequantize.bias(at: index))
      }
    }
    if let quantization = tensor.quantizationParameters, tensor.dataType.isInteger, quantization.scale != 0 {
      let zero = Float(quantization.zeroPoint)
      return raw.map { ($0 - zero) * quantization.scale }
    }
    return raw
  }

  private static func write<T>(
    _ values: [Double], _ bytes: UnsafeMutableRawBufferPointer, _ type: T.Type, _ convert: (Int, Double) -> T
  ) {
    let typed = bytes.bindMemory(to: T.self)
    for (index, value) in values.enumerated() where index < typed.count { typed[index] = convert(index, value) }
  }

  /// Rounds half away from zero (as TensorFlow Lite's quantizer) and clamps to `T`'s range.
  private static func clamp<T: FixedWidthInteger>(_ value: Double) -> T {
    guard !value.isNaN else { return 0 }
    let rounded = value.rounded(.toNearestOrAwayFromZero)
    if rounded <= Double(T.min) { return T.min }
    if rounded >= Double(T.max) { return T.max }
    return T(rounded)
  }
}

extension Tensor.DataType {
  /// Whether elements are integers (not floats or booleans).
  var isInteger: Bool {
    switch self {
    case .int8, .uInt8, .int16, .uInt16, .int32, .uInt32, .int64, .uInt64: true
    default: false
    }
  }

  /// Whether an integral `value` fits this integer type.
  func holds(_ value: Double) -> Bool {
    switch self {
    case .int8: Int8(exactly: value) != nil
    case .uInt8: UInt8(exactly: value) != nil
    case .int16: Int16(exactly: value) != nil
    case .uInt16: UInt16(exactly: value) != nil
    case .int32: Int32(exactly: value) != nil
    case .uInt32: UInt32(exactly: value) != nil
    case .int64: Int64(exactly: value) != nil
    case .uInt64: UInt64(exactly: value) != nil
    default: true
    }
  }
}
