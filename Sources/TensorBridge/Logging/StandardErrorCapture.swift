import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Holds standard error back while LiteRT loads and compiles a model, then routes what was
/// written: LiteRT's lines to ``RuntimeLog/destination``, anything else back to standard error.
///
/// Redirecting file descriptor 2 is process-wide, so captures are serialized by one lock and
/// last only as long as LiteRT's load and compile (which are already serialized per
/// environment). The text goes to an unlinked temporary file, not a pipe, so a chatty runtime
/// can never block on a full pipe.
package enum StandardErrorCapture {
  private static let lock = NSLock()

  /// Runs `body`, routing what standard error received meanwhile; with the
  /// ``RuntimeLog/Destination/standardError`` destination it just runs `body`.
  ///
  /// When `body` throws, `explain` gets the error and LiteRT's lines of the span (nil when
  /// nothing was captured) and returns the error to throw: LiteRT names a failing operator and
  /// its reason only in its log.
  static func routingRuntimeLog<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result,
    explainingFailure explain: (Failure, RuntimeLogLines?) -> Failure = { error, _ in error }
  ) throws(Failure) -> Result {
    let destination = RuntimeLog.destination
    if case .standardError = destination { return try explained(body, explain, log: nil) }
    lock.lock()
    defer { lock.unlock() }
    let (outcome, text) = capturingStandardError(body)
    let lines = text.map(RuntimeLogLines.init(splitting:))
    if let lines { route(lines, to: destination) }
    switch outcome {
    case .success(let result): return result
    case .failure(let error): throw explain(error, lines)
    }
  }

  /// Runs `body` with file descriptor 2 redirected to an unlinked temporary file, then puts it
  /// back and returns `body`'s outcome with what was written meanwhile (`nil` when the
  /// redirection could not be set up; `body` then runs with standard error as it was).
  ///
  /// Not serialized: the library's captures go through ``routingRuntimeLog(_:explainingFailure:)``
  /// (one lock); the CLI, single-threaded while it loads and runs a model, holds LiteRT's log
  /// back over that whole span with this directly. Captures nest.
  package static func capturingStandardError<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) -> (outcome: Swift.Result<Result, Failure>, text: String?) {
    func run() -> Swift.Result<Result, Failure> {
      do throws(Failure) { return .success(try body()) } catch { return .failure(error) }
    }
    fflush(nil)
    let saved = dup(STDERR_FILENO)
    guard saved >= 0, let capture = tmpfile() else {
      if saved >= 0 { close(saved) }
      return (run(), nil)
    }
    guard dup2(fileno(capture), STDERR_FILENO) >= 0 else {
      close(saved)
      fclose(capture)
      return (run(), nil)
    }
    let outcome = run()
    fflush(nil)
    dup2(saved, STDERR_FILENO)
    close(saved)
    let text = readAll(capture)
    fclose(capture)
    return (outcome, text)
  }

  private static func explained<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result, _ explain: (Failure, RuntimeLogLines?) -> Failure, log: RuntimeLogLines?
  ) throws(Failure) -> Result {
    do throws(Failure) { return try body() } catch { throw explain(error, log) }
  }

  private static func readAll(_ file: UnsafeMutablePointer<FILE>) -> String {
    rewind(file)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes.append(contentsOf: buffer[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Passes LiteRT lines that never went to standard error (the compiled model's collected
  /// errors) to `destination`: a logger gets them as ``route(_:to:)`` gives captured ones, and
  /// standard error gets them as LiteRT prints them.
  static func forward(_ lines: RuntimeLogLines, to destination: RuntimeLog.Destination) {
    switch destination {
    case .quiet: return
    case .logger: route(lines, to: destination)
    case .standardError:
      let text = lines.messages.map { "\($0.severity): \($0.text)\n" }.joined()
      FileHandle.standardError.write(Data(text.utf8))
    }
  }

  private static func route(_ lines: RuntimeLogLines, to destination: RuntimeLog.Destination) {
    if !lines.passthrough.isEmpty {
      FileHandle.standardError.write(Data(lines.passthrough.utf8))
    }
    guard case .logger(let logger) = destination else { return }
    for message in lines.messages {
      logger.log(
        level: RuntimeLogLines.level(for: message.severity), "\(message.text)",
        metadata: ["litert.severity": "\(message.severity)"])
    }
  }
}
