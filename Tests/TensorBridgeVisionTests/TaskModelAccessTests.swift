import Foundation
import TensorBridgeVision
import XCTest

/// `withModel` hands out a task's model under the task's lock: a run started while `body` is
/// running waits for it.
final class TaskModelAccessTests: XCTestCase {
  /// Set from the completion handler's queue, read from the test's.
  private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool {
      lock.lock()
      defer { lock.unlock() }
      return value
    }
    func set() {
      lock.lock()
      value = true
      lock.unlock()
    }
  }

  func testRunsWaitForWithModel() throws {
    let classifier = try ImageClassifier(contentsOf: VisionFixtures.url("shapes.tiobundle"))
    let image = try PixelBuffer(contentsOf: VisionFixtures.url("detector_samples/1_blue.png"))
    let expected = try classifier.classify(image)
    let finished = Flag()
    let done = expectation(description: "completion")
    let layers = classifier.withModel { model in
      classifier.process(image) { result in
        XCTAssertEqual(try? result.get(), expected)
        finished.set()
        done.fulfill()
      }
      Thread.sleep(forTimeInterval: 0.5)
      XCTAssertFalse(finished.isSet, "a classification ran while withModel held the model")
      return model.description.inputs.map(\.name)
    }
    wait(for: [done], timeout: 30)
    XCTAssertEqual(layers, ["image"])
  }

  func testDetectorInterpreterUnderTheLock() throws {
    let detector = try ObjectDetector(contentsOf: VisionFixtures.url("ssd_colors.automl"))
    let outputs = detector.withModel { $0.interpreter.outputTensorCount }
    XCTAssertEqual(outputs, 4, "boxes, classes, scores, count")
  }
}
