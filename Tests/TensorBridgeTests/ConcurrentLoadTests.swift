import Foundation
import TensorBridge
import XCTest

/// Interpreters share one LiteRT environment per process: loading, running and releasing them on
/// many threads at once must give every thread its own correct results.
final class ConcurrentLoadTests: XCTestCase {
  func testInterpretersLoadedAndRunOnManyThreadsAtOnce() throws {
    let modelData = try Data(contentsOf: URL(fileURLWithPath: Fixtures.model("linear")))
    let threads = 8
    let rounds = 6
    let failures = FailureLog()
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for round in 0..<rounds {
        do {
          let interpreter = try Interpreter(modelData: modelData, options: .init(threadCount: 1 + round % 2))
          let x = Float(thread * 100 + round)
          try interpreter.copy([x], toInputAt: 0)
          try interpreter.invoke()
          let y = try interpreter.output(at: 0).values(as: Float.self)
          if y != [2 * x - 1] { failures.add("thread \(thread) round \(round): \(y) for x = \(x)") }
        } catch {
          failures.add("thread \(thread) round \(round): \(error)")
        }
      }
    }
    XCTAssertEqual(failures.entries, [])
  }

  func testDifferentLogSeveritiesLoadSideBySide() throws {
    for severity in [Interpreter.Options.LogSeverity.error, .silent, .warning] {
      let interpreter = try Interpreter(modelPath: Fixtures.model("linear"), options: .init(logSeverity: severity))
      try interpreter.copy([Float(3)], toInputAt: 0)
      try interpreter.invoke()
      XCTAssertEqual(try interpreter.output(at: 0).values(as: Float.self), [5])
    }
  }
}

/// Messages collected from several threads.
private final class FailureLog: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []
  func add(_ message: String) { lock.withLock { stored.append(message) } }
  var entries: [String] { lock.withLock { stored } }
}
