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

  /// RE2's own syntax that ICU reads otherwise: POSIX classes (negated, combined, inside negated
  /// sets), ASCII `\b` and `\B`, `(?P<name>…)` — 16 delimiters on 47 inputs
  /// (`scripts/text/make_re2_references.py`).
  func testRE2SyntaxMatchesRE2() throws {
    struct Reference: Decodable {
      var inputs: [String]
      var pieces: [String: [[String]]]
    }
    let url = TextFixtures.folder.appendingPathComponent("re2/reference.json")
    let reference = try JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    XCTAssertEqual(reference.pieces.count, 16)
    var mismatches = 0
    for (pattern, expected) in reference.pieces.sorted(by: { $0.key < $1.key }) {
      let tokenizer = try RegexTokenizer(delimiter: pattern, lowercase: false, syntax: .re2)
      for (index, input) in reference.inputs.enumerated() where tokenizer.tokenize(input) != expected[index] {
        mismatches += 1
        XCTAssertEqual(tokenizer.tokenize(input), expected[index], "\(pattern) on \(String(reflecting: input))")
      }
    }
    XCTAssertEqual(mismatches, 0)
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
