import XCTest

@testable import ModelHub

/// `If-None-Match` is read byte by byte for ASCII headers (on every version check) and through
/// Foundation otherwise: both readings must agree on every header, and say what RFC 9110's
/// weak comparison says for the hub's strong hash tags.
final class IfNoneMatchTests: XCTestCase {
  private let hash = String(repeating: "ab12", count: 16)

  func testKnownHeaders() {
    let yes = [
      "\"\(hash)\"", hash, "W/\"\(hash)\"", "*", " * ", "\"x\", \"\(hash)\"", "\t\"\(hash)\"\t", ",\"\(hash)\",",
      "\"\"\(hash)\"\"", "\"x\",W/\"\(hash)\"",
    ]
    let no = [
      "", ",", "\"x\"", "\"\(hash.dropLast())\"", "w/\"\(hash)\"", "\"\(hash) \"", "**", "\"\(hash)\"x",
      "\u{00A0}\"\(hash.uppercased())\"",
    ]
    for header in yes { XCTAssertTrue(HTTPHelpers.matches(ifNoneMatch: header, hash: hash), header) }
    for header in no { XCTAssertFalse(HTTPHelpers.matches(ifNoneMatch: header, hash: hash), header) }
    // Non-ASCII whitespace is trimmed as Foundation trims it.
    XCTAssertTrue(HTTPHelpers.matches(ifNoneMatch: "\u{00A0}\"\(hash)\"\u{2003}", hash: hash))
  }

  /// Random headers built from the pieces that matter agree with the Foundation reading.
  func testByteReadingAgreesWithFoundation() {
    var generator = SystemRandomNumberGenerator()
    let pieces = [
      hash, "\"", "W/", "w/", ",", " ", "\t", "*", "x", String(hash.prefix(10)), "\u{00A0}", "\u{3000}", "é",
    ]
    for _ in 0..<20_000 {
      let count = Int.random(in: 0...6, using: &generator)
      let header = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
      XCTAssertEqual(
        HTTPHelpers.matches(ifNoneMatch: header, hash: hash),
        HTTPHelpers.matchesUnicode(ifNoneMatch: header, hash: hash),
        header)
    }
  }
}
