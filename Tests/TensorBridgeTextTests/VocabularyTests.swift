import Foundation
import TensorBridgeText
import XCTest

/// Vocabulary files: both formats, special tokens by name, and every bad file with its line.
final class VocabularyTests: XCTestCase {
  func parse(_ text: String, _ format: Vocabulary.Format = .wordIndex) throws(VocabularyError) -> Vocabulary {
    try Vocabulary(data: Data(text.utf8), format: format, file: "vocab.txt")
  }

  func error(_ text: String, _ format: Vocabulary.Format = .wordIndex) -> VocabularyError? {
    error(Data(text.utf8), format)
  }

  func error(_ data: Data, _ format: Vocabulary.Format = .wordIndex) -> VocabularyError? {
    do { _ = try Vocabulary(data: data, format: format, file: "vocab.txt") } catch { return error }
    return nil
  }

  func testWordIndexAsModelMakerWritesIt() throws {
    let vocabulary = try parse("<PAD> 0\n<START> 1\n<UNKNOWN> 2\nthe 3\ndon't 4\ncafé 5\n")
    XCTAssertEqual(vocabulary.count, 6)
    XCTAssertEqual(vocabulary.id(for: "the"), 3)
    XCTAssertEqual(vocabulary.id(for: "don't"), 4)
    XCTAssertEqual(vocabulary.id(for: "café"), 5)
    XCTAssertNil(vocabulary.id(for: "The"))
  }

  func testCommittedVocabulariesParse() throws {
    let words = try Vocabulary(data: TextFixtures.sentimentVocabulary, format: .wordIndex)
    XCTAssertEqual(words.id(for: "<PAD>"), 0)
    XCTAssertEqual(words.id(for: "<START>"), 1)
    XCTAssertEqual(words.id(for: "<UNKNOWN>"), 2)
    let bert = try Vocabulary(data: TextFixtures.bertVocabulary, format: .tokenList)
    XCTAssertEqual(bert.id(for: "[PAD]"), 0)
    XCTAssertEqual(bert.id(for: "[CLS]"), 2)
    XCTAssertEqual(bert.id(for: "##ing"), try XCTUnwrap(bert.ids["##ing"]))
  }

  func testLineEndingsTabsFinalNewlineAndByteOrderMark() throws {
    let vocabulary = try parse("\u{FEFF}<PAD>\t0\r\nhello   7\r\nworld 8")
    XCTAssertEqual(vocabulary.ids, ["<PAD>": 0, "hello": 7, "world": 8])
    let tokens = try parse("[PAD]\r\n[UNK]\n  hello \n", .tokenList)
    XCTAssertEqual(tokens.ids, ["[PAD]": 0, "[UNK]": 1, "hello": 2])
  }

  func testSpecialTokensByNameIgnoringCaseWhenUnambiguous() throws {
    let vocabulary = try parse("<Pad> 0\n<start> 1\nhello 2\n")
    XCTAssertEqual(vocabulary.specialTokenID(named: "<PAD>"), 0)
    XCTAssertEqual(vocabulary.specialTokenID(named: "<START>"), 1)
    XCTAssertNil(vocabulary.specialTokenID(named: "<UNKNOWN>"))
    let ambiguous = try parse("<pad> 0\n<PAD> 1\n<Pad> 2\n")
    XCTAssertEqual(ambiguous.specialTokenID(named: "<PAD>"), 1)
    XCTAssertNil(ambiguous.specialTokenID(named: "<pAD>"))
  }

  func testMalformedLinesNameTheLine() {
    XCTAssertEqual(
      error("a 0\nhello\n"),
      .malformedLine(file: "vocab.txt", line: 2, text: "hello", reason: "has no index (expected \"word index\")"))
    XCTAssertEqual(
      error("a 0\nb 1\nhello there 2\n"),
      .malformedLine(
        file: "vocab.txt", line: 3, text: "hello there 2", reason: "has more than two fields (expected \"word index\")")
    )
    XCTAssertEqual(
      error(" 4\n"),
      .malformedLine(file: "vocab.txt", line: 1, text: " 4", reason: "has no word (expected \"word index\")"))
    XCTAssertEqual(error("a 0\nb 1\n"), nil)
    XCTAssertEqual(error("a 0\nb 1\n")?.description, nil)
    XCTAssertEqual(
      error("a 0\nhello\n")?.description,
      #"Line 2 of the vocabulary vocab.txt ("hello") has no index (expected "word index")."#)
  }

  func testNonNumericNegativeAndHugeIndices() {
    XCTAssertEqual(error("a 0\nb one\n"), .invalidIndex(file: "vocab.txt", line: 2, word: "b", index: "one"))
    XCTAssertEqual(error("a -1\n"), .invalidIndex(file: "vocab.txt", line: 1, word: "a", index: "-1"))
    XCTAssertEqual(error("a 1.5\n"), .invalidIndex(file: "vocab.txt", line: 1, word: "a", index: "1.5"))
    XCTAssertEqual(
      error("a 0\nb 2147483648\n"), .invalidIndex(file: "vocab.txt", line: 2, word: "b", index: "2147483648"))
    XCTAssertEqual(
      error("a 99999999999999999999999\n"),
      .invalidIndex(file: "vocab.txt", line: 1, word: "a", index: "99999999999999999999999"))
    XCTAssertEqual(error("a ٣\n"), .invalidIndex(file: "vocab.txt", line: 1, word: "a", index: "٣"))
    XCTAssertEqual(
      error("a 0\nb one\n")?.description,
      #"Line 2 of the vocabulary vocab.txt gives "b" the index "one", which is not a whole number from 0 to 2147483647."#
    )
  }

  func testDuplicateWordsAndIndices() {
    XCTAssertEqual(error("a 0\nb 1\na 2\n"), .duplicateWord(file: "vocab.txt", line: 3, word: "a", firstLine: 1))
    XCTAssertEqual(
      error("a 0\nb 1\nc 1\n"),
      .duplicateIndex(file: "vocab.txt", line: 3, index: 1, word: "c", firstWord: "b", firstLine: 2))
    XCTAssertEqual(
      error("[PAD]\nhello\n[PAD]\n", .tokenList),
      .duplicateWord(file: "vocab.txt", line: 3, word: "[PAD]", firstLine: 1))
    XCTAssertEqual(
      error("a 0\nb 1\nc 1\n")?.description,
      #"Line 3 of the vocabulary vocab.txt gives "c" the index 1, which "b" already has on line 2."#)
  }

  func testEmptyLinesAndEmptyFiles() {
    XCTAssertEqual(error("a 0\n\nb 1\n"), .emptyLine(file: "vocab.txt", line: 2))
    XCTAssertEqual(error("a\n \nb\n", .tokenList), .emptyLine(file: "vocab.txt", line: 2))
    XCTAssertEqual(error(""), .empty(file: "vocab.txt"))
    XCTAssertEqual(error("\n"), .emptyLine(file: "vocab.txt", line: 1))
    XCTAssertEqual(error("", .tokenList), .empty(file: "vocab.txt"))
  }

  func testInvalidUTF8NamesTheLine() {
    var data = Data("a 0\nb 1\n".utf8)
    data.append(contentsOf: [0x63, 0xFF, 0x20, 0x32, 0x0A])
    XCTAssertEqual(error(data), .invalidUTF8(file: "vocab.txt", line: 3))
    XCTAssertEqual(
      error(Data([0x5B, 0x50, 0x5D, 0x0A, 0xC3, 0x28, 0x0A]), .tokenList), .invalidUTF8(file: "vocab.txt", line: 2))
    XCTAssertEqual(error(data)?.description, "Line 3 of the vocabulary vocab.txt is not valid UTF-8.")
  }

  func testUnreadableFile() {
    let missing = URL(fileURLWithPath: "/nonexistent/vocab.txt")
    XCTAssertThrowsError(try Vocabulary(contentsOf: missing, format: .wordIndex)) { error in
      guard case .unreadable(let file, _)? = error as? VocabularyError else { return XCTFail("\(error)") }
      XCTAssertEqual(file, "vocab.txt")
    }
  }
}
