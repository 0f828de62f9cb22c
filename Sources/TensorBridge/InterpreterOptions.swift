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

    /// Creates options; the defaults match LiteRT's own.
    public init(
      threadCount: Int? = nil, isXNNPackEnabled: Bool = true, runtimeLibraryPath: String? = nil,
      logSeverity: LogSeverity = .error, stringOutputByteCapacity: Int = 1 << 20
    ) {
      self.threadCount = threadCount
      self.isXNNPackEnabled = isXNNPackEnabled
      self.runtimeLibraryPath = runtimeLibraryPath
      self.logSeverity = logSeverity
      self.stringOutputByteCapacity = stringOutputByteCapacity
    }

    /// LiteRT's log levels.
    public enum LogSeverity: Int64, Sendable {
      case verbose = 0, info = 1, warning = 2, error = 3, silent = 4
    }
  }
}
