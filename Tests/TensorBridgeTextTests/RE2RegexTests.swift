import Foundation
import TensorBridgeText
import XCTest

/// RegexTokenizer with RE2 syntax against RE2 itself (google-re2, splitting as tflite-support's
/// `RegexTokenizer::Tokenize` does) for 8 delimiters on every conformance input.
final class RE2RegexTests: XCTestCase {
  func testPiecesMatchRE2() throws {
    let reference = try TaskLibraryReference.load()
    XCTAssertEqual(reference.re2_pieces.count, 8)
    for (pattern, expected) in reference.re2_pieces.sorted(by: { $0.key < $1.key }) {
      let tokenizer = try RegexTokenizer(delimiter: pattern, lowercase: false, syntax: .re2)
      for (index, input) in reference.inputs.enumerated() {
        XCTAssertEqual(tokenizer.tokenize(input), expected[index], "\(pattern) on \(String(reflecting: input))")
      }
    }
  }

  func testModelMakerDelimiterScannerAgreesWithTheTranslatedPattern() throws {
    let reference = try TaskLibraryReference.load()
    let scanner = try RegexTokenizer(lowercase: false, syntax: .re2)
    // The same pattern written differently takes the ICU path.
    let translated = try RegexTokenizer(delimiter: #"[^\w']+"#, lowercase: false, syntax: .re2)
    for input in reference.inputs { XCTAssertEqual(scanner.tokenize(input), translated.tokenize(input), input) }
  }

  func testICUSyntaxStaysUnicode() throws {
    XCTAssertEqual(try RegexTokenizer(lowercase: false, syntax: .icu).tokenize("I’ve café"), ["I", "ve", "café"])
    XCTAssertEqual(try RegexTokenizer(lowercase: false, syntax: .re2).tokenize("I’ve café"), ["I", "ve", "caf"])
  }
}
