import Foundation
import TensorBridgeVision

/// The SSD detector fixture's Python reference, `Tests/Fixtures/vision/detector.reference.json`:
/// LiteRT's outputs for Python's input tensors, and the Python pipeline's boxes in source pixels,
/// for the AutoML-layout detector `Tests/Fixtures/vision/ssd_colors.automl`. Read by the vision
/// tests and by seed 002's transcription.
public struct DetectorReference: Decodable, Sendable {
  /// One detection of the Python pipeline.
  public struct Box: Decodable, Sendable {
    /// The label.
    public let label: String
    /// The score.
    public let score: Double
    /// x, y, width, height in the source image's pixels.
    public let box: [Double]

    /// ``box`` as a rectangle.
    public var rect: ImageRect { ImageRect(x: box[0], y: box[1], width: box[2], height: box[3]) }
  }

  /// One sample image.
  public struct Case: Decodable, Sendable {
    /// The image's file name under `detector_samples/`.
    public let image: String
    /// The image's width in pixels.
    public let width: Int
    /// The image's height in pixels.
    public let height: Int
    /// The float input tensor Python built (stretch to 32×32, bilinear, (v − 127.5) / 127.5).
    public let input: [Double]
    /// LiteRT's outputs by tensor name.
    public let outputs: [String: [Double]]
    /// The Python pipeline's detections.
    public let detections: [Box]

    /// Score tolerance: PNGs decode identically, JPEG decoders differ slightly.
    public var scoreTolerance: Double { image.hasSuffix(".png") ? 1e-3 : 0.02 }
    /// Box tolerance in pixels, likewise.
    public var pixelTolerance: Double { image.hasSuffix(".png") ? 0.01 : 1 }
  }

  /// The model's labels.
  public let labels: [String]
  /// The tolerance for raw output tensors.
  public let tolerance: Double
  /// The sample images.
  public let cases: [Case]

  /// The fixture folder.
  public static let directory = TestPaths.fixtures.appendingPathComponent("vision")
  /// The AutoML export folder (model.tflite, dict.txt, tflite_metadata.json).
  public static let folder = directory.appendingPathComponent("ssd_colors.automl")

  /// A sample image under `detector_samples/`.
  public static func sample(_ name: String) -> URL {
    directory.appendingPathComponent("detector_samples/\(name)")
  }

  /// Reads the reference.
  public static func load() throws -> DetectorReference {
    try JSONDecoder().decode(
      DetectorReference.self, from: Data(contentsOf: directory.appendingPathComponent("detector.reference.json")))
  }
}
