import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts worker child processes (`tensorbridge fuzz --worker-start ...`) and watches them: collects each case's
/// outcome, and notices when a worker dies by a signal or stops making progress.
///
/// A worker is any program that runs ``FuzzWorker/run(start:count:)`` for the case range it is
/// given on its command line, so it reports on standard output in the worker protocol.
public struct FuzzSupervisor {
  /// How a batch ended.
  public enum BatchEnd: Sendable {
    /// Every case of the batch reported an outcome.
    case finished
    /// The worker died (by a signal, or exiting with a failure status) during case `index`.
    case crashed(index: Int, reason: String, stderrTail: String)
    /// Case `index` ran longer than the timeout; the worker was killed.
    case hung(index: Int, stderrTail: String)
  }

  /// The executable to start (this program).
  public let executable: URL
  /// The worker's command line for cases `start..<start+count` (without the executable).
  public let workerArguments: (_ start: Int, _ count: Int) -> [String]
  /// Seconds one case may take before it counts as a hang.
  public let timeoutSeconds: Double

  /// A supervisor of workers started as `executable` with `workerArguments(start, count)`.
  ///
  /// - Parameters:
  ///   - executable: the worker program, e.g. ``currentExecutable()``.
  ///   - workerArguments: the worker's arguments for a case range, e.g.
  ///     `["fuzz", "--worker-start", "500", "--worker-count", "500", "--seed", "7", "--", "a.tflite"]`.
  ///   - timeoutSeconds: seconds one case may take before it counts as a hang.
  public init(
    executable: URL, workerArguments: @escaping (_ start: Int, _ count: Int) -> [String], timeoutSeconds: Double
  ) {
    self.executable = executable
    self.workerArguments = workerArguments
    self.timeoutSeconds = timeoutSeconds
  }

  /// The running program's own executable.
  public static func currentExecutable() -> URL {
    if let url = Bundle.main.executableURL { return url }
    #if os(Linux)
      return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    #else
      return URL(fileURLWithPath: CommandLine.arguments.first ?? "tensorbridge")
    #endif
  }

  /// Runs cases `start..<start+count` in one worker, calling `onResult(index, outcome)` for each
  /// case that completed. Throws when the worker cannot be started or fails before any case.
  /// `timeout` overrides ``timeoutSeconds`` for this batch.
  ///
  /// - Returns: How the batch ended: finished, or the case that crashed or hung.
  /// - Throws: ``FuzzError`` when the worker cannot be started, or exits before its first case.
  public func runBatch(
    start: Int, count: Int, timeout: Double? = nil, onResult: (Int, String) -> Void
  ) throws(FuzzError) -> BatchEnd {
    let timeoutSeconds = timeout ?? self.timeoutSeconds
    let stderrURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("tensorbridge-fuzz-\(getpid())-\(start).stderr")
    _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: stderrURL) }

    let process = Process()
    process.executableURL = executable
    process.arguments = workerArguments(start, count)
    var environment = ProcessInfo.processInfo.environment
    // The Swift runtime's crash backtracer would spend seconds symbolicating every crasher.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let stdoutPipe = Pipe()
    process.standardOutput = stdoutPipe
    process.standardInput = FileHandle.nullDevice
    guard let stderrHandle = FileHandle(forWritingAtPath: stderrURL.path) else {
      throw .cannotCreateWorkerLog(path: stderrURL.path)
    }
    process.standardError = stderrHandle
    do { try process.run() } catch {
      throw .cannotStartWorker(executable: executable.path, underlying: error)
    }
    try? stderrHandle.close()
    try? stdoutPipe.fileHandleForWriting.close()

    var reader = FuzzLineReader(fd: stdoutPipe.fileHandleForReading.fileDescriptor)
    var current: Int?
    var lastEnded: Int?
    var caseStarted = Date()
    let launched = Date()
    var timedOut = false

    while true {
      let (lines, open) = reader.read(waitMilliseconds: 100)
      for line in lines {
        guard line.hasPrefix(FuzzWorker.linePrefix) else { continue }
        let fields = line.dropFirst(FuzzWorker.linePrefix.count).split(separator: " ")
        guard fields.count >= 2, let index = Int(fields[1]) else { continue }
        if fields[0] == "begin" {
          current = index
          caseStarted = Date()
        } else if fields[0] == "end", fields.count >= 3 {
          onResult(index, String(fields[2]))
          current = nil
          lastEnded = index
        }
      }
      if !open { break }
      let now = Date()
      if current != nil, now.timeIntervalSince(caseStarted) > timeoutSeconds {
        timedOut = true
      } else if current == nil, lastEnded == nil, now.timeIntervalSince(launched) > timeoutSeconds + 30 {
        timedOut = true  // stuck before the first case
      }
      if timedOut {
        kill(process.processIdentifier, SIGKILL)
        break
      }
    }
    process.waitUntilExit()
    try? stdoutPipe.fileHandleForReading.close()
    let tail = Self.tail(of: stderrURL)

    let blamed = current ?? lastEnded.map { $0 + 1 } ?? start
    if timedOut { return .hung(index: min(blamed, start + count - 1), stderrTail: tail) }
    let reason: String
    switch process.terminationReason {
    case .uncaughtSignal:
      reason = FuzzSignal.describe(process.terminationStatus)
    case .exit:
      if process.terminationStatus == 0 && current == nil && lastEnded == start + count - 1 { return .finished }
      if current == nil && lastEnded == nil {
        throw .workerExitedBeforeFirstCase(status: process.terminationStatus, stderrTail: tail)
      }
      reason = "exit status \(process.terminationStatus)"
    @unknown default:
      reason = "terminated (\(process.terminationStatus))"
    }
    return .crashed(index: min(blamed, start + count - 1), reason: reason, stderrTail: tail)
  }

  /// The last few lines the worker wrote to standard error, on one line.
  static func tail(of url: URL) -> String {
    guard let data = try? Data(contentsOf: url) else { return "" }
    let text = String(decoding: data.suffix(600), as: UTF8.self)
    return text.split(whereSeparator: \.isNewline).suffix(4).joined(separator: " | ")
  }
}

/// Names of the signals a crashing worker dies from.
public enum FuzzSignal {
  /// E.g. `signal 11 (SIGSEGV)`.
  public static func describe(_ signal: Int32) -> String {
    let names: [Int32: String] = [
      SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
      SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGTERM: "SIGTERM", SIGSYS: "SIGSYS",
    ]
    return "signal \(signal)" + (names[signal].map { " (\($0))" } ?? "")
  }
}
