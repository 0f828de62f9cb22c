import Foundation
import TensorBridge
import TensorBridgeModels
import TensorBridgeText
import XCTest

/// `"type": "text"` layers in model.json: every bad description is a located problem, every bad
/// model/vocabulary pairing a precise error, and any int32/float32 sequence tensor works.
final class TextBundleTests: XCTestCase {
  func bundle(
    _ inputs: String, model: URL = TextFixtures.url("sentiment.tiobundle/model.tflite"),
    outputs: String? = nil, assets: [String: Data]? = nil
  ) throws -> URL {
    let json =
      outputs.map { TextFixtures.modelJSON(inputs: inputs, outputs: $0) } ?? TextFixtures.modelJSON(inputs: inputs)
    return try TextFixtures.makeBundle(
      json: json, model: model,
      assets: assets ?? ["vocab.txt": try TextFixtures.sentimentVocabulary, "labels.txt": TextFixtures.labels],
      testCase: self)
  }

  func problems(_ inputs: String, outputs: String? = nil) throws -> [String] {
    ModelBundle.validate(try bundle(inputs, outputs: outputs)).map(\.description)
  }

  func textError(_ url: URL) -> TextError? {
    do { _ = try TextModel(contentsOf: url) } catch { return error }
    return nil
  }

  func testMinimalTextLayerNeedsNoShape() throws {
    XCTAssertEqual(
      try problems(#"[{ "name": "text", "type": "text", "tokenizer": "word", "vocabulary": "vocab.txt" }]"#), [])
    let description = try ModelBundle(
      contentsOf: bundle(
        #"[{ "name": "text", "type": "text", "tokenizer": "regex", "vocabulary": "vocab.txt", "delimiter": "\\s+", "lowercase": false, "start_token": false, "special_tokens": { "unknown": "<OOV>" } }]"#
      )
    ).description
    let text = try XCTUnwrap(description.inputs.first?.text)
    XCTAssertEqual(
      text,
      TextLayer(
        role: .ids, tokenizer: .regex, vocabularyFile: "vocab.txt", vocabulary: try TextFixtures.sentimentVocabulary,
        delimiter: #"\s+"#, lowercase: false, startToken: false, specialTokens: ["unknown": "<OOV>"]))
    // The description writes back to JSON that reads to the same layer.
    XCTAssertTrue(description.jsonText().contains(#""tokenizer": "regex""#))
    XCTAssertTrue(description.jsonText().contains(#""special_tokens": { "unknown": "<OOV>" }"#))
  }

  func testMissingAndInvalidFieldsAreLocated() throws {
    XCTAssertEqual(
      try problems(#"[{ "name": "text", "type": "text" }]"#),
      [
        #"inputs[0].tokenizer: is required for text ids layers ("word", "regex", "wordpiece" or "sentencepiece")"#,
        "inputs[0].vocabulary: is required for text ids layers (a file in assets/)",
      ])
    XCTAssertEqual(
      try problems(#"[{ "name": "text", "type": "text", "tokenizer": "bpe", "vocabulary": "vocab.txt" }]"#),
      [#"inputs[0].tokenizer: "bpe" is not "word", "regex", "wordpiece" or "sentencepiece""#])
    XCTAssertEqual(
      try problems(
        #"[{ "name": "text", "type": "text", "role": "labels", "tokenizer": "word", "vocabulary": "vocab.txt" }]"#),
      [#"inputs[0].role: "labels" is not "ids", "mask" or "segment_ids""#])
    XCTAssertEqual(
      try problems(
        #"[{ "name": "text", "type": "text", "tokenizer": "word", "vocabulary": "vocab.txt", "lowercase": "yes", "max_word_length": 0 }]"#
      ),
      [
        "inputs[0].lowercase: must be true or false, not a string",
        "inputs[0].max_word_length: 0 is not a positive whole number",
      ])
    XCTAssertEqual(
      try problems(
        #"[{ "name": "text", "type": "text", "tokenizer": "word", "vocabulary": "vocab.txt", "delimiter": "[" }]"#),
      [
        #"inputs[0].delimiter: applies to "tokenizer": "regex" only"#,
        #"inputs[0].delimiter: "[" is not a valid regular expression"#,
      ])
    XCTAssertEqual(
      try problems(
        #"[{ "name": "text", "type": "text", "tokenizer": "word", "vocabulary": "vocab.txt", "special_tokens": { "begin": "<S>", "pad": 3 } }]"#
      ),
      [
        #"inputs[0].special_tokens.begin: is not one of "pad", "start", "unknown", "classification", "separator""#,
        "inputs[0].special_tokens.pad: must be a string, not a number",
      ])
  }

  func testTextKeysBelongToTheRightLayers() throws {
    XCTAssertEqual(
      try problems(#"[{ "name": "text", "type": "array", "shape": [24], "tokenizer": "word" }]"#),
      [#"inputs[0].tokenizer: applies to "text" layers only"#])
    XCTAssertEqual(
      try problems(#"[{ "name": "text", "type": "text", "role": "mask", "vocabulary": "vocab.txt" }]"#),
      [#"inputs[0].vocabulary: applies to the text layer with "role": "ids", not to "mask""#])
    XCTAssertEqual(
      try problems(
        #"[{ "name": "text", "type": "text", "tokenizer": "word", "vocabulary": "vocab.txt", "quantize": { "scale": 1, "bias": 0 } }]"#
      ),
      [#"inputs[0].quantize: does not apply to "text" layers"#])
    XCTAssertEqual(
      try problems(
        #"[{ "name": "text", "type": "text", "tokenizer": "word", "vocabulary": "vocab.txt" }]"#,
        outputs: #"[{ "name": "scores", "type": "text" }]"#),
      [#"outputs[0].type: "text" applies to inputs only"#])
  }

  func testMissingVocabularyFileIsLocated() throws {
    let problems = try problems(
      #"[{ "name": "text", "type": "text", "tokenizer": "word", "vocabulary": "missing.txt" }]"#)
    XCTAssertEqual(problems.count, 1)
    XCTAssertTrue(
      problems.first?.hasPrefix("inputs[0].vocabulary: assets/missing.txt cannot be read") == true, "\(problems)")
    XCTAssertEqual(
      try self.problems(#"[{ "name": "text", "type": "text", "tokenizer": "word", "vocabulary": "../vocab.txt" }]"#),
      [#"inputs[0].vocabulary: "assets/../vocab.txt" must be a file inside the bundle"#])
  }

  func testBadVocabularyInABundleNamesFileAndLine() throws {
    var vocabulary = try TextFixtures.sentimentVocabulary
    vocabulary.append(Data("the 9999\n".utf8))
    let url = try bundle(
      #"[{ "name": "text", "type": "text", "tokenizer": "word", "vocabulary": "vocab.txt" }]"#,
      assets: ["vocab.txt": vocabulary, "labels.txt": TextFixtures.labels])
    let lines = String(decoding: try TextFixtures.sentimentVocabulary, as: UTF8.self).split(separator: "\n").count
    guard case .vocabulary(.duplicateWord(let file, let line, let word, _))? = textError(url) else {
      return XCTFail("\(String(describing: textError(url)))")
    }
    XCTAssertEqual([file, word], ["vocab.txt", "the"])
    XCTAssertEqual(line, lines + 1)
  }

  func testWordPieceWithoutSpecialTokens() throws {
    let url = try bundle(
      #"[{ "name": "text", "type": "text", "tokenizer": "wordpiece", "vocabulary": "vocab.txt" }]"#,
      assets: ["vocab.txt": Data("hello\nworld\n".utf8), "labels.txt": TextFixtures.labels])
    XCTAssertEqual(textError(url), .missingSpecialToken(role: "classification", name: "[CLS]"))
  }

  func testModelsThatCannotRunOnAString() throws {
    XCTAssertEqual(textError(TextFixtures.models.appendingPathComponent("linear.tflite")), .noTextLayer(inputs: ["x"]))
    // A mask layer alone has no ids.
    let maskOnly = try bundle(#"[{ "name": "text", "type": "text", "role": "mask" }]"#)
    XCTAssertEqual(textError(maskOnly), .incompleteLayer(layer: "text", reason: #"no text layer has "role": "ids""#))
    // Two inputs, only one of them text.
    let mixed = try bundle(
      #"[{ "name": "foo-features", "type": "text", "tokenizer": "word", "vocabulary": "vocab.txt" }, { "name": "bar-features", "type": "array", "shape": [8] }]"#,
      model: TextFixtures.models.appendingPathComponent("two_vectors.tflite"),
      outputs:
        #"[{ "name": "baz-outputs", "type": "array", "shape": [3] }, { "name": "qux-outputs", "type": "array", "shape": [6] }]"#
    )
    XCTAssertEqual(textError(mixed), .nonTextInput(layer: "bar-features"))
    XCTAssertEqual(
      TextError.nonTextInput(layer: "bar-features").description,
      "Input layer 'bar-features' is not a text layer, so the model cannot run on a string alone.")
  }

  func testTensorsThatAreNotSequencesOrNotIntegers() throws {
    let image = try bundle(
      #"[{ "name": "image", "type": "text", "shape": [8, 8, 2], "tokenizer": "word", "vocabulary": "vocab.txt" }]"#,
      model: TextFixtures.models.appendingPathComponent("float16_weights.tflite"),
      outputs: #"[{ "name": "out", "type": "array", "shape": [3] }]"#)
    XCTAssertEqual(
      textError(image), .notASequence(layer: "image", tensor: "serving_default_image:0", shape: [1, 8, 8, 2]))
    let uint8 = try bundle(
      #"[{ "name": "features", "type": "text", "tokenizer": "word", "vocabulary": "vocab.txt" }]"#,
      model: TextFixtures.models.appendingPathComponent("metadata_classifier_uint8.tflite"),
      outputs: #"[{ "name": "out", "type": "array", "shape": [3] }]"#)
    XCTAssertEqual(
      textError(uint8), .unsupportedElementType(layer: "features", tensor: "serving_default_features:0", type: .uInt8))
  }

  func testAnyLengthAndFloatSequences() throws {
    // token_classifier: int32 [1, 16] — another length, nothing hard-coded.
    let tokens = try bundle(
      #"[{ "name": "token_ids", "type": "text", "tokenizer": "word", "vocabulary": "vocab.txt" }]"#,
      model: TextFixtures.models.appendingPathComponent("token_classifier.tflite"))
    let model = try TextModel(contentsOf: tokens)
    XCTAssertEqual(try model.encode("great movie").ids.count, 16)
    XCTAssertEqual(try model.run(on: "great movie")["scores"]?.values.count, 2)

    // three_classes: float32 [1, 4]; the ids written as floats give the same outputs as the
    // same numbers through an array layer.
    let floats = try bundle(
      #"[{ "name": "features", "type": "text", "tokenizer": "word", "vocabulary": "vocab.txt" }]"#,
      model: TextFixtures.models.appendingPathComponent("three_classes.tflite"),
      outputs: #"[{ "name": "out", "type": "array", "shape": [3] }]"#)
    let textModel = try TextModel(contentsOf: floats)
    let ids = try textModel.encode("wonderful awful day").ids
    XCTAssertEqual(ids.count, 4)
    let viaText = try textModel.run(on: "wonderful awful day")["out"]?.values
    let arrayModel = try Model(contentsOf: TextFixtures.models.appendingPathComponent("three_classes.tflite"))
    let viaArray = try arrayModel.run(on: ModelValue(ids.map { Float($0) }))[0]?.values
    XCTAssertEqual(viaText, viaArray)
    XCTAssertNotNil(viaText)
  }

  func testInt64Sequences() throws {
    // sequence_int64: int64 [1, 8] in, the ids as floats out.
    let url = try bundle(
      #"[{ "name": "ids", "type": "text", "tokenizer": "word", "vocabulary": "vocab.txt" }]"#,
      model: TextFixtures.url("sequence_int64.tflite"),
      outputs: #"[{ "name": "values", "type": "array", "shape": [8] }]"#)
    let model = try TextModel(contentsOf: url)
    XCTAssertEqual(try model.model.interpreter.input(at: 0).dataType, .int64)
    let ids = try model.encode("What a wonderful day zzz").ids
    XCTAssertEqual(ids.count, 8)
    XCTAssertEqual(try model.run(on: "What a wonderful day zzz")["values"]?.values, ids.map { Float($0) })
  }

  func testDynamicSequenceLengthIsResizedToTheText() throws {
    // sequence_dynamic: int32 [1, -1] in, [count, sum] of the ids out.
    let url = try bundle(
      #"[{ "name": "ids", "type": "text", "tokenizer": "word", "vocabulary": "vocab.txt" }]"#,
      model: TextFixtures.url("sequence_dynamic.tflite"),
      outputs: #"[{ "name": "count_and_sum", "type": "array", "shape": [2] }]"#)
    let model = try TextModel(contentsOf: url)
    let vocabulary = try Vocabulary(data: TextFixtures.sentimentVocabulary, format: .wordIndex)
    for text in ["I love it", "", String(repeating: "great day ", count: 300)] {
      let expected = [1] + WordTokenizer().tokenize(text).map { vocabulary.id(for: $0) ?? 2 }
      XCTAssertEqual(try model.encode(text).ids, expected.map { Int32($0) })
      XCTAssertEqual(
        try model.run(on: text)["count_and_sum"]?.values, [Float(expected.count), Float(expected.reduce(0, +))], text)
    }
  }
}
