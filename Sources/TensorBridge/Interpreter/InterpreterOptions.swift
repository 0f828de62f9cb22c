extension Interpreter {
  /// How an ``Interpreter`` runs its model.
  public struct Options: Sendable, Equatable {
    /// Threads for the CPU kernels; `nil` leaves LiteRT's default (1).
    public var threadCount: Int?
    /// Whether the XNNPACK CPU kernels are used (the default). Turning them off falls back to
    /// LiteRT's builtin kernels, which are slower; a few custom operators resolve only through
    /// XNNPACK and then fail.
    public var isXNNPackEnabled: Bool
    /// A `libLiteRt` to use instead of searching the usual places.
    public var runtimeLibraryPath: String?
    /// The least severe LiteRT log messages that are printed (to standard error).
    public var logSeverity: LogSeverity
    /// Bytes reserved for each string output (LiteRT copies a string result into a buffer
    /// given before the run, and its size is only known after it). A model without variables
    /// that outgrows it is run again with buffers up to 256 MiB; a stateful one fails with
    /// ``InterpreterError/invocationFailed(status:)`` instead of running twice. Default 1 MiB.
    public var stringOutputByteCapacity: Int
    /// Whether outputs LiteRT cannot return by itself are read through TensorBridge's capture
    /// operators (the default): outputs whose shape may depend on the data (a `-1` in their
    /// shape signature, or no rank) and every output of a graph holding a dynamic tensor.
    /// LiteRT alone returns garbage for them, fails the next run, or — after a resize — lets
    /// the kernels write past the output buffer. Turning this off saves one copy of those
    /// outputs per invoke and is safe only for models without any dynamic tensor.
    public var isOutputCaptureEnabled: Bool

    /// Creates options; the defaults match LiteRT's own.
    public init(
      threadCount: Int? = nil, isXNNPackEnabled: Bool = true, runtimeLibraryPath: String? = nil,
      logSeverity: LogSeverity = .error, stringOutputByteCapacity: Int = 1 << 20,
      isOutputCaptureEnabled: Bool = true
    ) {
      self.threadCount = threadCount
      self.isXNNPackEnabled = isXNNPackEnabled
      self.runtimeLibraryPath = runtimeLibraryPath
      self.logSeverity = logSeverity
      self.stringOutputByteCapacity = stringOutputByteCapacity
      self.isOutputCaptureEnabled = isOutputCaptureEnabled
    }

    /// LiteRT's log levels.
    public enum LogSeverity: Int64, Sendable {
      case verbose = 0
      case info = 1
      case warning = 2
      case error = 3
      case silent = 4
    }
  }
}

extension Interpreter.Options {
  /// The options on one line, as load reports show them (`LoadObserver`):
  /// `threads=2 xnnpack=on capture=on string-capacity=1048576 log=error runtime=default`.
  public var loadReportDescription: String {
    "threads=\(threadCount.map(String.init) ?? "default") xnnpack=\(isXNNPackEnabled ? "on" : "off") "
      + "capture=\(isOutputCaptureEnabled ? "on" : "off") string-capacity=\(stringOutputByteCapacity) "
      + "log=\(logSeverity) runtime=\(runtimeLibraryPath ?? "default")"
  }
}
