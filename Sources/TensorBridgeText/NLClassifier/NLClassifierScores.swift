import TensorBridge
import TensorBridgeModels

/// The Task Library's `NLClassifier::BuildResults`: one category per score, in order.
enum NLClassifierScores {
  /// The types a score tensor may have.
  static let scoreTypes: [Tensor.DataType] = [.uInt8, .int8, .int16, .float32, .float64, .bool]

  static func categories(scores: Tensor, labels: (source: String, names: [String])?) throws(NLClassifierError)
    -> [Category]
  {
    let dimensions = scores.shape.dimensions
    // "Some models output scores with transposed shape [1, categories]."
    let count = dimensions.count == 2 ? dimensions[1] : (dimensions.first ?? 0)
    let read: [Float]?
    do { read = try values(of: scores) } catch { throw .interpreter(error) }
    guard let values = read else { throw .scoreTensorType(tensor: scores.name, type: scores.dataType) }
    guard count <= values.count else { throw .scoreTensorType(tensor: scores.name, type: scores.dataType) }
    if let labels, labels.names.count < count {
      throw .tooFewLabels(source: labels.source, labels: labels.names.count, scores: count)
    }
    return (0..<count).map { index in
      Category(index: index, label: labels?.names[index] ?? String(index), score: values[index])
    }
  }

  /// The scores as floats, or `nil` for a type the Task Library does not read.
  private static func values(of scores: Tensor) throws(InterpreterError) -> [Float]? {
    switch scores.dataType {
    case .float32: return try scores.values(as: Float.self)
    case .float64: return try scores.values(as: Double.self).map { Float($0) }
    case .bool: return scores.data.map { $0 != 0 ? 1 : 0 }
    case .uInt8, .int8, .int16:
      let raw: [Int]
      switch scores.dataType {
      case .uInt8: raw = try scores.values(as: UInt8.self).map(Int.init)
      case .int8: raw = try scores.values(as: Int8.self).map(Int.init)
      default: raw = try scores.values(as: Int16.self).map(Int.init)
      }
      // The Task Library's Dequantize: scale * (q - zero_point).
      let scale = scores.quantizationParameters?.scale ?? 1
      let zero = scores.quantizationParameters?.zeroPoint ?? 0
      return raw.map { scale * Float($0 - zero) }
    default:
      return nil
    }
  }
}
