import Foundation
import Logging

/// Where LiteRT's own log lines go.
///
/// LiteRT writes straight to standard error: an `INFO: Created TensorFlow Lite XNNPACK delegate
/// for CPU.` banner for every compiled model, and messages of its model loader. The runtime has
/// no exported switch for that output (``Interpreter/Options/logSeverity`` does not reach it),
/// so TensorBridge holds standard error back while LiteRT loads and compiles a model and routes
/// LiteRT's lines to ``destination``. Any other text written to standard error in that span (by
/// another thread of your app) is passed through unchanged.
///
/// Kernels' errors (`Encountered unresolved custom op: …`, `Node number 4 (STABLEHLO_SCATTER)
/// failed to prepare.`, `… failed to invoke.`) are collected by each compiled model instead
/// (LiteRT's buffer error reporter): when a call fails, TensorBridge reads them into the typed
/// error (``InterpreterError/operatorFailed(name:node:stage:reason:status:)``) and passes them
/// to ``destination`` as `ERROR` lines, so they reach your logger or standard error too.
///
/// ```swift
/// RuntimeLog.destination = .logger(Logger(label: "litert"))   // see LiteRT's lines in swift-log
/// RuntimeLog.destination = .standardError                     // LiteRT's output untouched
/// ```
///
/// The default is ``Destination/quiet``. Set the destination before creating interpreters; a
/// change applies to the loads that start after it.
public enum RuntimeLog {
  /// What happens to LiteRT's log lines.
  public enum Destination: Sendable {
    /// Dropped (the default). Failures still reach you as typed errors.
    case quiet
    /// Sent to a swift-log `Logger`: `VERBOSE` as trace, `INFO` as info, `WARNING` as warning,
    /// `ERROR` as error, with the `litert.severity` metadata key set to LiteRT's own word.
    case logger(Logger)
    /// Left alone: LiteRT writes to standard error itself, as it does in Python.
    case standardError
  }

  private static let storage = RuntimeLogStorage()

  /// Where LiteRT's log lines go; ``Destination/quiet`` unless you set it.
  public static var destination: Destination {
    get { storage.destination }
    set { storage.destination = newValue }
  }
}

/// The process-wide destination behind a lock.
private final class RuntimeLogStorage: @unchecked Sendable {
  private let lock = NSLock()
  private var value: RuntimeLog.Destination = .quiet

  var destination: RuntimeLog.Destination {
    get { lock.withLock { value } }
    set { lock.withLock { value = newValue } }
  }
}
