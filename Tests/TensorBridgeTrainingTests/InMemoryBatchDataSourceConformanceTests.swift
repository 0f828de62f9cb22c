import TensorBridgeModels
import XCTest

@testable import TensorBridgeTraining

/// TensorIO/Tests/Core/TIOInMemoryBatchDataSourceTests.m (doc-ai/tensorio-ios @ c41e303), case
/// by case.
final class InMemoryBatchDataSourceConformanceTests: XCTestCase {
  let item: [String: ModelValue] = ["image": [0, 1, 2], "label": -1]
  var batch: Batch!

  override func setUpWithError() throws {
    batch = Batch(keys: ["image", "label"])
    try batch.add(["image": [0, 1, 2], "label": -1])
    try batch.add(["image": [3, 4, 5], "label": 0])
    try batch.add(["image": [6, 7, 8], "label": 1])
  }

  /// `testInitsWithBatchCorrectly` (it builds the source from one item).
  func testInitsWithBatchCorrectly() {
    let source = InMemoryBatchDataSource(item: item)
    XCTAssertEqual(source.numberOfItems, 1)
    XCTAssertEqual(source.batch[0], item)
  }

  /// `testInitsWithBatchItemCorrectly` (it builds the source from a batch).
  func testInitsWithBatchItemCorrectly() {
    let source = InMemoryBatchDataSource(batch: batch)
    XCTAssertEqual(source.numberOfItems, 3)
    for index in 0..<3 { XCTAssertEqual(source.batch[index], batch[index]) }
  }

  /// `testReturnsCorrectKeys`.
  func testReturnsCorrectKeys() {
    XCTAssertEqual(InMemoryBatchDataSource(batch: batch).keys, ["image", "label"])
  }

  /// `testReturnsCorrectNumberOfItems`.
  func testReturnsCorrectNumberOfItems() {
    XCTAssertEqual(InMemoryBatchDataSource(batch: batch).numberOfItems, 3)
  }

  /// `testReturnsCorrectItemAtIndex`.
  func testReturnsCorrectItemAtIndex() {
    let source = InMemoryBatchDataSource(batch: batch)
    for index in 0..<3 { XCTAssertEqual(source.item(at: index), batch[index]) }
  }
}
