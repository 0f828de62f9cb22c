/// What the hub reads from its load check: the JSON a child process prints on standard output
/// after loading an uploaded model (`tensorbridge inspect --json MODEL` prints it, among more
/// fields, which readers ignore).
///
/// ```json
/// {"runtime": {"loads": false, "error": "Custom operator 'MyOp' is not supported."}, ...}
/// ```
public struct LoadCheckReport: Codable, Sendable, Equatable {
  /// Whether the runtime could load the model, and if not, why.
  public struct Runtime: Codable, Sendable, Equatable {
    /// Whether LiteRT loaded and prepared the model.
    public var loads: Bool
    /// The runtime library used, when one was found.
    public var library: String?
    /// Why the model could not be loaded (for example, a custom operator the runtime lacks).
    public var error: String?

    /// Creates a runtime outcome.
    /// - Parameters:
    ///   - loads: Whether LiteRT loaded and prepared the model.
    ///   - library: The runtime library used, if any.
    ///   - error: Why loading failed, if it did.
    public init(loads: Bool, library: String? = nil, error: String? = nil) {
      self.loads = loads
      self.library = library
      self.error = error
    }
  }

  /// The outcome of loading the model with the runtime.
  public var runtime: Runtime

  /// Creates a report.
  /// - Parameter runtime: The outcome of loading the model.
  public init(runtime: Runtime) { self.runtime = runtime }
}
