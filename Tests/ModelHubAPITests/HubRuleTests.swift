import ModelHubAPI
import XCTest

/// The name and hash rules, at their boundaries.
final class HubRuleTests: XCTestCase {
  func testNames() {
    for name in ["a", "flowers", "A-b_9", String(repeating: "x", count: 60)] {
      XCTAssertTrue(HubName.isValid(name), name)
    }
    for name in ["", String(repeating: "x", count: 61), "a b", "a/b", "a:b", "a.b", "é", "..", "a%2F"] {
      XCTAssertFalse(HubName.isValid(name), name)
    }
    XCTAssertEqual(HubName.ruleDescription, "1 to 60 letters, digits, '_' or '-'")
  }

  func testHashes() {
    let hash = String(repeating: "0123456789abcdef", count: 4)
    XCTAssertTrue(HubHash.isValid(hash))
    XCTAssertFalse(HubHash.isValid(hash.uppercased()))
    XCTAssertFalse(HubHash.isValid(hash.dropLast()))
    XCTAssertFalse(HubHash.isValid(hash + "0"))
    XCTAssertFalse(HubHash.isValid(String(hash.dropLast()) + "g"))
    XCTAssertEqual(HubHash.hex([0x00, 0x0f, 0xa5, 0xff]), "000fa5ff")
    XCTAssertTrue(HubHash.isValid(HubHash.hex([UInt8](repeating: 0xab, count: 32))))
  }
}
