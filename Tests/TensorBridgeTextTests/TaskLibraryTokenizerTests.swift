import Foundation
import TensorBridgeText
import XCTest

/// tflite-support's tokenizer tests that need no downloaded file, reproduced.
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
