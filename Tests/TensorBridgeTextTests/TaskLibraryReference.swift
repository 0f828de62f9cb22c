import Foundation
import TensorBridgeModels
import XCTest

/// Tests/Fixtures/text/tasklibrary: models and what tflite-support 0.4.4's own NLClassifier and
/// BertNLClassifier returned on them (scripts/text/make_task_library_references.py).
struct TaskLibraryReference: Decodable {
  struct Category: Decodable, Equatable {
    var name: String
    var score: Double
  }

  var inputs: [String]
  var nl_classifier: [String: [[Category]]]
  var bert_nl_classifier: [String: [[Category]]]
  var re2_pieces: [String: [[String]]]

  static let folder = TextFixtures.folder.appendingPathComponent("tasklibrary")
  static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

  static func load() throws -> TaskLibraryReference {
    try JSONDecoder().decode(TaskLibraryReference.self, from: Data(contentsOf: url("reference.json")))
  }

  /// The expected categories of `model` (NLClassifier or BertNLClassifier results).
  func categories(_ model: String) throws -> [[Category]] {
    try XCTUnwrap(nl_classifier[model] ?? bert_nl_classifier[model], "no reference for \(model)")
  }
}

/// The Task Library's tolerance-free comparisons, with a stated tolerance: 1e-5 on scores.
/// ``assertSameCategories(_:_:tolerance:_:file:line:)`` on a result's categories.
func assertSameCategories(
  _ actual: ClassificationResult, _ expected: [TaskLibraryReference.Category], tolerance: Double = 1e-5,
  _ message: String, file: StaticString = #filePath, line: UInt = #line
) {
  assertSameCategories(actual.categories, expected, tolerance: tolerance, message, file: file, line: line)
}

func assertSameCategories(
  _ actual: [TensorBridgeModels.Category], _ expected: [TaskLibraryReference.Category], tolerance: Double = 1e-5,
  _ message: String, file: StaticString = #filePath, line: UInt = #line
) {
  // UnorderedElementsAreArray: the same (name, score) pairs in any order.
  let byName = Dictionary(
    actual.map { ($0.label ?? "#\($0.index)", Double($0.score)) }, uniquingKeysWith: { first, _ in first })
  XCTAssertEqual(actual.count, expected.count, "category count: \(message)", file: file, line: line)
  for category in expected {
    guard let score = byName[category.name] else {
      XCTFail("no category \(category.name): \(message)", file: file, line: line)
      continue
    }
    XCTAssertEqual(score, category.score, accuracy: tolerance, "\(category.name): \(message)", file: file, line: line)
  }
}

/// An echo model's categories ("0", "1", … with the values as scores) as the value sequence.
func echoedSequence(_ categories: [TaskLibraryReference.Category]) -> [Double] {
  categories.sorted { (Int($0.name) ?? 0) < (Int($1.name) ?? 0) }.map(\.score)
}
