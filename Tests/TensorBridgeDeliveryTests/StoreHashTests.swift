import Foundation
import XCTest

@testable import TensorBridgeDelivery

/// The store hashes files (swift-crypto's SHA-256, read in 1 MiB pieces) as `sha256sum` does.
final class StoreHashTests: XCTestCase {
  func testMatchesSha256sum() throws {
    let folder = try Fixtures.temporaryDirectory("hash")
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let store = ModelStore(directory: folder)
    for (index, data) in [
      Data(), try Fixtures.model("metadata_classifier"), try Fixtures.padded("linear", 3 << 20, seed: 9),
    ]
    .enumerated() {
      let file = folder.appendingPathComponent("\(index).tflite")
      try data.write(to: file)
      let (hash, size) = try store.hash(of: file)
      XCTAssertEqual(hash, try Fixtures.sha256sum(data))
      XCTAssertEqual(size, Int64(data.count))
    }
    XCTAssertThrowsError(try store.hash(of: folder.appendingPathComponent("missing")))
  }
}
