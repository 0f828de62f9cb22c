import Foundation
import TensorBridgeVision
import XCTest

/// One task instance shared by concurrent `Task`s gives the same results as sequential calls,
/// through its async and completion-handler forms.
final class ConcurrentTaskTests: XCTestCase {
  private let samples = ["0_red_green.png", "1_blue.png", "2_three.jpg"]

  private func images() throws -> [PixelBuffer] {
    try samples.map { try PixelBuffer(contentsOf: VisionFixtures.url("detector_samples/\($0)")) }
  }

  func testClassifierSharedByConcurrentTasks() async throws {
    let classifier = try ImageClassifier(contentsOf: VisionFixtures.url("shapes.tiobundle"))
    let images = try images()
    let expected = try images.map { try classifier.classify($0) }
    let results = try await withThrowingTaskGroup(of: (Int, ImageClassificationResult).self) { group in
      for _ in 0..<4 {
        for (index, image) in images.enumerated() {
          group.addTask { (index, try await classifier.process(image)) }
        }
      }
      return try await group.reduce(into: [(Int, ImageClassificationResult)]()) { $0.append($1) }
    }
    XCTAssertEqual(results.count, images.count * 4)
    for (index, result) in results { XCTAssertEqual(result, expected[index]) }
  }

  func testDetectorSharedByConcurrentTasks() async throws {
    let detector = try ObjectDetector(contentsOf: VisionFixtures.url("ssd_colors.automl"))
    let images = try images()
    let expected = try images.map { try detector.results(in: $0) }
    XCTAssertFalse(expected.allSatisfy { $0.detections.isEmpty })
    async let first = detector.process(images[0])
    async let second = detector.process(images[1])
    async let third = detector.process(images[2])
    let results = try await [first, second, third]
    XCTAssertEqual(results, expected)
  }

  func testCompletionHandlerGivesTheResult() throws {
    let classifier = try ImageClassifier(contentsOf: VisionFixtures.url("shapes.tiobundle"))
    let image = try images()[1]
    let expected = try classifier.classify(image)
    let done = expectation(description: "completion")
    classifier.process(image) { result in
      XCTAssertEqual(try? result.get(), expected)
      done.fulfill()
    }
    wait(for: [done], timeout: 30)
  }
}
