import Foundation
import TensorBridge

/// A trainable model's weights in a file: JSON with each weight's element type, shape and
/// bytes (base64, so values round-trip exactly).
///
/// ```json
/// {"format": "tensorbridge-checkpoint", "version": 1,
///  "weights": {"w": {"dtype": "float32", "shape": [4, 3], "data": "…"}}}
/// ```
public struct Checkpoint: Sendable, Equatable {
  /// The weights by the names the model's `save` signature gives them.
  public var weights: [String: Tensor]

  /// A checkpoint of `weights`.
  public init(weights: [String: Tensor]) { self.weights = weights }

  private struct File: Codable {
    var format: String
    var version: Int
    var weights: [String: Weight]
  }

  private struct Weight: Codable {
    var dtype: String
    var shape: [Int]
    var data: String
  }

  private static let format = "tensorbridge-checkpoint"

  /// Reads a checkpoint file.
  ///
  /// - Throws: ``TrainingError/checkpoint(path:reason:)`` naming what is wrong.
  public init(contentsOf url: URL) throws(TrainingError) {
    let file: File
    do { file = try JSONDecoder().decode(File.self, from: FileContents.read(url)) } catch {
      throw .checkpoint(path: url.path, reason: "not a readable checkpoint (\(error.localizedDescription))")
    }
    guard file.format == Self.format, file.version == 1 else {
      throw .checkpoint(
        path: url.path, reason: "format \"\(file.format)\" version \(file.version) is not \"\(Self.format)\" version 1")
    }
    var weights: [String: Tensor] = [:]
    for (name, weight) in file.weights {
      guard let type = Tensor.DataType(name: weight.dtype), let width = type.bitWidth else {
        throw .checkpoint(path: url.path, reason: "weight '\(name)' has an unknown dtype \"\(weight.dtype)\"")
      }
      guard let data = Data(base64Encoded: weight.data) else {
        throw .checkpoint(path: url.path, reason: "weight '\(name)' has data that is not base64")
      }
      let count = weight.shape.reduce(1, *)
      guard weight.shape.allSatisfy({ $0 >= 0 }), data.count * 8 == count * width else {
        throw .checkpoint(
          path: url.path,
          reason:
            "weight '\(name)' has \(data.count) bytes, not \(count) \(weight.dtype) values for shape \(weight.shape)")
      }
      weights[name] = Tensor(name: name, dataType: type, shape: Tensor.Shape(weight.shape), data: data)
    }
    self.weights = weights
  }

  /// Writes the checkpoint file (replacing it atomically).
  ///
  /// - Throws: ``TrainingError/checkpoint(path:reason:)`` when it cannot be written.
  public func write(to url: URL) throws(TrainingError) {
    var file = File(format: Self.format, version: 1, weights: [:])
    for (name, tensor) in weights {
      file.weights[name] = Weight(
        dtype: "\(tensor.dataType)", shape: tensor.shape.dimensions, data: tensor.data.base64EncodedString())
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    do { try encoder.encode(file).write(to: url, options: .atomic) } catch {
      throw .checkpoint(path: url.path, reason: "cannot be written (\(error.localizedDescription))")
    }
  }
}
