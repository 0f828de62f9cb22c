import Foundation

/// The lock a task (classifier, detector, segmenter) holds around its model. Neither LiteRT's
/// compiled model nor ``Model`` is thread-safe, so every run of a task's model goes through
/// its lock: that is what makes the tasks `Sendable`.
package final class TaskLock: @unchecked Sendable {
  private let lock = NSLock()

  /// Creates an unlocked lock.
  package init() {}

  /// Runs `body` with no other `run` of this lock running at the same time.
  package func run<Success, Failure: Error>(_ body: () throws(Failure) -> Success) throws(Failure) -> Success {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}
