import Foundation
import LiteRTRuntime
import Logging
import XCTest

@testable import TensorBridge

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// LiteRT's own standard-error lines are held back by default, reach a swift-log `Logger` when
/// asked, and are left alone with `.standardError`. The custom-operator fixture makes LiteRT print
/// two `ERROR:` lines (one with a continuation line) on every load, so each test sees them.
final class RuntimeLogTests: XCTestCase {
  private var previous = RuntimeLog.destination

  override func setUp() {
    super.setUp()
    previous = RuntimeLog.destination
  }

  override func tearDown() {
    RuntimeLog.destination = previous
    super.tearDown()
  }

  func testQuietByDefaultKeepsLiteRTOffStandardError() throws {
    guard case .quiet = RuntimeLog.destination else { return XCTFail("the default is \(RuntimeLog.destination)") }
    let written = try capturingStandardError {
      XCTAssertThrowsError(try Interpreter(modelPath: Fixtures.model("custom_op")))
      let interpreter = try? Interpreter(modelPath: Fixtures.model("linear"))
      XCTAssertNotNil(interpreter)
    }
    XCTAssertFalse(written.contains("unresolved custom op"), written)
    XCTAssertFalse(written.contains("XNNPACK"), written)
  }

  func testLoggerDestinationReceivesLiteRTLinesWithLevels() throws {
    let collector = CollectedLogs()
    RuntimeLog.destination = .logger(Logger(label: "litert") { _ in CollectingHandler(logs: collector) })
    let written = try capturingStandardError {
      XCTAssertThrowsError(try Interpreter(modelPath: Fixtures.model("custom_op")))
    }
    XCTAssertFalse(written.contains("unresolved custom op"), written)
    let errors = collector.entries.filter { $0.level == .error }.map(\.message)
    XCTAssertTrue(
      errors.contains {
        $0.hasPrefix("Encountered unresolved custom op: TensorBridgeTestOp.")
          && $0.contains("\nSee instructions: https://www.tensorflow.org/lite/guide/ops_custom")
      }, "\(collector.entries)")
    XCTAssertTrue(errors.contains { $0.contains("(TensorBridgeTestOp) failed to prepare") }, "\(errors)")
  }

  func testStandardErrorDestinationLeavesLiteRTOutputAlone() throws {
    RuntimeLog.destination = .standardError
    let written = try capturingStandardError {
      XCTAssertThrowsError(try Interpreter(modelPath: Fixtures.model("custom_op")))
    }
    XCTAssertTrue(written.contains("ERROR: Encountered unresolved custom op: TensorBridgeTestOp."), written)
  }

  func testTheOperatorThatFailedIsReadFromTheLog() {
    let log = RuntimeLogLines(
      splitting: "INFO: Created delegate.\nERROR: first reason.\nERROR: Node number 2 (ADD) failed to prepare.\n"
        + "ERROR: Only update, Add for stablehlo.scatter.\nERROR: Node number 4 (STABLEHLO_SCATTER) failed to prepare.\n"
        + "ERROR: gather_nd index out of bounds\nERROR: Node number 16 (GATHER_ND) failed to invoke.\n")
    let failure = log.failedOperator(at: .compile)
    XCTAssertEqual(failure?.node, 4)
    XCTAssertEqual(failure?.operatorName, "STABLEHLO_SCATTER")
    XCTAssertEqual(failure?.reason, "Only update, Add for stablehlo.scatter.")
    let running = log.failedOperator(at: .invoke)
    XCTAssertEqual(running?.node, 16)
    XCTAssertEqual(running?.operatorName, "GATHER_ND")
    XCTAssertEqual(running?.reason, "gather_nd index out of bounds", "reasons after the last failure only")
    XCTAssertNil(
      RuntimeLogLines(splitting: "ERROR: Node number x (ADD) failed to prepare.\n").failedOperator(at: .compile))
    XCTAssertNil(
      RuntimeLogLines(splitting: "ERROR: Node number 3 (ADD) failed to invoke.\n").failedOperator(at: .compile))
    let status = LiteRTStatus(rawValue: 3)
    XCTAssertEqual(
      InterpreterError.compilationFailed(status: status).namingFailedOperator(from: log, stage: .compile),
      .operatorFailed(
        name: "STABLEHLO_SCATTER", node: 4, stage: .compile, reason: "Only update, Add for stablehlo.scatter.",
        status: status))
    XCTAssertEqual(
      InterpreterError.invocationFailed(status: status).namingFailedOperator(from: log, stage: .invoke),
      .operatorFailed(
        name: "GATHER_ND", node: 16, stage: .invoke, reason: "gather_nd index out of bounds", status: status))
    let other = InterpreterError.unknownSignature(key: "x", available: [])
    XCTAssertEqual(other.namingFailedOperator(from: log, stage: .compile), other, "only bare LiteRT failures")
    XCTAssertEqual(
      InterpreterError.compilationFailed(status: status).namingFailedOperator(from: nil, stage: .compile),
      .compilationFailed(status: status))
  }

  func testOtherTextIsPassedThroughAndLiteRTLinesAreSplitOff() {
    let lines = RuntimeLogLines(
      splitting: "INFO: Created delegate.\nmy app: hello\nERROR: Encountered op: X.\n"
        + "See instructions: https://example \nWARNING: w\nno line break")
    XCTAssertEqual(
      lines.messages,
      [
        .init(severity: "INFO", text: "Created delegate."),
        .init(severity: "ERROR", text: "Encountered op: X.\nSee instructions: https://example "),
        .init(severity: "WARNING", text: "w"),
      ])
    XCTAssertEqual(lines.passthrough, "my app: hello\nno line break")
    XCTAssertEqual(RuntimeLogLines(splitting: "See instructions: alone\n").passthrough, "See instructions: alone\n")
    XCTAssertEqual(RuntimeLogLines.level(for: "VERBOSE"), .trace)
    XCTAssertEqual(RuntimeLogLines.level(for: "WARNING"), .warning)
  }

  /// Runs `body` with file descriptor 2 pointed at a temporary file and returns what was written.
  private func capturingStandardError(_ body: () throws -> Void) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
    FileManager.default.createFile(atPath: url.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: url) }
    let handle = try FileHandle(forWritingTo: url)
    fflush(nil)
    let saved = dup(STDERR_FILENO)
    dup2(handle.fileDescriptor, STDERR_FILENO)
    do {
      try body()
    } catch {
      fflush(nil)
      dup2(saved, STDERR_FILENO)
      close(saved)
      throw error
    }
    fflush(nil)
    dup2(saved, STDERR_FILENO)
    close(saved)
    try handle.close()
    return try String(contentsOf: url, encoding: .utf8)
  }
}

/// Log entries gathered by ``CollectingHandler``.
private final class CollectedLogs: @unchecked Sendable {
  struct Entry {
    var level: Logger.Level
    var message: String
  }
  private let lock = NSLock()
  private var stored: [Entry] = []
  var entries: [Entry] { lock.withLock { stored } }
  func add(_ entry: Entry) { lock.withLock { stored.append(entry) } }
}

/// A swift-log handler that records every message.
private struct CollectingHandler: LogHandler {
  let logs: CollectedLogs
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace
  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }
  func log(
    level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String, file: String,
    function: String, line: UInt
  ) { logs.add(.init(level: level, message: "\(message)")) }
}
