import Foundation
import LiteRTRuntime

/// The LiteRT environments of this process: one per runtime library and log severity, created on
/// first use and kept for the life of the process.
///
/// LiteRT's environment is meant to be shared by every compiled model (it holds the accelerator
/// registry and the runtime's options); creating one per model cost about 200,000 instructions
/// per load (see BENCHMARKS.md). Model loading and compilation against one environment are
/// serialized by ``withEnvironment(library:severity:_:)``, so interpreters created on different
/// threads never use an environment concurrently while it may change.
final class SharedEnvironment: @unchecked Sendable {
  /// The process-wide pool.
  static let pool = SharedEnvironment()

  private struct Key: Hashable {
    let libraryPath: String
    let severity: Int64
  }

  private final class Entry: @unchecked Sendable {
    let environment: LiteRtEnvironment
    /// Serializes model creation and compilation against this environment.
    let lock = NSLock()
    init(environment: LiteRtEnvironment) { self.environment = environment }
  }

  private let lock = NSLock()
  /// Guarded by `lock`. Entries are never removed: environments live as long as the process.
  private var entries: [Key: Entry] = [:]

  /// Runs `body` with the environment for `library` and `severity`, creating it on first use;
  /// no other `withEnvironment` call on the same environment runs at the same time.
  func withEnvironment<Result>(
    library: LiteRTLibrary, severity: Interpreter.Options.LogSeverity,
    _ body: (LiteRtEnvironment) throws(InterpreterError) -> Result
  ) throws(InterpreterError) -> Result {
    let entry = try entry(library: library, severity: severity)
    entry.lock.lock()
    defer { entry.lock.unlock() }
    return try body(entry.environment)
  }

  private func entry(
    library: LiteRTLibrary, severity: Interpreter.Options.LogSeverity
  ) throws(InterpreterError) -> Entry {
    let key = Key(libraryPath: library.path, severity: severity.rawValue)
    lock.lock()
    defer { lock.unlock() }
    if let existing = entries[key] { return existing }
    var options = [LiteRtEnvOption(tag: 25, value: tb_any_int(severity.rawValue))]
    var environment: LiteRtEnvironment?
    let status = LiteRTStatus(rawValue: library.createEnvironment(1, &options, &environment))
    guard status.isOK, let environment else {
      throw .liteRTCallFailed(function: "LiteRtCreateEnvironment", status: status)
    }
    let entry = Entry(environment: environment)
    entries[key] = entry
    return entry
  }
}
