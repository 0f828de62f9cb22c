import Foundation
import TensorBridge

/// The outputs of one ``ModelInterpreter`` run, as ML Kit's `ModelOutputs`.
///
/// ```swift
/// let output = try outputs.output(index: 0) as? [[NSNumber]]   // shaped [1, 1000]
/// let probabilities = output?[0]
/// ```
public struct ModelOutputs: Sendable {
  /// The output tensors, in the model's output order.
  public let tensors: [Tensor]

  /// Wraps output tensors.
  public init(tensors: [Tensor]) { self.tensors = tensors }

  /// The output at `index` as nested arrays of `NSNumber` shaped like the tensor (`[[NSNumber]]`
  /// for a `[1, 1000]` tensor; an `NSNumber` for a scalar). Quantized tensors give their raw
  /// integers, as ML Kit did; use ``tensor(index:)`` and `dequantizedValues()` for real values.
  /// - Throws: ``MLKitError/outputIndex(index:count:)`` or ``MLKitError/unsupportedOutputType(index:type:)``.
  public func output(index: Int) throws(MLKitError) -> Any {
    let tensor = try tensor(index: index)
    let numbers = try Self.numbers(tensor, index: index)
    return Self.nest(numbers[...], dimensions: tensor.shape.dimensions[...])
  }

  /// The output tensor at `index` (TensorBridge's own form: type, shape, bytes, quantization).
  /// - Throws: ``MLKitError/outputIndex(index:count:)``.
  public func tensor(index: Int) throws(MLKitError) -> Tensor {
    guard tensors.indices.contains(index) else { throw .outputIndex(index: index, count: tensors.count) }
    return tensors[index]
  }

  private static func numbers(_ tensor: Tensor, index: Int) throws(MLKitError) -> [NSNumber] {
    do {
      switch tensor.dataType {
      case .float32: return try tensor.values(as: Float.self).map { NSNumber(value: $0) }
      case .float64: return try tensor.values(as: Double.self).map { NSNumber(value: $0) }
      case .uInt8: return try tensor.values(as: UInt8.self).map { NSNumber(value: $0) }
      case .int8: return try tensor.values(as: Int8.self).map { NSNumber(value: $0) }
      case .int16: return try tensor.values(as: Int16.self).map { NSNumber(value: $0) }
      case .uInt16: return try tensor.values(as: UInt16.self).map { NSNumber(value: $0) }
      case .int32: return try tensor.values(as: Int32.self).map { NSNumber(value: $0) }
      case .uInt32: return try tensor.values(as: UInt32.self).map { NSNumber(value: $0) }
      case .int64: return try tensor.values(as: Int64.self).map { NSNumber(value: $0) }
      case .uInt64: return try tensor.values(as: UInt64.self).map { NSNumber(value: $0) }
      case .bool: return try tensor.values(as: Bool.self).map { NSNumber(value: $0) }
      default:
        guard let floats = tensor.floatValues() else {
          throw MLKitError.unsupportedOutputType(index: index, type: tensor.dataType)
        }
        return floats.map { NSNumber(value: $0) }
      }
    } catch let error as MLKitError {
      throw error
    } catch let error as InterpreterError {
      throw .interpreter(error)
    } catch {
      throw .unsupportedOutputType(index: index, type: tensor.dataType)
    }
  }

  /// Splits row-major `numbers` into nested arrays along `dimensions`.
  static func nest(_ numbers: ArraySlice<NSNumber>, dimensions: ArraySlice<Int>) -> Any {
    guard let first = dimensions.first else { return numbers.first ?? NSNumber(value: 0) }
    let rest = dimensions.dropFirst()
    if rest.isEmpty { return Array(numbers) }
    let stride = rest.reduce(1, *)
    var rows: [Any] = []
    rows.reserveCapacity(first)
    for row in 0..<first {
      let start = numbers.startIndex + row * stride
      rows.append(nest(numbers[start..<start + stride], dimensions: rest))
    }
    return Self.typed(rows, depth: rest.count)
  }

  /// Rows re-typed so that `as? [[NSNumber]]` (and deeper) casts succeed on every platform.
  private static func typed(_ rows: [Any], depth: Int) -> Any {
    switch depth {
    case 1: return rows.compactMap { $0 as? [NSNumber] }
    case 2: return rows.compactMap { $0 as? [[NSNumber]] }
    case 3: return rows.compactMap { $0 as? [[[NSNumber]]] }
    case 4: return rows.compactMap { $0 as? [[[[NSNumber]]]] }
    default: return rows
    }
  }
}
