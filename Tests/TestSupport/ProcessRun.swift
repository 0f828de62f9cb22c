import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a finished child process printed and how it ended.
public struct ProcessResult: Sendable {
  /// The exit status, or the signal number when ``signalled``.
  public let status: Int32
  /// Whether a signal ended the process.
  public let signalled: Bool
  /// Whether it was killed for running past its time limit.
  public let timedOut: Bool
  /// Standard output, as UTF-8.
  public let stdout: String
  /// Standard error, as UTF-8.
  public let stderr: String
}

/// Runs programs to completion, capturing their output through files (never pipes, which a
/// chatty child can fill and block on).
public enum ProcessRun {
  /// Runs `executable` with `arguments`.
  /// - Parameters:
  ///   - environment: Variables set on top of this process's environment.
  ///   - stdin: Bytes for standard input (default: none, `/dev/null`).
  ///   - timeLimit: Seconds after which the child is killed with SIGKILL (``ProcessResult/timedOut``).
  public static func run(
    _ executable: URL, _ arguments: [String], environment: [String: String] = [:],
    stdin: Data? = nil, timeLimit: TimeInterval? = nil
  ) throws -> ProcessResult {
    let folder = try TestPaths.temporaryDirectory("tb-run")
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out")
    let err = folder.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    if let stdin {
      let input = folder.appendingPathComponent("in")
      try stdin.write(to: input)
      process.standardInput = try FileHandle(forReadingFrom: input)
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    var timedOut = false
    if let timeLimit {
      let end = Date().addingTimeInterval(timeLimit)
      while process.isRunning, Date() < end { usleep(20_000) }
      if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        timedOut = true
      }
    }
    process.waitUntilExit()
    return ProcessResult(
      status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal, timedOut: timedOut,
      stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
  }

  /// ``run(_:_:environment:stdin:timeLimit:)`` on a separate thread, so that the caller's
  /// concurrency pool (an in-process hub, say) keeps running meanwhile.
  public static func runAsync(
    _ executable: URL, _ arguments: [String], environment: [String: String] = [:],
    timeLimit: TimeInterval? = nil
  ) async throws -> ProcessResult {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        do {
          continuation.resume(returning: try run(executable, arguments, environment: environment, timeLimit: timeLimit))
        } catch {
          continuation.resume(throwing: error)
        }
      }
    }
  }
}

/// Runs the built `tensorbridge` CLI (``BuiltProducts/cli``); a run that dies by a signal fails
/// the test, since the CLI turns every error into an exit status.
public enum CLIRun {
  /// Runs `tensorbridge arguments…` and waits for it.
  public static func run(
    _ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil,
    timeLimit: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line
  )
    throws -> ProcessResult
  {
    let result = try ProcessRun.run(
      BuiltProducts.cli, arguments, environment: environment, stdin: stdin, timeLimit: timeLimit)
    XCTAssertFalse(
      result.signalled && !result.timedOut, "tensorbridge \(arguments.prefix(3)) died by signal \(result.status)",
      file: file, line: line)
    return result
  }

  /// ``run(_:environment:stdin:timeLimit:file:line:)`` without blocking the concurrency pool.
  public static func runAsync(
    _ arguments: [String], environment: [String: String] = [:],
    file: StaticString = #filePath, line: UInt = #line
  ) async throws -> ProcessResult {
    let result = try await ProcessRun.runAsync(BuiltProducts.cli, arguments, environment: environment)
    XCTAssertFalse(
      result.signalled, "tensorbridge \(arguments.prefix(3)) died by signal \(result.status)", file: file, line: line)
    return result
  }
}
