import Foundation
import TensorBridgeMLKit
import TensorBridgeText
import TestSupport
import XCTest

/// Sentences, encoded sequences and Python LiteRT scores for the sentiment classifier:
/// Tests/Fixtures/text/sentiment.reference.json.
struct SentimentReference: Decodable {
  struct Case: Decodable {
    let text: String
    /// The nl_classifier tokenizer's ids (`[^\w']+` split, `<START>` first, `<UNKNOWN>` for
    /// unknown words, `<PAD>` after), at the model's sequence length.
    let regexIds: [Int32]
    let regexScores: [Float]

    enum CodingKeys: String, CodingKey {
      case text
      case regexIds = "regex_ids"
      case regexScores = "regex_scores"
    }
  }

  let labels: [String]
  let sequenceLength: Int
  let cases: [Case]

  enum CodingKeys: String, CodingKey {
    case labels
    case sequenceLength = "sequence_length"
    case cases
  }

  static func load() throws -> SentimentReference {
    let url = TestPaths.fixtures.appendingPathComponent("text/sentiment.reference.json")
    return try JSONDecoder().decode(SentimentReference.self, from: Data(contentsOf: url))
  }

  static var bundle: URL { TestPaths.fixtures.appendingPathComponent("text/sentiment.tiobundle") }
  static var metadataModelPath: String {
    TestPaths.fixtures.appendingPathComponent("text/sentiment_metadata.tflite").path
  }
  static var vocabularyPath: String { bundle.appendingPathComponent("assets/vocab.txt").path }
}

/// Seed 004's text sentiment app, steps 1 to 5: load vocab.txt into a dictionary, turn the
/// sentence into a sequence of `Int32`, copy its bytes into the interpreter and read the
/// negative and positive values. The fixture's sentiment model (Model Maker's average word
/// embedding shape) stands in for the book's; a comment marks every changed line.
final class Seed004SentimentTests: XCTestCase {
  private var words_dictionary = [String: Int]()

  /// Step 1: `loadVocab()`, as the book wrote it.
  private func loadVocab() {
    let filePath: String? = SentimentReference.vocabularyPath  // Changed: was Bundle.main.path(forResource: "vocab", ofType: "txt")
    if let filePath {
      do {
        let dictionary_contents = try String(contentsOfFile: filePath, encoding: .utf8)  // Changed: the encoding is explicit
        let lines = dictionary_contents.split(whereSeparator: \.isNewline)
        for line in lines {
          let tokens = line.components(separatedBy: " ")
          let key = String(tokens[0])
          let value = Int(tokens[1])
          words_dictionary[key] = value
        }
      } catch {
        XCTFail("Error vocab could not be loaded")  // Changed: was print
      }
    } else {
      XCTFail("Error -- vocab file not found")  // Changed: was print
    }
  }

  /// Step 2: `convert_sentence`, with the length read from the model.
  private func convert(_ sentence: String, sequenceLength SEQUENCE_LENGTH: Int) -> [Int32] {  // Changed: SEQUENCE_LENGTH was a constant (SeedBugTests)
    var sequence = [Int32](repeating: 0, count: SEQUENCE_LENGTH)
    // The book split with `enumerateSubstrings(options: .byWords)`, which Foundation on Linux
    // does not segment like Apple's; the model's own tokenizer splits on `[^\w']+`.
    let words = sentence.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "'") }.map(String.init)  // Changed: was enumerateSubstrings(.byWords)
    var thisWord = 0
    sequence[thisWord] = Int32(words_dictionary["<START>"] ?? 1)  // Added: this model was trained with a start token
    thisWord = thisWord + 1  // Added: as above
    for word in words {
      if thisWord >= SEQUENCE_LENGTH {
        break
      }
      let seekword = word.lowercased()
      if let val = words_dictionary[seekword] {
        sequence[thisWord] = Int32(val)
        thisWord = thisWord + 1
      } else {  // Added: the book dropped unknown words; this model was trained with <UNKNOWN>
        sequence[thisWord] = Int32(words_dictionary["<UNKNOWN>"] ?? 2)
        thisWord = thisWord + 1
      }
    }
    return sequence
  }

  func testTheBookWayOnTheInterpreter() throws {
    let reference = try SentimentReference.load()
    loadVocab()
    XCTAssertEqual(words_dictionary["<PAD>"], 0)

    let interpreter = try Interpreter(modelPath: SentimentReference.metadataModelPath)  // Changed: was the app's bundled model
    try interpreter.allocateTensors()
    let SEQUENCE_LENGTH = try interpreter.input(at: 0).shape.dimensions.last ?? 0  // Changed: was a constant that had to match the model
    XCTAssertEqual(SEQUENCE_LENGTH, reference.sequenceLength)

    for testCase in reference.cases {
      let sequence = convert(testCase.text, sequenceLength: SEQUENCE_LENGTH)
      XCTAssertEqual(sequence, testCase.regexIds, testCase.text)

      // Steps 3 and 4: the array's bytes as Data (the book's Array(unsafeData:) and
      // Data(copyingBufferOf:) extensions).
      let tSequence = Array(sequence)
      let myData = tSequence.map { Int32($0) }.withUnsafeBufferPointer(Data.init)  // Changed: was Data(copyingBufferOf:), the same body

      // Step 5: run and read the two values.
      try interpreter.allocateTensors()
      try interpreter.copy(myData, toInputAt: 0)
      try interpreter.invoke()
      let outputTensor = try interpreter.output(at: 0)
      let results: [Float32] = (try? outputTensor.values(as: Float32.self)) ?? []  // Changed: was [Float32](unsafeData: outputTensor.data) ?? []
      let negativeSentimentValue = results[0]
      let positiveSentimentValue = results[1]
      XCTAssertEqual(negativeSentimentValue, testCase.regexScores[0], accuracy: 1e-5, testCase.text)
      XCTAssertEqual(positiveSentimentValue, testCase.regexScores[1], accuracy: 1e-5, testCase.text)
    }
  }

  /// The TensorBridge form: the bundle's model.json names the vocabulary and tokenizer, and
  /// the classifier encodes at the model's own length.
  func testTheTextClassifierForm() throws {
    let reference = try SentimentReference.load()
    let classifier = try TextClassifier(contentsOf: SentimentReference.bundle)
    for testCase in reference.cases {
      let result = try classifier.classify(testCase.text)
      let best = try XCTUnwrap(testCase.regexScores.indices.max { testCase.regexScores[$0] < testCase.regexScores[$1] })
      XCTAssertEqual(result.categories.first?.label, reference.labels[best], testCase.text)
      XCTAssertEqual(result.categories.first?.score ?? -1, testCase.regexScores[best], accuracy: 1e-4, testCase.text)
    }
  }
}
