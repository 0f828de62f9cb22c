import Foundation
import TensorBridgeText
import XCTest

/// A text classifier shared by concurrent `Task`s gives the sequential results.
final class ConcurrentTextTaskTests: XCTestCase {
  func testTextClassifierSharedByConcurrentTasks() async throws {
    let classifier = try TextClassifier(contentsOf: TextFixtures.url("sentiment_metadata.tflite"))
    let texts = ["What a wonderful day!", "This is terrible.", "It was fine, I guess."]
    let expected = try texts.map { try classifier.classify($0) }
    let results = try await withThrowingTaskGroup(of: (Int, ClassificationResult).self) { group in
      for _ in 0..<3 {
        for (index, text) in texts.enumerated() { group.addTask { (index, try await classifier.process(text)) } }
      }
      return try await group.reduce(into: [(Int, ClassificationResult)]()) { $0.append($1) }
    }
    XCTAssertEqual(results.count, 9)
    for (index, result) in results { XCTAssertEqual(result, expected[index]) }
  }
}
