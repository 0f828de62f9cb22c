import Foundation
import TensorBridgeText
import XCTest

/// Sequences: start token, unknown words, padding, truncation, BERT framing, missing special tokens.
final class TextEncoderTests: XCTestCase {
  func vocabulary(_ text: String, _ format: Vocabulary.Format = .wordIndex) throws -> Vocabulary {
    try Vocabulary(data: Data(text.utf8), format: format)
  }

  func testModelMakerSequence() throws {
    let encoder = try TextEncoder(
      tokenizer: WordTokenizer(), vocabulary: vocabulary("<PAD> 0\n<START> 1\n<UNKNOWN> 2\ngood 3\nday 4\n"))
    XCTAssertEqual(try encoder.encode("Good zebra day!", length: 6).ids, [1, 3, 2, 4, 0, 0])
    XCTAssertEqual(try encoder.encode("Good zebra day!", length: 6).mask, [1, 1, 1, 1, 0, 0])
    XCTAssertEqual(try encoder.encode("Good zebra day!", length: 2).ids, [1, 3])
    XCTAssertEqual(try encoder.encode("", length: 3).ids, [1, 0, 0])
    let noStart = try TextEncoder(
      tokenizer: WordTokenizer(), vocabulary: vocabulary("<PAD> 0\n<START> 1\n<UNKNOWN> 2\ngood 3\n"), startToken: false
    )
    XCTAssertEqual(try noStart.encode("good", length: 3).ids, [3, 0, 0])
  }

  func testTheBooksVocabularyDropsUnknownWordsAndPadsWithZero() throws {
    // Keras word_index: no special tokens, ids from 1; the book skips words it does not know.
    let encoder = try TextEncoder(tokenizer: WordTokenizer(), vocabulary: vocabulary("love 1\nthis 2\nmovie 3\n"))
    XCTAssertNil(encoder.startID)
    XCTAssertEqual(try encoder.encode("I LOVE this awful movie", length: 5).ids, [1, 2, 3, 0, 0])
  }

  func testConfigurableSpecialTokens() throws {
    let tokens = SpecialTokens(pad: "_", start: "BOS", unknown: "?")
    let encoder = try TextEncoder(
      tokenizer: WordTokenizer(), vocabulary: vocabulary("_ 7\nBOS 8\n? 9\nhi 1\n"), specialTokens: tokens)
    XCTAssertEqual(try encoder.encode("hi you", length: 5).ids, [8, 1, 9, 7, 7])
    XCTAssertEqual(SpecialTokens.wordIndex.overridden(by: ["unknown": "<OOV>"]).unknown, "<OOV>")
  }

  func testRequiredStartTokenMissing() throws {
    XCTAssertThrowsError(try TextEncoder(tokenizer: WordTokenizer(), vocabulary: vocabulary("a 0\n"), startToken: true))
    { error in
      XCTAssertEqual(error as? TextError, .missingSpecialToken(role: "start", name: "<START>"))
      XCTAssertEqual((error as? TextError)?.description, #"The vocabulary has no start token "<START>"."#)
    }
  }

  func testBertFramingAndTruncationKeepSeparator() throws {
    let encoder = try TextEncoder.bert(
      vocabulary: vocabulary("[PAD]\n[UNK]\n[CLS]\n[SEP]\nhello\nworld\n,\n", .tokenList))
    XCTAssertEqual(try encoder.encode("Hello, world", length: 8).ids, [2, 4, 6, 5, 3, 0, 0, 0])
    XCTAssertEqual(try encoder.encode("Hello, world", length: 8).mask, [1, 1, 1, 1, 1, 0, 0, 0])
    XCTAssertEqual(try encoder.encode("Hello, world", length: 4).ids, [2, 4, 6, 3])
    XCTAssertEqual(try encoder.encode("Hello zebra", length: 4).ids, [2, 4, 1, 3])
    XCTAssertEqual(try encoder.encode("", length: 2).ids, [2, 3])
    XCTAssertThrowsError(try encoder.encode("x", length: 1)) { XCTAssertEqual($0 as? TextError, .invalidLength(1)) }
  }

  func testBertMissingSpecialTokens() throws {
    XCTAssertThrowsError(try TextEncoder.bert(vocabulary: vocabulary("[PAD]\n[UNK]\n[SEP]\n", .tokenList))) {
      XCTAssertEqual($0 as? TextError, .missingSpecialToken(role: "classification", name: "[CLS]"))
    }
    XCTAssertThrowsError(try TextEncoder.bert(vocabulary: vocabulary("[CLS]\n[UNK]\n", .tokenList))) {
      XCTAssertEqual($0 as? TextError, .missingSpecialToken(role: "separator", name: "[SEP]"))
    }
    XCTAssertThrowsError(try TextEncoder.bert(vocabulary: vocabulary("[CLS]\n[SEP]\n", .tokenList))) {
      XCTAssertEqual($0 as? TextError, .missingSpecialToken(role: "unknown", name: "[UNK]"))
    }
    XCTAssertThrowsError(
      try TextEncoder.bert(vocabulary: vocabulary("[CLS]\n[SEP]\n[UNK]\n", .tokenList), maxWordLength: 0)
    ) {
      XCTAssertEqual($0 as? TextError, .invalidOption(name: "maxWordLength", reason: "it must be at least 1, not 0"))
    }
  }

  func testInvalidLengthAndDelimiter() throws {
    let encoder = try TextEncoder(tokenizer: WordTokenizer(), vocabulary: vocabulary("a 0\n"))
    XCTAssertThrowsError(try encoder.encode("a", length: 0)) { XCTAssertEqual($0 as? TextError, .invalidLength(0)) }
    XCTAssertThrowsError(try RegexTokenizer(delimiter: "[unclosed")) { error in
      guard case .invalidDelimiter(let pattern, _)? = error as? TextError else { return XCTFail("\(error)") }
      XCTAssertEqual(pattern, "[unclosed")
    }
  }

  func testHugeAndOddInputsDoNotCrash() throws {
    let encoder = try TextEncoder.bert(vocabulary: Vocabulary(data: TextFixtures.bertVocabulary, format: .tokenList))
    let inputs = [
      String(repeating: "a", count: 100_000), String(repeating: "!", count: 10_000), "\u{0}\u{FFFD}\u{200D}\u{7}",
      String(repeating: "\u{301}", count: 500), "e\u{301}\u{302}\u{303}\u{304}", String(repeating: "😀", count: 1_000),
      "\u{10FFFF}\u{E000}", "İ", "ß", "ﬃ",
    ]
    for text in inputs {
      XCTAssertEqual(try encoder.encode(text, length: 16).ids.count, 16)
      _ = WordTokenizer().tokenize(text)
      _ = try RegexTokenizer().tokenize(text)
    }
  }
}
