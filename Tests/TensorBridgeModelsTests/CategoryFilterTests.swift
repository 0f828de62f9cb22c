import TensorBridgeModels
import XCTest

/// The one category filter the classification and detection tasks share.
final class CategoryFilterTests: XCTestCase {
  let categories = [
    Category(index: 0, label: "cat", score: 0.2), Category(index: 1, label: "dog", score: 0.5),
    Category(index: 2, label: nil, score: 0.5), Category(index: 3, label: "bird", score: 0.05),
  ]

  func testDefaultKeepsAllBestFirstTiesInOrder() {
    XCTAssertEqual(CategoryFilter().apply(categories).map(\.index), [1, 2, 0, 3])
  }

  func testThresholdAndMaxResults() {
    XCTAssertEqual(
      CategoryFilter(scoreThreshold: 0.2).apply(categories).map(\.index), [1, 2, 0], "the threshold itself passes")
    XCTAssertEqual(CategoryFilter(maxResults: 2).apply(categories).map(\.index), [1, 2])
    XCTAssertEqual(CategoryFilter(maxResults: 0).apply(categories).count, 4, "0 or less keeps all")
    XCTAssertEqual(CategoryFilter(maxResults: 1, scoreThreshold: 0.9).apply(categories), [])
  }

  func testAllowlistDropsUnlabelledDenylistKeepsThem() {
    XCTAssertEqual(CategoryFilter(allowlist: ["cat", "bird"]).apply(categories).map(\.index), [0, 3])
    XCTAssertEqual(CategoryFilter(denylist: ["dog"]).apply(categories).map(\.index), [2, 0, 3])
  }

  func testItemsAreJudgedByTheirCategory() {
    let boxes = [
      ("a", Category(index: 0, label: "cat", score: 0.3)), ("b", Category(index: 1, label: "dog", score: 0.9)),
    ]
    XCTAssertEqual(CategoryFilter(denylist: ["cat"]).apply(boxes) { $0.1 }.map(\.0), ["b"])
    XCTAssertEqual(CategoryFilter().apply(boxes) { $0.1 }.map(\.0), ["b", "a"])
    XCTAssertEqual(CategoryFilter().apply(boxes) { _ in nil }.count, 0, "items without a category are left out")
  }

  func testProblems() {
    XCTAssertNil(CategoryFilter(allowlist: ["a"]).problem)
    XCTAssertEqual(CategoryFilter(allowlist: ["a"], denylist: ["b"]).problem, .allowlistAndDenylist)
    XCTAssertEqual(CategoryFilter(scoreThreshold: .nan).problem, .thresholdNotANumber)
  }
}
