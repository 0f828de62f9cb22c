import Foundation
import TensorBridge
import TensorBridgeModels
import TensorBridgeText
import XCTest

/// Text models end to end on the real LiteRT runtime: the trained sentiment model (bundle with
/// model.json, and the same model with Model Maker metadata and no JSON), the BERT-shaped
/// three-input model; scores compared with Python LiteRT within 1e-5.
final class TextModelTests: XCTestCase {
  let tolerance: Float = 1e-5

  func floats(_ value: Any?) throws -> [Float] { try XCTUnwrap(value as? [Double]).map { Float($0) } }
  func int32s(_ value: Any?) throws -> [Int32] { try XCTUnwrap(value as? [Int]).map { Int32($0) } }

  func assertClose(
    _ actual: [Float], _ expected: [Float], _ message: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(actual.count, expected.count, message, file: file, line: line)
    for (a, e) in zip(actual, expected) {
      XCTAssertEqual(a, e, accuracy: tolerance, message, file: file, line: line)
    }
  }

  func testSentimentBundleMatchesPythonAndClassifiesClearSentences() throws {
    let model = try TextModel(contentsOf: TextFixtures.url("sentiment.tiobundle"))
    XCTAssertEqual(model.model.description.inputs.first?.kind, .text)
    let cases = try TextFixtures.cases("sentiment.reference.json")
    XCTAssertEqual(cases.count, 9)
    var clear = 0
    for item in cases {
      let text = try XCTUnwrap(item["text"] as? String)
      XCTAssertEqual(try model.encode(text).ids, try int32s(item["word_ids"]), text)
      let outputs = try model.run(on: text)
      let sentiment = try XCTUnwrap(outputs["sentiment"])
      assertClose(sentiment.values, try floats(item["word_scores"]), text)
      if let expected = item["expected"] as? String {
        XCTAssertEqual(sentiment.top(1).first?.label, expected, text)
        XCTAssertGreaterThan(sentiment.top(1).first?.score ?? 0, 0.9, text)
        clear += 1
      }
    }
    XCTAssertEqual(clear, 6)
  }

  func testModelMakerMetadataModelNeedsNoJSON() throws {
    let url = TextFixtures.url("sentiment_metadata.tflite")
    let bundle = try ModelBundle(modelFile: url)
    let layer = try XCTUnwrap(bundle.description.inputs.first)
    XCTAssertEqual(layer.kind, .text)
    XCTAssertEqual(layer.text?.tokenizer, .regex)
    XCTAssertEqual(layer.text?.delimiter, #"[^\w\']+"#)
    XCTAssertEqual(layer.text?.vocabularyFile, "vocab.txt")
    // Metadata models tokenize as the TFLite Task Library does (TaskLibraryConformanceTests
    // compares with it): RE2 classes, no lowercasing.
    XCTAssertEqual(layer.text?.rules, .taskLibrary)
    XCTAssertNil(layer.text?.lowercase)
    XCTAssertEqual(bundle.description.outputs.first?.labels, ["negative", "positive"])
    let model = try TextModel(contentsOf: url)
    let regex = try XCTUnwrap(model.encoder.tokenizer as? RegexTokenizer)
    XCTAssertEqual(regex, try RegexTokenizer(lowercase: false, syntax: .re2))
    // The Python reference lowercases (TensorBridge's rules); on lowercase ASCII text without
    // apostrophes both rules give the same ids and scores.
    for item in try TextFixtures.cases("sentiment.reference.json") {
      let text = try XCTUnwrap(item["text"] as? String)
      guard text == text.lowercased(), text.unicodeScalars.allSatisfy(\.isASCII), !text.contains("'") else { continue }
      XCTAssertEqual(try model.encode(text).ids, try int32s(item["regex_ids"]), text)
      assertClose(try XCTUnwrap(try model.run(on: text)[0]).values, try floats(item["regex_scores"]), text)
    }
  }

  func testModelRunOnString() throws {
    let model = try Model(contentsOf: TextFixtures.url("sentiment.tiobundle"))
    let outputs = try model.run(on: "I hate the rude staff and the dirty room.")
    XCTAssertEqual(outputs["sentiment"]?.top(1).first?.label, "negative")
  }

  func testBertBundleFindsIdsMaskAndSegmentsByName() throws {
    let model = try TextModel(contentsOf: TextFixtures.url("bert.tiobundle"))
    // The converter ordered the tensors ids, segment_ids, mask; the layers say ids, mask, segment_ids.
    let interpreter = model.model.interpreter
    XCTAssertEqual(
      (0..<3).map { (try? interpreter.input(at: $0).name) ?? "" },
      ["serving_default_ids:0", "serving_default_segment_ids:0", "serving_default_mask:0"])
    XCTAssertEqual(model.model.boundInputs.map(\.tensorIndex), [0, 2, 1])
    for item in try TextFixtures.cases("bert.reference.json") {
      let text = try XCTUnwrap(item["text"] as? String)
      let encoded = try model.encode(text)
      XCTAssertEqual(encoded.ids, try int32s(item["ids"]), text)
      XCTAssertEqual(encoded.mask, try int32s(item["mask"]), text)
      XCTAssertEqual(encoded.segmentIds, try int32s(item["segment_ids"]), text)
      assertClose(try XCTUnwrap(try model.run(on: text)["scores"]).values, try floats(item["scores"]), text)
    }
  }

  func testBertMetadataModelNeedsNoJSON() throws {
    let url = TextFixtures.url("bert_metadata.tflite")
    let bundle = try ModelBundle(modelFile: url)
    XCTAssertEqual(bundle.description.inputs.map(\.kind), [.text, .text, .text])
    XCTAssertEqual(Set(bundle.description.inputs.compactMap(\.text?.role)), [.ids, .mask, .segmentIds])
    XCTAssertEqual(bundle.description.inputs.first { $0.text?.role == .ids }?.text?.rules, .taskLibrary)
    let model = try TextModel(contentsOf: url)
    XCTAssertEqual((model.encoder.tokenizer as? WordPieceTokenizer)?.rules, .taskLibrary)
    // Texts whose tokens both rules split alike (lowercase ASCII, no accents or controls).
    for item in try TextFixtures.cases("bert.reference.json") {
      let text = try XCTUnwrap(item["text"] as? String)
      guard text.unicodeScalars.allSatisfy(\.isASCII) else { continue }
      assertClose(try XCTUnwrap(try model.run(on: text)[0]).values, try floats(item["scores"]), text)
    }
  }

  func testLengthComesFromTheTensorNotTheDescription() throws {
    // The same model with a 5-token sequence written in model.json: the tensor's 24 wins... the
    // description must match the model, so a wrong shape is a located bundle problem instead.
    let json = TextFixtures.modelJSON(
      inputs: #"[{ "name": "text", "type": "text", "shape": [5], "vocabulary": "vocab.txt", "tokenizer": "word" }]"#)
    let folder = try TextFixtures.makeBundle(
      json: json, model: TextFixtures.url("sentiment.tiobundle/model.tflite"),
      assets: ["vocab.txt": try TextFixtures.sentimentVocabulary, "labels.txt": TextFixtures.labels], testCase: self)
    XCTAssertEqual(
      ModelBundle.validate(folder).map(\.description),
      ["inputs[0].shape: [5] does not match the model's serving_default_input_ids:0 [1, 24]"])
    let long = String(repeating: "great ", count: 100)
    let model = try TextModel(contentsOf: TextFixtures.url("sentiment.tiobundle"))
    let encoded = try model.encode(long)
    XCTAssertEqual(encoded.ids.count, 24)
    XCTAssertTrue(encoded.isTruncated)
    XCTAssertEqual(encoded.tokenCount, 101)
  }
}
