import Foundation
import TensorBridgeModels
import XCTest
@testable import TensorBridgeVision

/// `tensorflow_lite_support/cc/test/task/vision/image_classifier_test.cc` (tflite-support
/// dd3362e), for every model whose file is in the public repository: the quantized MobileNet
/// and the AutoML flowers model. The MobileNet v2 cases (`SucceedsWithFloatModel`,
/// `SucceedsWithRegionOfInterest`, `SucceedsWithBaseOptions`, the shape getters) need
/// `mobilenet_v2_1.0_224.tflite`, which the repository stores outside git (absent here).
final class TaskLibraryClassifierTests: XCTestCase {
  /// `ClassifyTest.SucceedsWithQuantizedModel`: max_results 1, score_threshold 0.5, precision 0.01.
  func testQuantizedModel() throws {
    let classifier = try ImageClassifier(contentsOf: TaskLibraryFixtures.mobileNetQuant,
                                         options: ImageClassifierOptions(maxResults: 1, scoreThreshold: 0.5))
    let result = try classifier.classify(try TaskLibraryFixtures.image("burger.jpg"))
    XCTAssertEqual(result.categories.count, 1, "\(result.categories)")
    XCTAssertEqual(result.categories.first?.index, 934)
    XCTAssertEqual(result.categories.first?.label, "cheeseburger")
    XCTAssertNil(result.categories.first?.displayName)
    XCTAssertEqual(result.categories.first?.score ?? 0, 0.96, accuracy: 0.01)
  }

  /// Not in the C++ suite (its `burger_rotation180.jpg` serves other tasks' rotation tests): the
  /// upside-down burger given with orientation kBottomRight (EXIF 3) classifies as the upright one.
  func testQuantizedModelRotated180() throws {
    let classifier = try ImageClassifier(contentsOf: TaskLibraryFixtures.mobileNetQuant,
                                         options: ImageClassifierOptions(maxResults: 1, scoreThreshold: 0.5))
    let result = try classifier.classify(try TaskLibraryFixtures.image("burger_rotation180.jpg"), orientation: .down)
    XCTAssertEqual(result.categories.first?.label, "cheeseburger", "\(result.categories)")
    XCTAssertEqual(result.categories.first?.score ?? 0, 0.96, accuracy: 0.02)
  }

  /// `CreateFromOptionsTest.FailsWithCombinedWhitelistAndBlacklist`.
  func testAllowAndDenyListTogetherFail() {
    XCTAssertThrowsError(try ImageClassifier(contentsOf: TaskLibraryFixtures.mobileNetQuant,
                                             options: ImageClassifierOptions(categoryAllowlist: ["foo"], categoryDenylist: ["bar"]))) { error in
      XCTAssertTrue("\(error)".contains("cannot be used together"), "\(error)")
    }
  }

  // MARK: PostprocessTest: the AutoML model's uint8 output filled with fixed values.

  private func postprocess(_ options: ImageClassifierOptions) throws -> [Category] {
    let classifier = try ImageClassifier(contentsOf: TaskLibraryFixtures.automl, options: options)
    let tensor = try classifier.model.interpreter.output(at: 0)
    let quantization = try XCTUnwrap(tensor.quantizationParameters)
    let raw: [UInt8] = [0, 64, 255, 32, 128]   // daisy, dandelion, roses, sunflowers, tulips
    let scores = raw.map { (Float(Int($0) - quantization.zeroPoint)) * quantization.scale }
    let labels = classifier.model.description.outputs.first?.labels
    XCTAssertEqual(labels, ["daisy", "dandelion", "roses", "sunflowers", "tulips"])
    return classifier.options.categories(scores: scores, labels: labels, displayNames: classifier.displayNames,
                                         calibration: classifier.calibration)
  }

  private func expect(_ actual: [Category], _ expected: [(Int, String, Float)], file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(actual.count, expected.count, "\(actual)", file: file, line: line)
    for (a, b) in zip(actual, expected) {
      XCTAssertEqual(a.index, b.0, file: file, line: line)
      XCTAssertEqual(a.label, b.1, file: file, line: line)
      XCTAssertEqual(a.score, b.2, accuracy: 1e-6, file: file, line: line)
    }
  }

  /// `PostprocessTest.SucceedsWithMaxResultsOption`.
  func testPostprocessMaxResults() throws {
    expect(try postprocess(ImageClassifierOptions(maxResults: 3)),
           [(2, "roses", 0.99609375), (4, "tulips", 0.5), (1, "dandelion", 0.25)])
  }

  /// `PostprocessTest.SucceedsWithScoreThresholdOption`.
  func testPostprocessScoreThreshold() throws {
    expect(try postprocess(ImageClassifierOptions(scoreThreshold: 0.4)), [(2, "roses", 0.99609375), (4, "tulips", 0.5)])
  }

  /// `PostprocessTest.SucceedsWithWhitelistOption`.
  func testPostprocessAllowlist() throws {
    expect(try postprocess(ImageClassifierOptions(categoryAllowlist: ["dandelion", "daisy"])), [(1, "dandelion", 0.25), (0, "daisy", 0)])
  }

  /// `PostprocessTest.SucceedsWithBlacklistOption`.
  func testPostprocessDenylist() throws {
    expect(try postprocess(ImageClassifierOptions(categoryDenylist: ["dandelion", "daisy"])),
           [(2, "roses", 0.99609375), (4, "tulips", 0.5), (3, "sunflowers", 0.125)])
  }
}
