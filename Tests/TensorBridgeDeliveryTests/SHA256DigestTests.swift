import Foundation
import TensorBridgeDelivery
import XCTest

/// The Swift SHA-256 against the FIPS 180-4 / NIST example vectors and against `sha256sum`.
final class SHA256DigestTests: XCTestCase {
  func testKnownVectors() {
    XCTAssertEqual(SHA256Digest.hash(Array("".utf8)).hexString,
                   "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    XCTAssertEqual(SHA256Digest.hash(Array("abc".utf8)).hexString,
                   "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    XCTAssertEqual(SHA256Digest.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)).hexString,
                   "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    XCTAssertEqual(SHA256Digest.hash(Array("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu".utf8)).hexString,
                   "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    XCTAssertEqual(SHA256Digest.hash([UInt8](repeating: 0x61, count: 1_000_000)).hexString,
                   "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// Every split of the input into two updates gives the same digest as one update, across the
  /// 55/56/64-byte padding boundaries.
  func testIncrementalUpdatesMatchOneShot() {
    let bytes = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    for length in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 200] {
      let input = Array(bytes[0..<length])
      let whole = SHA256Digest.hash(input)
      for split in stride(from: 0, through: length, by: max(1, length / 7)) {
        var digest = SHA256Digest()
        digest.update(input[0..<split])
        digest.update(Data(input[split...]))
        XCTAssertEqual(digest.finalize(), whole, "length \(length) split at \(split)")
      }
    }
  }

  /// Against the system's `sha256sum` on a real model file and on a 3 MB pseudo-random one.
  func testMatchesSha256sum() throws {
    for data in [try Fixtures.model("metadata_classifier"), try Fixtures.padded("linear", 3 << 20, seed: 9)] {
      XCTAssertEqual(SHA256Digest.hash(data).hexString, try Fixtures.sha256sum(data))
    }
  }
}
