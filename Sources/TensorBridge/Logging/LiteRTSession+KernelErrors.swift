import Foundation
import LiteRTRuntime

extension LiteRTSession {
  /// What the compiled model's error reporter collected since the last call (kernels' errors:
  /// which operator failed to prepare or run, and why), as LiteRT's `ERROR:` lines, also passed
  /// to ``RuntimeLog/destination`` as LiteRT would have printed them; `nil` when there are none
  /// or the runtime keeps no such buffer.
  ///
  /// The compiled model is created with `kLiteRtErrorReporterModeBuffer` when the runtime
  /// exports `LiteRtCompiledModelGetErrorMessages`, so these errors never reach standard error
  /// and are read back only when a call fails.
  func takeKernelErrors() -> RuntimeLogLines? {
    guard let get = library.compiledModelGetErrorMessages else { return nil }
    var text: UnsafeMutablePointer<CChar>?
    guard get(compiledModel, &text) == 0, let text else { return nil }
    defer { free(text) }
    _ = library.compiledModelClearErrors?(compiledModel)
    // One message per line; "See instructions: …" continues the line before (RuntimeLogLines).
    let lines = String(cString: text).split(separator: "\n")
      .map { $0.hasPrefix("See instructions: ") ? "\($0)\n" : "ERROR: \($0)\n" }.joined()
    guard !lines.isEmpty else { return nil }
    let log = RuntimeLogLines(splitting: lines)
    StandardErrorCapture.forward(log, to: RuntimeLog.destination)
    return log
  }
}
