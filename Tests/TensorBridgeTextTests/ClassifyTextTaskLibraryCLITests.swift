import Foundation
import TestSupport
import XCTest

/// `tensorbridge classify-text` on the Task Library conformance models: the table
/// (Google's regex model, scores within 1e-5 of nl_classifier_test.cc's), the NLClassifier
/// tensor flags, and tokenizing SentencePiece with `tokenize`.
final class ClassifyTextTaskLibraryCLITests: XCTestCase {
  private enum CLI { static func run(_ arguments: [String]) throws -> ProcessResult { try CLIRun.run(arguments) } }
  private let cli = CLI.self

  private func scores(_ json: String) throws -> [String: Double] {
    let results = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    let categories = try XCTUnwrap(results.first?["categories"] as? [[String: Any]])
    return Dictionary(
      uniqueKeysWithValues: try categories.map {
        (try XCTUnwrap($0["label"] as? String), try XCTUnwrap($0["score"] as? Double))
      })
  }

  func testRegexModelGivesTheTaskLibraryScores() throws {
    let model = TaskLibraryReference.url("google/test_model_nl_classifier_with_regex_tokenizer.tflite").path
    let cases: [(String, [String: Double])] = [
      (NLClassifierConformanceTests.positiveInput, ["Positive": 0.51342660188674927, "Negative": 0.48657345771789551]),
      (NLClassifierConformanceTests.negativeInput, ["Positive": 0.18687039613723755, "Negative": 0.81312954425811768]),
    ]
    for (text, expected) in cases {
      for extra in [[], ["--nl-classifier"], ["--input-tensor", "input_text", "--score-tensor", "probability"]] {
        let result = try cli.run(["classify-text", model, text, "--json"] + extra)
        XCTAssertEqual(result.status, 0, result.stderr)
        let actual = try scores(result.stdout)
        XCTAssertEqual(Set(actual.keys), Set(expected.keys))
        for (label, score) in expected {
          XCTAssertEqual(actual[label] ?? -1, score, accuracy: 1e-5, "\(label) \(extra)")
        }
      }
    }
  }

  func testTensorFlagsSelectScoresAndLabels() throws {
    let model = TaskLibraryReference.url("nl_classifier_options.tflite").path
    let byName = try cli.run([
      "classify-text", model, "hello", "--json", "--score-tensor", "OUTPUT_SCORE_QUANTIZED", "--label-tensor", "LABELS",
    ])
    XCTAssertEqual(byName.status, 0, byName.stderr)
    XCTAssertEqual(try scores(byName.stdout), ["label0": 255, "label1": 510, "label2": 765])
    let byIndex = try cli.run([
      "classify-text", model, "hello", "--json", "--score-index", "3", "--label-index", "-1", "--max-results", "1",
    ])
    XCTAssertEqual(byIndex.status, 0, byIndex.stderr)
    XCTAssertEqual(try scores(byIndex.stdout), ["2": 765])
    let missing = try cli.run(["classify-text", model, "hello", "--score-tensor", "nope", "--score-index", "-1"])
    XCTAssertEqual(missing.status, 1)
    XCTAssertTrue(missing.stderr.contains("No output score tensor found with name nope or at index -1"), missing.stderr)
    let conflicting = try cli.run(["classify-text", model, "hello", "--score-index", "0", "--lowercase", "true"])
    XCTAssertNotEqual(conflicting.status, 0)
  }

  func testStringInputModelsNeedNoFlags() throws {
    let result = try cli.run([
      "classify-text", TaskLibraryReference.url("nl_classifier_bool.tflite").path, "hello", "--json",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(try scores(result.stdout), ["0": 1, "1": 1, "2": 0])
  }

  func testLowercaseFlagOverridesTheMetadata() throws {
    let model = TaskLibraryReference.url("regex_echo.tflite").path
    let kept = try cli.run(["classify-text", model, "HELLO Hello", "--ids", "--json"])
    let lowered = try cli.run(["classify-text", model, "HELLO Hello", "--ids", "--json", "--lowercase", "true"])
    XCTAssertEqual(kept.status, 0, kept.stderr)
    func ids(_ json: String) throws -> [Int] {
      let results = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
      return Array(try XCTUnwrap(results.first?["ids"] as? [Int]).prefix(3))
    }
    XCTAssertEqual(try ids(kept.stdout), [1, 5, 4])  // <START> HELLO Hello
    XCTAssertEqual(try ids(lowered.stdout), [1, 3, 3])  // <START> hello hello
  }

  func testTokenizeSentencePiece() throws {
    let model = TextFixtures.folder.appendingPathComponent("sentencepiece/unigram.model").path
    let result = try cli.run(["tokenize", "--tokenizer", "sentencepiece", "--vocabulary", model, "Hello world"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let reference =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: TextFixtures.folder.appendingPathComponent("sentencepiece/reference.json")))
      as? [String: Any]
    let texts = try XCTUnwrap(reference?["texts"] as? [String])
    let models = try XCTUnwrap(reference?["models"] as? [String: [String: Any]])
    let ids = try XCTUnwrap(
      (models["unigram"]?["ids"] as? [[Int]])?[try XCTUnwrap(texts.firstIndex(of: "Hello world"))])
    XCTAssertEqual(
      result.stdout.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines),
      "[" + ids.map(String.init).joined(separator: ", ") + "]")
  }
}
