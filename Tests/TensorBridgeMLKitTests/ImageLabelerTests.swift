import Foundation
import TensorBridgeMLKit
import TestSupport
import XCTest

/// `ImageLabeler` with a custom `.tflite` (TFLite metadata: labels, normalization) on the shapes
/// samples, checked against the Python reference scores.
final class ImageLabelerTests: XCTestCase {
  private struct Reference: Decodable {
    struct Entry: Decodable {
      struct Scores: Decodable { let scores: [Float] }
      let image: String
      let outputs: [String: Scores]
    }
    let labels: [String]
    let tolerance: Float
    let tensors: [Entry]
  }

  func testLabelsEverySampleAndMatchesThePythonScores() async throws {
    let reference = try JSONDecoder().decode(
      Reference.self, from: Data(contentsOf: MLKitFixtures.vision("classifier.reference.json")))
    let options = CustomImageLabelerOptions(
      localModel: LocalModel(path: MLKitFixtures.vision("shapes_metadata.tflite").path))
    options.maxResultCount = 4
    let labeler = ImageLabeler.imageLabeler(options: options)
    for entry in reference.tensors {
      let expected = try XCTUnwrap(entry.outputs["shapes_metadata"]?.scores)
      let image = try PixelBuffer(contentsOf: MLKitFixtures.vision("samples/\(entry.image)"))
      let labels = try await labeler.process(image)
      XCTAssertEqual(labels.count, 4, entry.image)
      for label in labels {
        XCTAssertEqual(label.text, reference.labels[label.index])
        XCTAssertEqual(
          label.confidence, expected[label.index], accuracy: reference.tolerance, "\(entry.image) \(label.text)")
      }
      XCTAssertEqual(labels.map(\.confidence), labels.map(\.confidence).sorted(by: >), "best first")
    }

    // Every sample's name says what it shows: 0_red_circle.png → "red circle".
    let thresholded = CustomImageLabelerOptions(
      localModel: LocalModel(path: MLKitFixtures.vision("shapes_metadata.tflite").path))
    thresholded.confidenceThreshold = 0.4
    let strict = ImageLabeler.imageLabeler(options: thresholded)
    let samples = try FileManager.default.contentsOfDirectory(atPath: MLKitFixtures.vision("samples").path).sorted()
    XCTAssertFalse(samples.isEmpty)
    for sample in samples {
      let image = try PixelBuffer(contentsOf: MLKitFixtures.vision("samples/\(sample)"))
      let shown = sample.split(separator: ".")[0].split(separator: "_").dropFirst().joined(separator: " ")
      let labels = try strict.results(in: image)
      XCTAssertEqual(labels.first?.text, shown, sample)
      XCTAssertTrue(labels.allSatisfy { $0.confidence >= 0.4 }, "\(sample): \(labels)")
      let (stream, continuation) = AsyncStream.makeStream(of: ([ImageLabel]?, MLKitError?).self)
      strict.process(image) { labels, error in continuation.yield((labels, error)) }
      for await (completionLabels, error) in stream {
        XCTAssertNil(error)
        XCTAssertEqual(completionLabels, labels, "the completion form gives the same labels")
        break
      }
    }
  }

  func testAMissingModelIsTheProcessError() async throws {
    let labeler = ImageLabeler.imageLabeler(
      options: CustomImageLabelerOptions(localModel: LocalModel(path: "/no/model.tflite")))
    let image = try PixelBuffer(width: 4, height: 4, format: .rgb8)
    do {
      _ = try await labeler.process(image)
      XCTFail("no model")
    } catch {
      XCTAssertEqual(error, .modelFileNotFound(path: "/no/model.tflite"))
    }
  }
}
