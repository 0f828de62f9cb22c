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
    let classifier = try ImageClassifier(
      contentsOf: TaskLibraryFixtures.mobileNetQuant,
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
    let classifier = try ImageClassifier(
      contentsOf: TaskLibraryFixtures.mobileNetQuant,
      options: ImageClassifierOptions(maxResults: 1, scoreThreshold: 0.5))
    let result = try classifier.classify(try TaskLibraryFixtures.image("burger_rotation180.jpg"), orientation: .down)
    XCTAssertEqual(result.categories.first?.label, "cheeseburger", "\(result.categories)")
    XCTAssertEqual(result.categories.first?.score ?? 0, 0.96, accuracy: 0.02)
  }

  /// Our own, on the same model with a calibration and French labels added to its metadata
  /// (`scripts/vision/make_calibrated_classifier.py`): scores are the Task Library's formula
  /// applied to the plain model's scores (computed here in Double, tolerance 1e-5), classes
  /// without parameters get the default score 0.01, a score under `min_score` too, the
  /// metadata's score threshold is the default one, and display names come from the file in
  /// the requested locale.
  func testScoreCalibrationAndDisplayNamesFromMetadata() throws {
    let image = try TaskLibraryFixtures.image("burger.jpg")
    let plain = try ImageClassifier(contentsOf: TaskLibraryFixtures.mobileNetQuant, options: ImageClassifierOptions())
    let raw = try plain.classify(image).categories
    let cheeseburger = try XCTUnwrap(raw.first { $0.index == 934 }).score
    let bagel = try XCTUnwrap(raw.first { $0.index == 932 }).score
    XCTAssertLessThan(bagel, 0.5, "bagel is under its min_score")
    let x = 2 * (log(Double(cheeseburger)) - log(1 - Double(cheeseburger))) - 1
    let expected = 0.9 / (1 + exp(-x))

    let model = TaskLibraryFixtures.url("mobilenet_v1_0.25_224_quant_calibrated.tflite")
    // The metadata's ScoreThresholdingOptions (0.02) applies unless the caller sets a threshold.
    let withMetadataThreshold = try ImageClassifier(contentsOf: model, options: ImageClassifierOptions(maxResults: 3))
    XCTAssertEqual(withMetadataThreshold.options.scoreThreshold, 0.02)
    XCTAssertEqual(
      try withMetadataThreshold.classify(image).categories.map(\.index), [934],
      "the default scores (0.01) fall under 0.02")

    let calibrated = try ImageClassifier(
      contentsOf: model,
      options: ImageClassifierOptions(maxResults: 3, scoreThreshold: 0, displayNamesLocale: "fr"))
    XCTAssertNotNil(calibrated.calibration)
    let top = try calibrated.classify(image).categories
    XCTAssertEqual(top.map(\.index), [934, 0, 1], "then the default score, ties by index")
    XCTAssertEqual(Double(top[0].score), expected, accuracy: 1e-5)
    XCTAssertEqual(top[1].score, 0.01, accuracy: 1e-7)
    XCTAssertEqual(top.map(\.label), ["cheeseburger", "background", "tench"])
    XCTAssertEqual(top.map(\.displayName), ["fr:cheeseburger", "fr:background", "fr:tench"])

    let onlyBagel = try ImageClassifier(
      contentsOf: model, options: ImageClassifierOptions(scoreThreshold: 0, categoryAllowlist: ["bagel"]))
    XCTAssertEqual(try onlyBagel.classify(image).categories.map(\.score), [0.01])
    XCTAssertEqual(
      try onlyBagel.classify(image).categories.first?.displayName, nil, "no file in the default locale (en)")
  }

  /// `CreateFromOptionsTest.FailsWithCombinedWhitelistAndBlacklist`.
  func testAllowAndDenyListTogetherFail() {
    XCTAssertThrowsError(
      try ImageClassifier(
        contentsOf: TaskLibraryFixtures.mobileNetQuant,
        options: ImageClassifierOptions(categoryAllowlist: ["foo"], categoryDenylist: ["bar"]))
    ) { error in
      XCTAssertTrue("\(error)".contains("cannot be used together"), "\(error)")
    }
  }

  // MARK: PostprocessTest: the AutoML model's uint8 output filled with fixed values.

  private func postprocess(_ options: ImageClassifierOptions) throws -> [Category] {
    let classifier = try ImageClassifier(contentsOf: TaskLibraryFixtures.automl, options: options)
    let tensor = try classifier.withModel { model throws(InterpreterError) in try model.interpreter.output(at: 0) }
    let quantization = try XCTUnwrap(tensor.quantizationParameters)
    let raw: [UInt8] = [0, 64, 255, 32, 128]  // daisy, dandelion, roses, sunflowers, tulips
    let scores = raw.map { (Float(Int($0) - quantization.zeroPoint)) * quantization.scale }
    let labels = classifier.withModel { $0.description.outputs.first?.labels }
    XCTAssertEqual(labels, ["daisy", "dandelion", "roses", "sunflowers", "tulips"])
    return classifier.options.categories(
      scores: scores, labels: labels, displayNames: classifier.displayNames,
      calibration: classifier.calibration)
  }

  private func expect(
    _ actual: [Category], _ expected: [(Int, String, Float)], file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(actual.count, expected.count, "\(actual)", file: file, line: line)
    for (a, b) in zip(actual, expected) {
      XCTAssertEqual(a.index, b.0, file: file, line: line)
      XCTAssertEqual(a.label, b.1, file: file, line: line)
      XCTAssertEqual(a.score, b.2, accuracy: 1e-6, file: file, line: line)
    }
  }

  /// `PostprocessTest.SucceedsWithMaxResultsOption`.
  func testPostprocessMaxResults() throws {
    expect(
      try postprocess(ImageClassifierOptions(maxResults: 3)),
      [(2, "roses", 0.99609375), (4, "tulips", 0.5), (1, "dandelion", 0.25)])
  }

  /// `PostprocessTest.SucceedsWithScoreThresholdOption`.
  func testPostprocessScoreThreshold() throws {
    expect(
      try postprocess(ImageClassifierOptions(scoreThreshold: 0.4)), [(2, "roses", 0.99609375), (4, "tulips", 0.5)])
  }

  /// `PostprocessTest.SucceedsWithWhitelistOption`.
  func testPostprocessAllowlist() throws {
    expect(
      try postprocess(ImageClassifierOptions(categoryAllowlist: ["dandelion", "daisy"])),
      [(1, "dandelion", 0.25), (0, "daisy", 0)])
  }

  /// `PostprocessTest.SucceedsWithBlacklistOption`.
  func testPostprocessDenylist() throws {
    expect(
      try postprocess(ImageClassifierOptions(categoryDenylist: ["dandelion", "daisy"])),
      [(2, "roses", 0.99609375), (4, "tulips", 0.5), (3, "sunflowers", 0.125)])
  }
}
