import Foundation
import TensorBridge
import TensorBridgeModels
import TensorBridgeText
import XCTest

/// tflite-support `tensorflow_lite_support/cc/test/task/text/nlclassifier/nl_classifier_test.cc`
/// reproduced. Expectations are the C++ test's constants where it states them; Google's own test
/// models where they run on builtin ops (committed under Fixtures/text/tasklibrary/google,
/// Apache-2.0); builtin-op twins of the models that need the test's custom ops
/// (scripts/text/make_task_library_models.py). Scores within 1e-5.
final class NLClassifierConformanceTests: XCTestCase {
  static let regexModel = TaskLibraryReference.url("google/test_model_nl_classifier_with_regex_tokenizer.tflite")
  static let builtinLabelModel = TaskLibraryReference.url(
    "google/test_model_nl_classifier_with_associated_label_builtin_ops.tflite")
  static let optionsModel = TaskLibraryReference.url("nl_classifier_options.tflite")
  static let boolModel = TaskLibraryReference.url("nl_classifier_bool.tflite")
  static let labelModel = TaskLibraryReference.url("nl_classifier_associated_label.tflite")

  static let positiveInput = "This is the best movie I’ve seen in recent years. Strongly recommend it!"
  static let negativeInput = "What a waste of my time."
  typealias Expected = TaskLibraryReference.Category
  static let positiveResults = [
    Expected(name: "Positive", score: 0.51342660188674927), Expected(name: "Negative", score: 0.48657345771789551),
  ]
  static let negativeResults = [
    Expected(name: "Positive", score: 0.18687039613723755), Expected(name: "Negative", score: 0.81312954425811768),
  ]
  static let labelResults = [
    Expected(name: "label0", score: 255), Expected(name: "label1", score: 510), Expected(name: "label2", score: 765),
  ]
  static let indexResults = [
    Expected(name: "0", score: 255), Expected(name: "1", score: 510), Expected(name: "2", score: 765),
  ]

  // ProtoOptionsTest.TestInferenceWithRegexTokenizer, ProtoOptionsTest.ClassifySucceedsWithBaseOptions,
  // ProtoOptionsTest.CreateFromOptionsSucceedsWithModelWithMetadata
  func testInferenceWithRegexTokenizerDefaultOptions() throws {
    let classifier = try NLClassifier(contentsOf: Self.regexModel)
    assertSameCategories(try classifier.classify(Self.positiveInput), Self.positiveResults, "positive")
    assertSameCategories(try classifier.classify(Self.negativeInput), Self.negativeResults, "negative")
    // From memory, as ClassifySucceedsWithBaseOptions's file_content.
    let fromMemory = try NLClassifier(modelData: Data(contentsOf: Self.regexModel))
    assertSameCategories(try fromMemory.classify(Self.positiveInput), Self.positiveResults, "positive, from memory")
  }

  // StructOptionsTest.TestInferenceWithRegexTokenizer (input_text / probability by name)
  func testInferenceWithRegexTokenizerNamedTensors() throws {
    let classifier = try NLClassifier(
      contentsOf: Self.regexModel,
      options: NLClassifierOptions(inputTensorName: "input_text", outputScoreTensorName: "probability"))
    assertSameCategories(try classifier.classify(Self.positiveInput), Self.positiveResults, "positive")
    assertSameCategories(try classifier.classify(Self.negativeInput), Self.negativeResults, "negative")
  }

  // The same model through TextClassifier (metadata → text layer): the symptom.
  func testTextClassifierOnTheRegexModelGivesTheTaskLibraryScores() throws {
    let classifier = try TextClassifier(contentsOf: Self.regexModel)
    assertSameCategories(try classifier.classify(Self.positiveInput), Self.positiveResults, "positive")
    assertSameCategories(try classifier.classify(Self.negativeInput), Self.negativeResults, "negative")
  }

  // Our own inputs on both Google models, against tflite-support 0.4.4's NLClassifier.
  func testGoogleModelsOnOwnInputsMatchTheTaskLibrary() throws {
    let reference = try TaskLibraryReference.load()
    for model in [
      "google/test_model_nl_classifier_with_regex_tokenizer.tflite",
      "google/test_model_nl_classifier_with_associated_label_builtin_ops.tflite",
    ] {
      let expected = try reference.categories(model)
      let nl = try NLClassifier(contentsOf: TaskLibraryReference.url(model))
      let text = try TextClassifier(contentsOf: TaskLibraryReference.url(model))
      for (index, input) in reference.inputs.enumerated() {
        assertSameCategories(
          try nl.classify(input), expected[index], "NLClassifier \(model) \(String(reflecting: input))")
        assertSameCategories(
          try text.classify(input), expected[index], "TextClassifier \(model) \(String(reflecting: input))")
      }
    }
  }

  // Token ids: regex_echo outputs its input ids, so the Task Library's categories are its ids.
  func testRegexTokenIDsMatchTheTaskLibrary() throws {
    let reference = try TaskLibraryReference.load()
    let expected = try reference.categories("regex_echo.tflite")
    let nl = try NLClassifier(contentsOf: TaskLibraryReference.url("regex_echo.tflite"))
    let model = try TextModel(contentsOf: TaskLibraryReference.url("regex_echo.tflite"))
    for (index, input) in reference.inputs.enumerated() {
      let ids = echoedSequence(expected[index])
      XCTAssertEqual(try nl.classify(input).categories.map { Double($0.score) }, ids, String(reflecting: input))
      XCTAssertEqual(try model.encode(input).ids.map(Double.init), ids, String(reflecting: input))
    }
  }

  // ProtoOptionsTest.TestInferenceWithAssociatedLabelBuiltinOps, StructOptionsTest.TestInferenceWithAssociatedLabelBuiltinOps
  func testInferenceWithAssociatedLabelBuiltinOps() throws {
    let expected = [
      Expected(name: "Negative", score: 0.49332118034362793), Expected(name: "Positive", score: 0.50667881965637207),
    ]
    assertSameCategories(
      try NLClassifier(contentsOf: Self.builtinLabelModel).classify("hello"), expected, "proto options")
    let indices = NLClassifierOptions(inputTensorIndex: 0, outputScoreTensorIndex: 0)
    assertSameCategories(
      try NLClassifier(contentsOf: Self.builtinLabelModel, options: indices).classify("hello"), expected,
      "struct options")
  }

  // ProtoOptionsTest.TestInferenceWithBoolOutput, StructOptionsTest.TestInferenceWithBoolOutput
  func testInferenceWithBoolOutput() throws {
    let expected = [Expected(name: "0", score: 1), Expected(name: "1", score: 1), Expected(name: "2", score: 0)]
    assertSameCategories(try NLClassifier(contentsOf: Self.boolModel).classify("hello"), expected, "proto options")
    let indices = NLClassifierOptions(inputTensorIndex: 0, outputScoreTensorIndex: 0)
    assertSameCategories(
      try NLClassifier(contentsOf: Self.boolModel, options: indices).classify("hello"), expected, "struct options")
    // The twin is a real function of the input: any other text scores 0.
    XCTAssertEqual(try NLClassifier(contentsOf: Self.boolModel).classify("Hello").categories.map(\.score), [0, 0, 0])
  }

  // ProtoOptionsTest.TestInferenceWithAssociatedLabelCustomOps,
  // StructOptionsTest.TestInferenceWithAssociatedLabelCustomOps (output_score_tensor_name = scores_dequantized)
  func testInferenceWithAssociatedLabel() throws {
    assertSameCategories(
      try NLClassifier(contentsOf: Self.labelModel).classify("hello"), Self.labelResults, "proto options")
    let named = NLClassifierOptions(outputScoreTensorName: "scores_dequantized")
    assertSameCategories(
      try NLClassifier(contentsOf: Self.labelModel, options: named).classify("hello"), Self.labelResults,
      "struct options")
  }

  // ProtoOptionsTest/TestClassify, all 12 parameters (FindTensorByName…/FindTensorByIndex…).
  func testClassifyFindsTensorsByNameAndIndex() throws {
    let byName: [(String, NLClassifierOptions, Bool)] = [
      ("OUTPUT_SCORE_QUANTIZED", "LABELS"), ("OUTPUT_SCORE_QUANTIZED", "OUTPUT_LABEL"),
      ("OUTPUT_SCORE_DEQUANTIZED", "LABELS"), ("OUTPUT_SCORE_DEQUANTIZED", "OUTPUT_LABEL"),
      ("OUTPUT_SCORE_DEQUANTIZED_FLOAT64", "LABELS"), ("OUTPUT_SCORE_DEQUANTIZED_FLOAT64", "OUTPUT_LABEL"),
    ].map { score, label in
      (
        "FindTensorByName \(score) \(label)",
        NLClassifierOptions(inputTensorName: "INPUT", outputScoreTensorName: score, outputLabelTensorName: label),
        label == "LABELS"
      )
    }
    let byIndex: [(String, NLClassifierOptions, Bool)] = [(1, 2), (1, -1), (0, 2), (0, -1), (3, 2), (3, -1)].map {
      score, label in
      (
        "FindTensorByIndex \(score) \(label)",
        NLClassifierOptions(inputTensorIndex: 0, outputScoreTensorIndex: score, outputLabelTensorIndex: label),
        label == 2
      )
    }
    XCTAssertEqual(byName.count + byIndex.count, 12)
    for (description, options, namedLabels) in byName + byIndex {
      let classifier = try NLClassifier(contentsOf: Self.optionsModel, options: options)
      assertSameCategories(
        try classifier.classify("hello"), namedLabels ? Self.labelResults : Self.indexResults, description)
    }
  }

  // ProtoOptionsTest.CreationFromIncorrectInputTensor, StructOptionsTest.TestApiCreationFromIncorrectInputTensor
  func testCreationFromIncorrectInputTensor() throws {
    let options = NLClassifierOptions(inputTensorName: "invalid_tensor_name", inputTensorIndex: -1)
    XCTAssertThrowsError(try NLClassifier(contentsOf: Self.optionsModel, options: options)) { error in
      guard case .inputTensorNotFound(name: "invalid_tensor_name", index: -1, _)? = error as? NLClassifierError else {
        return XCTFail("\(error)")
      }
      XCTAssertTrue(
        "\(error)".contains("No input tensor found with name invalid_tensor_name or at index -1"), "\(error)")
    }
    let other = NLClassifierOptions(inputTensorName: "I do not exist", inputTensorIndex: -1)
    XCTAssertThrowsError(try NLClassifier(contentsOf: Self.optionsModel, options: other))
  }

  // ProtoOptionsTest.CreationFromIncorrectOutputScoreTensor, StructOptionsTest.TestApiCreationFromIncorrectOutputScoreTensor
  func testCreationFromIncorrectOutputScoreTensor() throws {
    let options = NLClassifierOptions(outputScoreTensorName: "invalid_tensor_name", outputScoreTensorIndex: -1)
    XCTAssertThrowsError(try NLClassifier(contentsOf: Self.optionsModel, options: options)) { error in
      XCTAssertTrue(
        "\(error)".contains("No output score tensor found with name invalid_tensor_name or at index -1"), "\(error)")
    }
    XCTAssertThrowsError(
      try NLClassifier(contentsOf: Self.optionsModel, options: NLClassifierOptions(outputScoreTensorIndex: 123))
    ) { error in
      guard case .outputScoreTensorNotFound(name: "OUTPUT_SCORE", index: 123, _)? = error as? NLClassifierError else {
        return XCTFail("\(error)")
      }
    }
  }

  // StructOptionsTest.TestApiCreationFromBuffer, StructOptionsTest.TestApiCreationFromFile; the
  // default options on the options twin (tflite-support 0.4.4's NLClassifier, reference.json).
  func testDefaultOptionsMatchTheTaskLibrary() throws {
    let reference = try TaskLibraryReference.load()
    for (model, inputs) in [
      ("nl_classifier_options.tflite", ["hello", "Hello"]), ("nl_classifier_bool.tflite", ["hello", "Hello"]),
      ("nl_classifier_associated_label.tflite", ["hello", "Hello"]),
    ] {
      let expected = try reference.categories(model)
      let fromFile = try NLClassifier(contentsOf: TaskLibraryReference.url(model))
      let fromBuffer = try NLClassifier(modelData: Data(contentsOf: TaskLibraryReference.url(model)))
      for (index, input) in inputs.enumerated() {
        assertSameCategories(try fromFile.classify(input), expected[index], "\(model) \(input)")
        assertSameCategories(try fromBuffer.classify(input), expected[index], "\(model) \(input) from memory")
      }
    }
  }

  // Errors beyond the C++ test: a score tensor of the wrong type, a label tensor of the wrong
  // type, an int32 input without tokenizer metadata.
  func testTypeErrorsNameTheTensor() throws {
    // LABELS (string) as the score tensor.
    XCTAssertThrowsError(
      try NLClassifier(contentsOf: Self.optionsModel, options: NLClassifierOptions(outputScoreTensorName: "LABELS"))
    ) { error in
      XCTAssertEqual(error as? NLClassifierError, .scoreTensorType(tensor: "LABELS", type: .string))
    }
    // OUTPUT_SCORE_DEQUANTIZED (float) as the label tensor.
    XCTAssertThrowsError(
      try NLClassifier(
        contentsOf: Self.optionsModel, options: NLClassifierOptions(outputLabelTensorName: "OUTPUT_SCORE_DEQUANTIZED"))
    ) { error in
      XCTAssertEqual(error as? NLClassifierError, .labelTensorType(tensor: "OUTPUT_SCORE_DEQUANTIZED", type: .float32))
    }
    // An int32 sequence model without metadata.
    XCTAssertThrowsError(try NLClassifier(contentsOf: TextFixtures.url("sequence_int64.tflite"))) { error in
      guard case .noTokenizer? = error as? NLClassifierError else { return XCTFail("\(error)") }
    }
  }
}
