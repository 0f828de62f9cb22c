/// A camera frame with the time it was captured.
public struct LiveFrame: Sendable {
  /// The pixels.
  public var image: PixelBuffer
  /// Capture time (any monotonic clock the caller uses).
  public var timestamp: Duration

  /// Creates a frame.
  public init(image: PixelBuffer, timestamp: Duration) {
    self.image = image
    self.timestamp = timestamp
  }
}

/// The result for one processed frame.
public struct LiveStreamResult<Output: Sendable>: Sendable {
  /// The timestamp of the frame the result is for.
  public let timestamp: Duration
  /// The task's output, or the error it threw for this frame.
  public let output: Result<Output, any Error>
  /// Frames dropped so far because inference was busy when they arrived.
  public let droppedFrames: Int
}

/// Runs a per-frame task (classification, detection) over an async sequence of frames, as the
/// real-time advice for AutoML and ML Kit detectors says: while the task is busy with one
/// frame, newer frames replace the waiting one and the replaced frames are dropped (and
/// counted), so results never lag behind the camera.
///
/// ```swift
/// let detector = try ObjectDetector(contentsOf: modelURL)
/// for await result in LiveStreamRunner.run(cameraFrames, process: { try detector.detect($0.image) }) {
///   show(result.output, at: result.timestamp)      // result.droppedFrames: how many were skipped
/// }
/// ```
///
/// The task runs on one task of its own, one frame at a time, so a non-thread-safe detector
/// is used safely (it is handed over to the runner and must not be used elsewhere).
public enum LiveStreamRunner {
  /// Processes `frames` with `process`, dropping frames that arrive while it is busy.
  public static func run<Frames: AsyncSequence & Sendable, Output: Sendable>(
    _ frames: Frames, process: sending @escaping (LiveFrame) throws -> Output
  ) -> AsyncStream<LiveStreamResult<Output>> where Frames.Element == LiveFrame {
    // Frames are numbered as they arrive; a frame that reaches the worker as number n after
    // p processed ones means n − p were dropped so far.
    let (mailbox, slot) = AsyncStream<(frame: LiveFrame, number: Int)>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let (results, output) = AsyncStream<LiveStreamResult<Output>>.makeStream(bufferingPolicy: .unbounded)
    let reader = Task {
      var number = 0
      do {
        for try await frame in frames {
          if Task.isCancelled { break }
          slot.yield((frame, number))
          number += 1
        }
      } catch {}
      slot.finish()
    }
    let worker = Task {
      var processed = 0
      for await item in mailbox {
        let result: Result<Output, any Error>
        do { result = .success(try process(item.frame)) } catch { result = .failure(error) }
        output.yield(
          LiveStreamResult(timestamp: item.frame.timestamp, output: result, droppedFrames: item.number - processed))
        processed += 1
      }
      output.finish()
    }
    output.onTermination = { _ in
      reader.cancel()
      worker.cancel()
    }
    return results
  }
}
