import Foundation
import TensorBridgeModels
import XCTest

@testable import TensorBridgeVision

/// `tensorflow_lite_support/c/test/task/vision/image_classifier_test.cc` (the C API's tests,
/// tflite-support dd3362e): `mobilenet_v1_0.25_224_quant.tflite` on `burger-224.png`.
final class TaskLibraryCClassifierTests: XCTestCase {
  private func classify(_ options: ImageClassifierOptions = ImageClassifierOptions(), roi: ImageRect? = nil) throws
    -> [TensorBridgeModels.Category]
  {
    var options = options
    options.filter = .bilinearTwoTap  // the Task Library's (libyuv's) resize
    let classifier = try ImageClassifier(contentsOf: TaskLibraryFixtures.mobileNetQuant, options: options)
    var image = try TaskLibraryFixtures.image("burger-224.png")
    // A region of interest is cropped, then resized to the input, as the Task Library does.
    if let roi { image = try image.cropped(to: roi) }
    return try classifier.classify(image).categories
  }

  /// `ImageClassifierClassifyTest.SucceedsWithImageData`: cheeseburger, score ≥ 0.90.
  func testSucceedsWithImageData() throws {
    let top = try XCTUnwrap(try classify().first)
    XCTAssertEqual(top.label, "cheeseburger")
    XCTAssertGreaterThanOrEqual(top.score, 0.90)
  }

  /// `ImageClassifierClassifyTest.SucceedsWithRoiWithinImageBounds`: the top-left 100×100 is a bagel, score ≥ 0.24.
  func testSucceedsWithRoiWithinImageBounds() throws {
    let categories = try classify(roi: ImageRect(x: 0, y: 0, width: 100, height: 100))
    let top = try XCTUnwrap(categories.first)
    XCTAssertEqual(top.label, "bagel", "\(categories.prefix(3))")
    XCTAssertGreaterThanOrEqual(top.score, 0.24)
  }

  /// `ImageClassifierClassifyTest.FailsWithRoiOutsideImageBoundsAndError`.
  func testFailsWithRoiOutsideImageBounds() {
    XCTAssertThrowsError(try classify(roi: ImageRect(x: 0, y: 0, width: 250, height: 250)))
  }

  /// `ImageClassifierWithUserDefinedOptionsClassifyTest.SucceedsWithClassNameDenyList`.
  func testDenylist() throws {
    let top = try XCTUnwrap(try classify(ImageClassifierOptions(categoryDenylist: ["cheeseburger"])).first)
    XCTAssertNotEqual(top.label, "cheeseburger")
  }

  /// `ImageClassifierWithUserDefinedOptionsClassifyTest.SucceedsWithClassNameAllowList`.
  func testAllowlist() throws {
    XCTAssertEqual(
      try classify(ImageClassifierOptions(categoryAllowlist: ["cheeseburger"])).first?.label, "cheeseburger")
  }
}
