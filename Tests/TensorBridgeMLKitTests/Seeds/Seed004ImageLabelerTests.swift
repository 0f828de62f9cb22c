import Foundation
import TensorBridgeMLKit
import TestSupport
import XCTest

/// Seed 004 (the book chapter on custom models in iOS apps), its ML Kit custom image labeling
/// sample transcribed. The shapes classifier stands in for flowers_model.tflite; a comment
/// marks every changed line.
final class Seed004ImageLabelerTests: XCTestCase {
  func testTheImageLabelerWay() async throws {
    let reference = try ShapesReference.load()

    // Add this code to use a custom model
    let localModelFilePath: String? = ShapesReference.modelPath  // Changed: was Bundle.main.path(forResource:ofType:)
    let localModel = LocalModel(path: localModelFilePath!)

    // Create Image Labeler options, and set the threshold to 0.4
    // to ignore all classes with a probability of 0.4 or less
    let options = CustomImageLabelerOptions(
      localModel: localModel)
    options.confidenceThreshold = 0.4

    // Initialize the labeler with these options
    let labeler = ImageLabeler.imageLabeler(options: options)

    // "Everything else is as before": the chapter's base-model code, process(_:completion:).
    for entry in reference.tensors {
      let image = try PixelBuffer(contentsOf: MLKitFixtures.vision("samples/\(entry.image)"))  // Changed: was a VisionImage(image: UIImage)
      let (stream, continuation) = AsyncStream.makeStream(of: [ImageLabel].self)  // Added: the test waits
      labeler.process(image) { labels, error in
        guard error == nil, let labels = labels else { return continuation.finish() }
        continuation.yield(labels)
      }
      var received: [ImageLabel]?
      for await labels in stream {
        received = labels
        break
      }
      let labels = try XCTUnwrap(received, "labeling failed")
      let expected = try XCTUnwrap(entry.outputs["shapes_metadata"]?.scores)
      let best = try XCTUnwrap(expected.indices.max { expected[$0] < expected[$1] })
      XCTAssertEqual(labels.first?.text, reference.labels[best], entry.image)
      XCTAssertEqual(labels.first?.index, best)
      XCTAssertEqual(labels.first?.confidence ?? -1, expected[best], accuracy: reference.tolerance)
      XCTAssertEqual(
        labels.map(\.index), expected.indices.filter { expected[$0] >= 0.4 }.sorted { expected[$0] > expected[$1] },
        "every class over the threshold, best first")
    }
  }
}
