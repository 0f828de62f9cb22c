import Foundation
import TensorBridge

/// The outputs of one `Model.run(on:)`, keyed by layer name, in layer order.
public struct ModelOutputs: Sendable, Equatable {
  /// Every output layer, in the description's order.
  public let layers: [ModelOutput]

  /// Creates outputs from layers.
  public init(layers: [ModelOutput]) { self.layers = layers }

  /// The output layer named `name`.
  public subscript(name: String) -> ModelOutput? { layers.first { $0.name == name } }
  /// The output layer at `index`.
  public subscript(index: Int) -> ModelOutput? { layers.indices.contains(index) ? layers[index] : nil }
}

/// One output layer's values after dequantization.
public struct ModelOutput: Sendable, Equatable {
  /// The layer name from the description.
  public let name: String
  /// The tensor's element type (before dequantization).
  public let dataType: Tensor.DataType
  /// The tensor's shape.
  public let shape: [Int]
  /// Every value, row-major, dequantized.
  public let values: [Float]
  /// Class labels for the last dimension, when the layer names a labels file.
  public let labels: [String]?
  /// The tensor's bytes as they are, for Tensor/IO `string` layers (`nil` for other layers).
  public let bytes: Data?

  /// Creates an output value.
  public init(
    name: String, dataType: Tensor.DataType, shape: [Int], values: [Float], labels: [String]?, bytes: Data? = nil
  ) {
    self.bytes = bytes
    self.name = name
    self.dataType = dataType
    self.shape = shape
    self.values = values
    self.labels = labels
  }

  /// The single value of a one-element layer (Tensor/IO returns these unwrapped).
  public var scalar: Float? { values.count == 1 ? values[0] : nil }

  /// Label → value for the first row, when the layer has labels.
  public var labelled: [String: Float]? {
    guard let labels else { return nil }
    var result: [String: Float] = [:]
    for (label, value) in zip(labels, values) where result[label] == nil { result[label] = value }
    return result
  }

  /// The highest-scoring classes of the first row, best first, at most `k`, each at least
  /// `threshold`. Ties keep class order.
  public func top(_ k: Int, threshold: Float = -.infinity) -> [Category] {
    let classCount = labels?.count ?? values.count
    var candidates: [(index: Int, score: Float)] = []
    for (index, score) in values.prefix(classCount).enumerated() where score >= threshold {
      candidates.append((index, score))
    }
    candidates.sort { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
    return candidates.prefix(max(0, k)).map { candidate in
      let label = labels.flatMap { $0.indices.contains(candidate.index) ? $0[candidate.index] : nil }
      return Category(index: candidate.index, label: label, score: candidate.score)
    }
  }
}

extension ModelOutput {
  /// ``values`` (after dequantization) as float32 bytes, native byte order: what Tensor/IO's
  /// `NSData` reading of an output with a dequantizer holds.
  public var valueData: Data { values.withUnsafeBufferPointer { Data(buffer: $0) } }
}
