import Foundation
import TensorBridgeMLKit
import TestSupport

/// What seed 002's transcription checks against: the AutoML-layout detector
/// (Tests/Fixtures/vision/ssd_colors.automl) and its Python reference,
/// Tests/Fixtures/vision/detector.reference.json (LiteRT outputs for Python's input tensors and
/// the Python pipeline's boxes in source pixels).
struct DetectorReference: Decodable {
  struct Box: Decodable {
    let label: String
    let score: Double
    /// x, y, width, height in the source image's pixels.
    let box: [Double]

    var rect: ImageRect { ImageRect(x: box[0], y: box[1], width: box[2], height: box[3]) }
  }

  struct Case: Decodable {
    let image: String
    let width: Int
    let height: Int
    /// The float input tensor Python built (stretch to 32×32, bilinear, (v − 127.5) / 127.5).
    let input: [Double]
    /// LiteRT's outputs by tensor name.
    let outputs: [String: [Double]]
    let detections: [Box]

    /// Score and box tolerances: PNGs decode identically, JPEG decoders differ slightly.
    var scoreTolerance: Double { image.hasSuffix(".png") ? 1e-3 : 0.02 }
    var pixelTolerance: Double { image.hasSuffix(".png") ? 0.01 : 1 }
  }

  let labels: [String]
  let tolerance: Double
  let cases: [Case]

  static func load() throws -> DetectorReference {
    try JSONDecoder().decode(
      DetectorReference.self, from: Data(contentsOf: MLKitFixtures.vision("detector.reference.json")))
  }

  /// The AutoML export folder (model.tflite, dict.txt, tflite_metadata.json).
  static var folder: URL { MLKitFixtures.vision("ssd_colors.automl") }
  /// A sample image under detector_samples/.
  static func sample(_ name: String) -> URL { MLKitFixtures.vision("detector_samples/\(name)") }
}
