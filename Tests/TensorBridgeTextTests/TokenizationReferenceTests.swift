import Foundation
import TensorBridgeText
import XCTest

/// Token strings and ids equal the Python reference (scripts/fixtures/text_tokenizers.py) for the
/// committed tricky strings: emoji, accents (composed and combining), CJK, punctuation runs,
/// empty, controls, a 10,000-word input.
final class TokenizationReferenceTests: XCTestCase {
  var cases: [[String: Any]] = []
  var words: Vocabulary!
  var bert: Vocabulary!

  override func setUpWithError() throws {
    cases = try TextFixtures.cases("tokenization.reference.json")
    words = try Vocabulary(data: TextFixtures.sentimentVocabulary, format: .wordIndex)
    bert = try Vocabulary(data: TextFixtures.bertVocabulary, format: .tokenList)
    XCTAssertGreaterThanOrEqual(cases.count, 25)
  }

  func text(_ item: [String: Any]) throws -> String { try XCTUnwrap(item["text"] as? String) }

  func part(_ item: [String: Any], _ key: String) throws -> [String: Any] { try XCTUnwrap(item[key] as? [String: Any]) }

  func ints(_ value: Any?) throws -> [Int] { try XCTUnwrap(value as? [Int]) }
  func int32s(_ value: Any?) throws -> [Int32] { try ints(value).map { Int32($0) } }

  func testTheReferenceCoversTheTrickyStrings() throws {
    let texts = try cases.map(text)
    XCTAssertTrue(texts.contains(""))
    XCTAssertTrue(texts.contains { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
    XCTAssertTrue(texts.contains { $0.contains("é") })
    XCTAssertTrue(texts.contains { $0.unicodeScalars.contains { $0.value == 0x301 } })
    XCTAssertTrue(texts.contains { $0.contains("北京") })
    XCTAssertTrue(texts.contains { $0.contains("?!?!...") })
    let longest = try XCTUnwrap(texts.max { $0.count < $1.count })
    XCTAssertEqual(longest.split(separator: " ").count, 10_000)
  }

  func testWordTokenizerMatchesPython() throws {
    let tokenizer = WordTokenizer()
    let encoder = try TextEncoder(tokenizer: tokenizer, vocabulary: words)
    for item in cases {
      let text = try text(item)
      let expected = try part(item, "word")
      XCTAssertEqual(
        tokenizer.tokenize(text), expected["tokens"] as? [String], "tokens of \(text.prefix(60).debugDescription)")
      let ids = tokenizer.tokenize(text).map { words.id(for: $0) ?? 2 }
      XCTAssertEqual(ids, try ints(expected["ids"]), "ids of \(text.prefix(60).debugDescription)")
      XCTAssertEqual(
        try encoder.encode(text, length: 24).ids, try int32s(expected["sequence"]),
        "sequence of \(text.prefix(60).debugDescription)")
    }
  }

  func testRegexTokenizerMatchesPython() throws {
    let tokenizer = try RegexTokenizer()
    let encoder = try TextEncoder(tokenizer: tokenizer, vocabulary: words)
    var compared = 0
    for item in cases {
      let text = try text(item)
      let expected = try part(item, "regex")
      // Documented difference: ICU's \w matches marks and U+200C/U+200D and not other numbers
      // (No, e.g. ½); Python's matches other numbers and neither marks nor joiners.
      let lowered = text.unicodeScalars.flatMap { $0.properties.lowercaseMapping.unicodeScalars }
      let differs: (Unicode.Scalar) -> Bool = {
        [.nonspacingMark, .spacingMark, .enclosingMark, .otherNumber].contains($0.properties.generalCategory)
          || $0.value == 0x200C || $0.value == 0x200D
      }
      if lowered.contains(where: differs) {
        XCTAssertNotEqual(
          tokenizer.tokenize(text), expected["tokens"] as? [String], "the documented difference should show")
        continue
      }
      compared += 1
      XCTAssertEqual(
        tokenizer.tokenize(text), expected["tokens"] as? [String], "tokens of \(text.prefix(60).debugDescription)")
      XCTAssertEqual(
        try encoder.encode(text, length: 24).ids, try int32s(expected["sequence"]),
        "sequence of \(text.prefix(60).debugDescription)")
    }
    XCTAssertEqual(compared, cases.count - 4)
  }

  func testWordPieceMatchesPython() throws {
    let tokenizer = WordPieceTokenizer(vocabulary: bert)
    let encoder = try TextEncoder.bert(vocabulary: bert)
    for item in cases {
      let text = try text(item)
      let expected = try part(item, "wordpiece")
      let label = text.prefix(60).debugDescription
      XCTAssertEqual(tokenizer.tokenize(text), expected["tokens"] as? [String], "tokens of \(label)")
      XCTAssertEqual(tokenizer.ids(for: text, unknownID: 1), try ints(expected["ids"]), "ids of \(label)")
      let encoded = try encoder.encode(text, length: 16)
      XCTAssertEqual(encoded.ids, try int32s(expected["ids_sequence"]), "ids sequence of \(label)")
      XCTAssertEqual(encoded.mask, try int32s(expected["mask"]), "mask of \(label)")
      XCTAssertEqual(encoded.segmentIds, try int32s(expected["segment_ids"]), "segment ids of \(label)")
    }
  }

  func testSpotChecksOfTheDefinitions() throws {
    XCTAssertEqual(WordTokenizer().tokenize("Don’t STOP—it's 北京 😀 x"), ["don't", "stop", "it's", "北", "京", "x"])
    XCTAssertEqual(WordTokenizer(lowercase: false).tokenize("Hello ÜBER"), ["Hello", "ÜBER"])
    XCTAssertEqual(BasicTokenizer().tokenize("Café, naïve! 北京"), ["cafe", ",", "naive", "!", "北", "京"])
    XCTAssertEqual(WordPieceTokenizer(vocabulary: bert).tokenize("unbelievable"), ["un", "##believ", "##able"])
    XCTAssertEqual(
      WordPieceTokenizer(vocabulary: bert, maxWordLength: 5).tokenize("jumps play jumping"),
      ["jump", "##s", "play", "[UNK]"])
    XCTAssertEqual(try RegexTokenizer(delimiter: "[,;]", lowercase: false).tokenize("A,b;;C"), ["A", "b", "C"])
  }
}
