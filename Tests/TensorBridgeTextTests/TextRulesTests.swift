import Foundation
import TensorBridge
import TensorBridgeModels
import TensorBridgeText
import XCTest

/// `"rules"` and `"tokenizer": "sentencepiece"` in model.json: a bundle can ask for the Task
/// Library's tokenization, and then gives what the metadata model gives.
final class TextRulesTests: XCTestCase {
  private func bundle(_ inputs: String, model: URL, assets: [String: Data]) throws -> URL {
    try TextFixtures.makeBundle(
      json: TextFixtures.modelJSON(inputs: inputs), model: model, assets: assets, testCase: self)
  }

  func testRulesAreParsedWrittenAndChecked() throws {
    let assets = ["vocab.txt": try TextFixtures.sentimentVocabulary, "labels.txt": TextFixtures.labels]
    let model = TextFixtures.url("sentiment.tiobundle/model.tflite")
    let url = try bundle(
      #"[{ "name": "text", "type": "text", "tokenizer": "regex", "vocabulary": "vocab.txt", "rules": "task_library" }]"#,
      model: model, assets: assets)
    let description = try ModelBundle(contentsOf: url).description
    XCTAssertEqual(description.inputs.first?.text?.rules, .taskLibrary)
    XCTAssertTrue(description.jsonText().contains(#""rules": "task_library""#))
    let textModel = try TextModel(contentsOf: url)
    XCTAssertEqual(textModel.encoder.tokenizer as? RegexTokenizer, try RegexTokenizer(lowercase: false, syntax: .re2))
    // The default stays TensorBridge's: ICU, lowercased.
    let plain = try bundle(
      #"[{ "name": "text", "type": "text", "tokenizer": "regex", "vocabulary": "vocab.txt" }]"#, model: model,
      assets: assets)
    XCTAssertEqual(try TextModel(contentsOf: plain).encoder.tokenizer as? RegexTokenizer, try RegexTokenizer())
    let bad = try bundle(
      #"[{ "name": "text", "type": "text", "tokenizer": "regex", "vocabulary": "vocab.txt", "rules": "tflite" }]"#,
      model: model, assets: assets)
    XCTAssertEqual(
      ModelBundle.validate(bad).map(\.description),
      [#"inputs[0].rules: "tflite" is not "tensorbridge" or "task_library""#])
  }

  func testSentencePieceBundleWithTaskLibraryRulesMatchesTheMetadataModel() throws {
    let reference = try TaskLibraryReference.load()
    let expected = try reference.categories("albert_tiny.tflite")
    let spm = try Data(contentsOf: TextFixtures.folder.appendingPathComponent("sentencepiece/unigram.model"))
    let inputs = #"""
      [{ "name": "ids", "type": "text", "tokenizer": "sentencepiece", "vocabulary": "spm.model", "rules": "task_library" },
       { "name": "mask", "type": "text", "role": "mask" }, { "name": "segment_ids", "type": "text", "role": "segment_ids" }]
      """#
    let url = try bundle(
      inputs, model: TaskLibraryReference.url("albert_tiny.tflite"),
      assets: ["spm.model": spm, "labels.txt": TextFixtures.labels])
    let classifier = try TextClassifier(contentsOf: url)
    for (index, input) in reference.inputs.enumerated() {
      assertSameCategories(try classifier.classify(input), expected[index], String(reflecting: input))
    }
    // Under TensorBridge's rules the text is not lowercased: an uppercase word gives other pieces.
    let tensorBridge = try bundle(
      inputs.replacingOccurrences(of: #", "rules": "task_library""#, with: ""),
      model: TaskLibraryReference.url("albert_tiny.tflite"),
      assets: ["spm.model": spm, "labels.txt": TextFixtures.labels])
    let plain = try TextModel(contentsOf: tensorBridge)
    let taskLibrary = try TextModel(contentsOf: url)
    XCTAssertEqual(try plain.encode("hello world").ids, try taskLibrary.encode("hello world").ids)
    XCTAssertNotEqual(try plain.encode("HELLO WORLD").ids, try taskLibrary.encode("HELLO WORLD").ids)
  }

  func testBadSentencePieceModelIsATypedError() throws {
    let url = try bundle(
      #"[{ "name": "text", "type": "text", "tokenizer": "sentencepiece", "vocabulary": "spm.model" }]"#,
      model: TextFixtures.url("sentiment.tiobundle/model.tflite"),
      assets: ["spm.model": Data("not a model".utf8), "labels.txt": TextFixtures.labels])
    XCTAssertThrowsError(try TextModel(contentsOf: url)) { error in
      guard case .sentencePiece? = error as? TextError else { return XCTFail("\(error)") }
    }
  }
}
