import Foundation
import ModelHubAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the configured ``LoadCheckCommand`` on an uploaded file in a child process, so that a
/// model that crashes or hangs the runtime takes down only the child.
struct LoadChecker: Sendable {
  let command: LoadCheckCommand
  /// Where the child's output goes (the hub's `tmp/`).
  let scratch: URL

  /// Runs the check on the file at `model` and returns what the child reported.
  /// - Throws: ``HubError/modelRejected(_:)`` if the child exits non-zero, dies from a signal,
  ///   runs past the time limit or prints no report.
  func check(model: URL) async throws(HubError) -> LoadCheckReport.Runtime {
    let stdoutURL = scratch.appendingPathComponent("check-\(UUID().uuidString).out")
    let stderrURL = scratch.appendingPathComponent("check-\(UUID().uuidString).err")
    defer {
      try? FileManager.default.removeItem(at: stdoutURL)
      try? FileManager.default.removeItem(at: stderrURL)
    }
    let status: (signalled: Bool, code: Int32, elapsed: TimeInterval)
    do { status = try await run(model: model, stdout: stdoutURL, stderr: stderrURL) } catch {
      throw .internalError("cannot start the load check: \(error)")
    }
    if status.signalled {
      if status.code == SIGKILL && status.elapsed >= command.timeLimit * 0.9 {
        throw .modelRejected("loading took longer than \(Int(command.timeLimit)) s and was stopped")
      }
      throw .modelRejected("loading the model crashed the loader (signal \(status.code))")
    }
    let errorText = (try? String(contentsOf: stderrURL, encoding: .utf8))?
      .split(whereSeparator: \.isNewline).last.map(String.init)
    guard status.code == 0 else {
      throw .modelRejected(errorText ?? "the loader exited with status \(status.code)")
    }
    guard let data = try? Data(contentsOf: stdoutURL),
      let report = try? JSONDecoder().decode(LoadCheckReport.self, from: data)
    else {
      throw .modelRejected("the loader printed no report")
    }
    return report.runtime
  }

  /// Starts the child, kills it at the time limit, and waits for it.
  private func run(model: URL, stdout: URL, stderr: URL) async throws
    -> (signalled: Bool, code: Int32, elapsed: TimeInterval)
  {
    _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
    _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
    let out = try FileHandle(forWritingTo: stdout)
    let err = try FileHandle(forWritingTo: stderr)
    defer {
      try? out.close()
      try? err.close()
    }
    let process = Process()
    process.executableURL = command.executable
    process.arguments = command.arguments + [model.path]
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    let (ends, ended) = AsyncStream.makeStream(of: (signalled: Bool, code: Int32).self)
    process.terminationHandler = { finished in
      ended.yield((finished.terminationReason == .uncaughtSignal, finished.terminationStatus))
      ended.finish()
    }
    let start = Date()
    try process.run()
    let pid = process.processIdentifier
    let limit = UInt64(command.timeLimit * 1_000_000_000)
    // Kills the child at the time limit; cancelled as soon as the child ends, so a recycled
    // pid is never signalled.
    let timer = Task {
      try await Task.sleep(nanoseconds: limit)
      kill(pid, SIGKILL)
      // Foundation notices the exit only when every inherited descriptor closes, which a
      // grandchild can delay: give up waiting shortly after the kill.
      try await Task.sleep(nanoseconds: 2_000_000_000)
      ended.yield((true, SIGKILL))
      ended.finish()
    }
    defer { timer.cancel() }
    for await (signalled, code) in ends {
      return withExtendedLifetime(process) { (signalled, code, Date().timeIntervalSince(start)) }
    }
    throw HubError.internalError("the load check ended without a status")
  }
}
