import Foundation
import TensorBridgeModels
import TensorBridgeText
import XCTest

/// `TextClassifier`: sorted categories and the MediaPipe/ML Kit options.
final class TextClassifierTests: XCTestCase {
  let positive = "What a wonderful, happy and beautiful day!"

  func classifier(_ options: TextClassifierOptions = TextClassifierOptions()) throws -> TextClassifier {
    try TextClassifier(contentsOf: TextFixtures.url("sentiment_metadata.tflite"), options: options)
  }

  func testAllCategoriesSortedBestFirst() throws {
    let categories = try classifier().classify(positive).categories
    XCTAssertEqual(categories.map(\.label), ["positive", "negative"])
    XCTAssertEqual(categories.map(\.index), [1, 0])
    XCTAssertGreaterThan(categories[0].score, categories[1].score)
    let bundle = try TextClassifier(contentsOf: TextFixtures.url("sentiment.tiobundle"))
    XCTAssertEqual(try bundle.classify("This is terrible, awful and boring.").categories.first?.label, "negative")
  }

  func testMaxResultsAndThreshold() throws {
    XCTAssertEqual(
      try classifier(TextClassifierOptions(maxResults: 1)).classify(positive).categories.map(\.label), ["positive"])
    XCTAssertEqual(
      try classifier(TextClassifierOptions(scoreThreshold: 0.5)).classify(positive).categories.map(\.label),
      ["positive"])
    XCTAssertEqual(try classifier(TextClassifierOptions(scoreThreshold: 1.5)).classify(positive).categories, [])
  }

  func testAllowAndDenyLists() throws {
    XCTAssertEqual(
      try classifier(TextClassifierOptions(categoryAllowlist: ["negative"])).classify(positive).categories.map(\.label),
      ["negative"])
    XCTAssertEqual(
      try classifier(TextClassifierOptions(categoryDenylist: ["positive"])).classify(positive).categories.map(\.label),
      ["negative"])
    XCTAssertEqual(
      try classifier(TextClassifierOptions(categoryAllowlist: ["neutral"])).classify(positive).categories, [])
  }

  func testInvalidOptions() throws {
    XCTAssertThrowsError(try classifier(TextClassifierOptions(maxResults: 0))) {
      XCTAssertEqual(
        $0 as? TextError, .invalidOption(name: "maxResults", reason: "it must be -1 (all) or at least 1, not 0"))
      XCTAssertEqual(
        ($0 as? TextError)?.description, "The option maxResults is invalid: it must be -1 (all) or at least 1, not 0.")
    }
    XCTAssertThrowsError(try classifier(TextClassifierOptions(maxResults: -2)))
    XCTAssertThrowsError(try classifier(TextClassifierOptions(categoryAllowlist: ["a"], categoryDenylist: ["b"]))) {
      XCTAssertEqual(
        $0 as? TextError,
        .invalidOption(name: "categoryAllowlist", reason: "an allowlist and a denylist cannot both be given"))
    }
    XCTAssertThrowsError(try classifier(TextClassifierOptions(scoreThreshold: .nan)))
    XCTAssertThrowsError(try classifier(TextClassifierOptions(outputLayer: "nope"))) {
      guard case .invalidOption(let name, _)? = $0 as? TextError else { return XCTFail("\($0)") }
      XCTAssertEqual(name, "outputLayer")
    }
  }

  func testTextLinesReportTheBadLine() throws {
    XCTAssertEqual(
      try TextLines.parse(Data("one\r\ntwo\n\nfour".utf8), source: "input.txt"), ["one", "two", "", "four"])
    var data = Data("fine\n".utf8)
    data.append(contentsOf: [0xE2, 0x28, 0xA1, 0x0A])
    XCTAssertThrowsError(try TextLines.parse(data, source: "input.txt")) {
      XCTAssertEqual($0 as? TextError, .invalidUTF8(source: "input.txt", line: 2))
    }
  }
}
