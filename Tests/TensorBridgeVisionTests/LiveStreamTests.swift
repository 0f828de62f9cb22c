import Foundation
import XCTest

@testable import TensorBridgeVision

/// The live-stream runner: frames in, timestamped results out, frames dropped while busy.
final class LiveStreamTests: XCTestCase {
  private func frames(_ count: Int, delay: Duration?) throws -> AsyncStream<LiveFrame> {
    let image = try PixelBuffer(contentsOf: VisionFixtures.url("samples/0_red_circle.png"))
    return AsyncStream { continuation in
      Task {
        for index in 0..<count {
          if let delay { try? await Task.sleep(for: delay) }
          continuation.yield(LiveFrame(image: image, timestamp: .milliseconds(index * 33)))
        }
        continuation.finish()
      }
    }
  }

  func testDropsFramesWhileBusyAndCountsThem() async throws {
    let classifier = try ImageClassifier(contentsOf: ClassifierReference.model("shapes").load)
    let stream = LiveStreamRunner.run(try frames(60, delay: nil)) { frame in
      Thread.sleep(forTimeInterval: 0.01)  // a slow model
      return try classifier.classify(frame.image).categories.first?.label ?? ""
    }
    var results: [LiveStreamResult<String>] = []
    for await result in stream { results.append(result) }
    let last = try XCTUnwrap(results.last)
    XCTAssertEqual(results.count + last.droppedFrames, 60, "every frame is processed or counted as dropped")
    XCTAssertGreaterThan(last.droppedFrames, 0)
    XCTAssertEqual(last.timestamp, .milliseconds(59 * 33), "the newest frame is never dropped")
    XCTAssertEqual(results.map(\.timestamp), results.map(\.timestamp).sorted())
    XCTAssertEqual(results.map(\.droppedFrames), results.map(\.droppedFrames).sorted())
    for result in results { XCTAssertEqual(try result.output.get(), "red circle") }
  }

  func testNoDropsWhenIdleAndErrorsArePerFrame() async throws {
    struct Odd: Error {}
    let stream = LiveStreamRunner.run(try frames(8, delay: .milliseconds(40))) { frame -> Int in
      let index = Int(frame.timestamp / .milliseconds(33))
      if index % 2 == 1 { throw Odd() }
      return index
    }
    var results: [LiveStreamResult<Int>] = []
    for await result in stream { results.append(result) }
    XCTAssertEqual(results.count, 8)
    XCTAssertEqual(results.last?.droppedFrames, 0)
    XCTAssertEqual(results.compactMap { try? $0.output.get() }, [0, 2, 4, 6])
  }
}
