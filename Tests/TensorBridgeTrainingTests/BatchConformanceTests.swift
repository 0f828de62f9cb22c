import TensorBridgeModels
import XCTest

@testable import TensorBridgeTraining

/// TensorIO/Tests/Core/TIOBatchTests.m (doc-ai/tensorio-ios), case by case.
final class BatchConformanceTests: XCTestCase {
  let first: [String: ModelValue] = ["image": [1, 2, 3], "label": [0]]
  let second: [String: ModelValue] = ["image": [4, 5, 6], "label": [1]]
  let third: [String: ModelValue] = ["image": [7, 8, 9], "label": [1]]

  /// `testBatch`: keys, items added one by one, items by index, values by key.
  func testBatch() throws {
    var batch = Batch(keys: ["image", "label"])
    try batch.add(first)
    try batch.add(second)
    try batch.add(third)
    XCTAssertEqual(batch.count, 3)
    XCTAssertEqual(batch[0], first)
    XCTAssertEqual(batch[1], second)
    XCTAssertEqual(batch[2], third)
    XCTAssertEqual(batch.column("image"), [[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    XCTAssertEqual(batch.column("label"), [[0], [1], [1]])
  }

  /// `testInitBatchWithSingleItem`.
  func testInitBatchWithSingleItem() throws {
    var batch = Batch(item: first)
    XCTAssertEqual(batch.count, 1)
    XCTAssertEqual(batch.keys, ["image", "label"])
    XCTAssertEqual(batch[0], first)
    try batch.add(second)
    XCTAssertEqual(batch.count, 2)
    XCTAssertEqual(batch[1], second)
    XCTAssertEqual(batch.column("image"), [[1, 2, 3], [4, 5, 6]])
    XCTAssertEqual(batch.column("label"), [[0], [1]])
  }

  /// `testBatchWithMultipleItems`.
  func testBatchWithMultipleItems() throws {
    let batch = try Batch(items: [first, second])
    XCTAssertEqual(batch.count, 2)
    XCTAssertEqual(batch[0], first)
    XCTAssertEqual(batch[1], second)
    XCTAssertEqual(batch.column("image"), [[1, 2, 3], [4, 5, 6]])
    XCTAssertEqual(batch.column("label"), [[0], [1]])
    XCTAssertThrowsError(try Batch(items: [])) { XCTAssertEqual($0 as? TrainingError, .emptyBatch) }
    XCTAssertThrowsError(try Batch(items: [first, ["image": [1, 2, 3]]])) {
      XCTAssertEqual($0 as? TrainingError, .missingKey(key: "label", item: 1))
    }
  }
}
