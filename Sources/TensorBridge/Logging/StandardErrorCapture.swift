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
enum StandardErrorCapture {
  private static let lock = NSLock()

  /// Runs `body`, routing what standard error received meanwhile; with the
  /// ``RuntimeLog/Destination/standardError`` destination it just runs `body`.
  static func routingRuntimeLog<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let destination = RuntimeLog.destination
    if case .standardError = destination { return try body() }
    lock.lock()
    defer { lock.unlock() }
    fflush(nil)
    let saved = dup(STDERR_FILENO)
    guard saved >= 0, let capture = tmpfile() else {
      if saved >= 0 { close(saved) }
      return try body()
    }
    guard dup2(fileno(capture), STDERR_FILENO) >= 0 else {
      close(saved)
      fclose(capture)
      return try body()
    }
    defer {
      fflush(nil)
      dup2(saved, STDERR_FILENO)
      close(saved)
      route(readAll(capture), to: destination)
      fclose(capture)
    }
    return try body()
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

  private static func route(_ text: String, to destination: RuntimeLog.Destination) {
    guard !text.isEmpty else { return }
    let lines = RuntimeLogLines(splitting: text)
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
