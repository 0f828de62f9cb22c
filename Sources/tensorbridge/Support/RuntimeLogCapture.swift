import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Holds back what LiteRT writes to standard error (its "INFO: Created TensorFlow Lite XNNPACK
/// delegate" banner and its own copies of errors the CLI already reports as one `error:` line).
///
/// The CLI is single-threaded while it loads and runs a model, so redirecting file descriptor 2
/// for that span is safe here; the library itself never does this. `--verbose` shows the log.
enum RuntimeLogCapture {
  /// Runs `body` with standard error redirected to a temporary file; afterwards the captured
  /// text is written to the real standard error when `verbose` is set.
  static func run<T>(verbose: Bool, _ body: () throws -> T) rethrows -> T {
    fflush(nil)
    let saved = dup(STDERR_FILENO)
    guard saved >= 0, let capture = tmpfile() else { return try body() }
    dup2(fileno(capture), STDERR_FILENO)
    defer {
      fflush(nil)
      dup2(saved, STDERR_FILENO)
      close(saved)
      if verbose {
        rewind(capture)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
          let count = fread(&buffer, 1, buffer.count, capture)
          if count <= 0 { break }
          FileHandle.standardError.write(Data(buffer[0..<count]))
        }
      }
      fclose(capture)
    }
    return try body()
  }
}
