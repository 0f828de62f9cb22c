import Foundation
import TensorBridge

/// Holds back what LiteRT writes to standard error (its "INFO: Created TensorFlow Lite XNNPACK
/// delegate" banner and its own copies of errors the CLI already reports as one `error:` line).
///
/// The CLI is single-threaded while it loads and runs a model, so redirecting file descriptor 2
/// for that span is safe here (the library's own captures are shorter and serialized; see
/// TensorBridge's `StandardErrorCapture`). `--verbose` shows the log.
enum RuntimeLogCapture {
  /// Runs `body` with standard error redirected to a temporary file; afterwards the captured
  /// text is written to the real standard error when `verbose` is set.
  static func run<T, Failure: Error>(verbose: Bool, _ body: () throws(Failure) -> T) throws(Failure) -> T {
    let (outcome, text) = StandardErrorCapture.capturingStandardError(body)
    if verbose, let text { FileHandle.standardError.write(Data(text.utf8)) }
    return try outcome.get()
  }
}
