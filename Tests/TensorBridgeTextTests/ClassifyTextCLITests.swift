import Foundation
import TestSupport
import XCTest

/// `tensorbridge classify-text` and `tensorbridge tokenize`, run as the built executable.
final class ClassifyTextCLITests: XCTestCase {
  func run(_ arguments: [String], stdin: Data? = nil) throws -> ProcessResult {
    try CLIRun.run(arguments, stdin: stdin)
  }

  func testOneTextAsATable() throws {
    let result = try run([
      "classify-text", TextFixtures.url("sentiment_metadata.tflite").path, "This is terrible, awful and boring.",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.hasPrefix("This is terrible, awful and boring."), result.stdout)
    XCTAssertTrue(result.stdout.contains("negative 0.9997  positive 0.0003"), result.stdout)
  }

  func testLinesFromStandardInputAsJSON() throws {
    let input = Data("What a wonderful, happy and beautiful day!\nI hate the rude staff and the dirty room.\n".utf8)
    let result = try run(
      ["classify-text", TextFixtures.url("sentiment.tiobundle").path, "--json", "--max-results", "1"], stdin: input)
    XCTAssertEqual(result.status, 0, result.stderr)
    struct Row: Decodable {
      struct Category: Decodable {
        var index: Int
        var label: String?
        var score: Float
      }
      var text: String
      var categories: [Category]
    }
    let rows = try JSONDecoder().decode([Row].self, from: Data(result.stdout.utf8))
    XCTAssertEqual(
      rows.map(\.text), ["What a wonderful, happy and beautiful day!", "I hate the rude staff and the dirty room."])
    XCTAssertEqual(rows.map { $0.categories.map(\.label) }, [["positive"], ["negative"]])
    let reference = try TextFixtures.cases("sentiment.reference.json")
    let expected = try XCTUnwrap(reference[0]["word_scores"] as? [Double])
    XCTAssertEqual(Double(rows[0].categories[0].score), expected[1], accuracy: 1e-5)
  }

  func testFileWithInvalidUTF8AndBadOptions() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("tb-text-\(UUID().uuidString).txt")
    addTeardownBlock { try? FileManager.default.removeItem(at: file) }
    var data = Data("fine\nalso fine\n".utf8)
    data.append(contentsOf: [0xC3, 0x28, 0x0A])
    try data.write(to: file)
    let bad = try run(["classify-text", TextFixtures.url("sentiment.tiobundle").path, "--file", file.path])
    XCTAssertEqual(bad.status, 1)
    XCTAssertEqual(bad.stderr, "error: Line 3 of \(file.path) is not valid UTF-8.\n")
    let options = try run([
      "classify-text", TextFixtures.url("sentiment.tiobundle").path, "x", "--allow", "positive", "--deny", "negative",
    ])
    XCTAssertEqual(options.status, 1)
    XCTAssertEqual(
      options.stderr,
      "error: The option categoryAllowlist is invalid: an allowlist and a denylist cannot both be given.\n")
    let notText = try run(["classify-text", TextFixtures.models.appendingPathComponent("linear.tflite").path, "x"])
    XCTAssertEqual(notText.status, 1)
    XCTAssertTrue(
      notText.stderr.hasPrefix("error: The model has no text input layer (its inputs: 'x')"), notText.stderr)
    let usage = try run(["classify-text", TextFixtures.url("sentiment.tiobundle").path, "x", "--file", file.path])
    XCTAssertEqual(usage.status, 2)
  }

  func testTokenizeMatchesTheReference() throws {
    let reference = try TextFixtures.cases("bert.reference.json")
    let text = try XCTUnwrap(reference[1]["text"] as? String)
    let ids = try XCTUnwrap(reference[1]["ids"] as? [Int])
    let result = try run([
      "tokenize", "--tokenizer", "wordpiece", "--vocabulary",
      TextFixtures.url("bert.tiobundle/assets/vocab.txt").path, "--length", "16", text,
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stdout, "[" + ids.map(String.init).joined(separator: ", ") + "]\n")
  }

  func testBundleInitFromTextMetadataWritesTheVocabulary() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tb-text-\(UUID().uuidString).tiobundle")
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let initResult = try run([
      "bundle", "init", TextFixtures.url("sentiment_metadata.tflite").path, "--out", folder.path,
    ])
    XCTAssertEqual(initResult.status, 0, initResult.stderr)
    XCTAssertEqual(
      try Data(contentsOf: folder.appendingPathComponent("assets/vocab.txt")), try TextFixtures.sentimentVocabulary)
    XCTAssertTrue(initResult.stdout.contains(#""tokenizer": "regex""#), initResult.stdout)
    let text = "I hate the rude staff and the dirty room."
    let fromBundle = try run(["classify-text", folder.path, text])
    let fromModel = try run(["classify-text", TextFixtures.url("sentiment_metadata.tflite").path, text])
    XCTAssertEqual(fromBundle.status, 0, fromBundle.stderr)
    XCTAssertEqual(fromBundle.stdout, fromModel.stdout)
  }
}
