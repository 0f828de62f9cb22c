import Foundation
import TensorBridgeMLKit
import TestSupport

/// What the seed transcriptions check against: the shapes classifier (standing in for the
/// seeds' flowers and ImageNet classifiers) and its Python LiteRT reference,
/// Tests/Fixtures/vision/classifier.reference.json (scripts/fixtures/make_vision_models.py).
struct ShapesReference: Decodable {
  struct Entry: Decodable {
    struct Output: Decodable {
      let scores: [Float]
      let input: [Float]?
    }
    let image: String
    /// The float model's input tensor, as Python built it (stretch to 32×32, bilinear, (v − 127.5) / 127.5).
    let input: [Float]
    let outputs: [String: Output]
  }

  let labels: [String]
  let tolerance: Float
  let tensors: [Entry]

  static func load() throws -> ShapesReference {
    try JSONDecoder().decode(
      ShapesReference.self, from: Data(contentsOf: MLKitFixtures.vision("classifier.reference.json")))
  }

  /// The shapes classifier with TFLite metadata (labels and normalization inside).
  static var modelPath: String { MLKitFixtures.vision("shapes_metadata.tflite").path }
  /// The same classifier's labels file, ending with a newline as such files do.
  static var labelsPath: String { MLKitFixtures.vision("shapes.tiobundle/assets/labels.txt").path }
  /// The model's input side.
  static let inputSize = 32
}
