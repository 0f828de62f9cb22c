import Foundation
import TensorBridge
import TensorBridgeModels
import TensorBridgeVision
import XCTest

/// Image tasks refuse, at creation, models that are not the kind they need, naming what is
/// missing; a path that is nothing at all says so.
final class StrictModelTests: XCTestCase {
  /// Tests/Fixtures/models/NAME.tflite.
  private func model(_ name: String) -> URL {
    VisionFixtures.root.deletingLastPathComponent().appendingPathComponent("models/\(name).tflite")
  }

  func testRegressorIsNoImageModelForAnyImageTask() throws {
    let regressor = model("linear")  // [1, 1] float in, [1, 1] float out
    let expected =
      "The model has no image input: its input 'serving_default_x:0' has shape [1, 1] and no layer is described "
      + "as an image (an image input is [1, height, width, channels] with height and width of at least 2)."
    XCTAssertThrowsError(try ImageClassifier(contentsOf: regressor)) { error in
      guard case VisionError.missingTensor(let role, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(role, "image input")
      XCTAssertEqual("\(error)", expected)
    }
    XCTAssertThrowsError(try ImageSegmenter(contentsOf: regressor)) { error in
      guard case VisionError.missingTensor(let role, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(role, "image input")
    }
  }

  func testVectorInputIsNoImage() throws {
    let vectors = model("two_vectors")
    XCTAssertThrowsError(try ImageClassifier(contentsOf: vectors)) { error in
      guard case VisionError.missingTensor(let role, let reason) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(role, "image input")
      XCTAssertTrue(reason.contains("no layer is described as an image"), reason)
    }
  }

  func testImageClassifierStillLoadsRealClassifiers() throws {
    let classifier = try ImageClassifier(contentsOf: ClassifierReference.model("shapes").load)
    XCTAssertGreaterThan(classifier.inputFormat.width, 1)
  }

  func testMisspelledModelPathSaysNothingIsThere() throws {
    let misspelled = model("metadata_clasifier")
    XCTAssertThrowsError(try ImageClassifier(contentsOf: misspelled)) { error in
      guard case VisionError.model(.bundle(.unreadable(let path, let reason))) = error else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(path, misspelled.path)
      XCTAssertTrue(reason.hasPrefix("no such file or folder"), reason)
      XCTAssertFalse("\(error)".contains("model.json is"), "\(error)")
    }
  }
}
