import TensorBridgeModels
import XCTest

@testable import TensorBridgeTraining

/// doc-ai/tensorio-android's core/src/test/java/ai/doc/tensorio/core/data/BatchTest.java and
/// InMemoryBatchDataSourceTest.java, case by case.
final class TensorIOAndroidBatchTests: XCTestCase {
  let item1: [String: ModelValue] = ["input": [1, 2, 3, 4], "label": [2]]
  let item2: [String: ModelValue] = ["input": [10, 20, 30, 40], "label": [20]]

  /// BatchTest `testEmptyBatchWithKeys`.
  func testEmptyBatchWithKeys() {
    let batch = Batch(keys: ["input", "label"])
    XCTAssertEqual(Set(batch.keys), ["input", "label"])
    XCTAssertEqual(batch.count, 0)
  }

  /// BatchTest `testBatchWithItem`.
  func testBatchWithItem() {
    let item: [String: ModelValue] = ["input": [1], "label": [2]]
    let batch = Batch(item: item)
    XCTAssertEqual(Set(batch.keys), ["input", "label"])
    XCTAssertEqual(batch.count, 1)
    XCTAssertEqual(batch[0], item)
    XCTAssertEqual(batch.column("input"), [[1]])
    XCTAssertEqual(batch.column("label"), [[2]])
  }

  /// BatchTest `testBatchWithItems`.
  func testBatchWithItems() throws {
    let batch = try Batch(items: [item1, item2])
    XCTAssertEqual(Set(batch.keys), ["input", "label"])
    XCTAssertEqual(batch.count, 2)
    XCTAssertEqual(batch[0], item1)
    XCTAssertEqual(batch[1], item2)
    XCTAssertEqual(batch.column("input"), [[1, 2, 3, 4], [10, 20, 30, 40]])
    XCTAssertEqual(batch.column("label"), [[2], [20]])
  }

  /// BatchTest `testBatchWithItemsDifferentKeysThrowsException`: a typed error naming the key.
  func testBatchWithItemsDifferentKeysThrowsException() {
    let first: [String: ModelValue] = ["foo": [1, 2, 3, 4], "bar": [2]]
    let second: [String: ModelValue] = ["fuz": [10, 20, 30, 40], "baz": [20]]
    XCTAssertThrowsError(try Batch(items: [first, second])) { error in
      XCTAssertEqual(error as? TrainingError, .missingKey(key: "bar", item: 1))
    }
  }

  /// BatchTest `testAddsItemToEmptyBatch`.
  func testAddsItemToEmptyBatch() throws {
    var batch = Batch(keys: ["input", "label"])
    try batch.add(["input": [1], "label": [2]])
    XCTAssertEqual(batch.count, 1)
    XCTAssertEqual(batch.column("input"), [[1]])
  }

  /// BatchTest `testAddsItemToNonEmptyBatch`.
  func testAddsItemToNonEmptyBatch() throws {
    var batch = Batch(item: item1)
    try batch.add(item2)
    XCTAssertEqual(batch.count, 2)
    XCTAssertEqual(batch[1], item2)
    XCTAssertEqual(batch.column("label"), [[2], [20]])
  }

  /// BatchTest `testAddsItemToBatchWithDifferentKeysThrowsException`.
  func testAddsItemToBatchWithDifferentKeysThrowsException() {
    var batch = Batch(keys: ["input", "label"])
    XCTAssertThrowsError(try batch.add(["input": [1], "label": [2], "extra": [3]])) { error in
      XCTAssertEqual(error as? TrainingError, .unknownKey(key: "extra", keys: ["input", "label"]))
    }
    XCTAssertThrowsError(try batch.add(["foo": [1]])) { error in
      XCTAssertEqual(error as? TrainingError, .missingKey(key: "input", item: 0))
    }
    XCTAssertEqual(batch.count, 0)
  }

  /// InMemoryBatchDataSourceTest `testTakesKeysFromBatch`, `testGetsSizeFromBatch`,
  /// `testReturnsItemsFromBatch`.
  func testDataSourceFromBatch() throws {
    let source = InMemoryBatchDataSource(batch: try Batch(items: [item1, item2]))
    XCTAssertEqual(Set(source.keys), ["input", "label"])
    XCTAssertEqual(source.numberOfItems, 2)
    XCTAssertEqual(source.item(at: 0), item1)
    XCTAssertEqual(source.item(at: 1), item2)
  }

  /// InMemoryBatchDataSourceTest `testTakesKeysFromItem`, `testGetsSizeFromItem`,
  /// `testReturnsItemFromItem`.
  func testDataSourceFromItem() {
    let source = InMemoryBatchDataSource(item: item1)
    XCTAssertEqual(Set(source.keys), ["input", "label"])
    XCTAssertEqual(source.numberOfItems, 1)
    XCTAssertEqual(source.item(at: 0), item1)
  }
}
