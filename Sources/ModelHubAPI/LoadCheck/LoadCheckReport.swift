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
    /// Fused recurrent operators TensorBridge lowered to builtin operators so that LiteRT loads
    /// the model (their state in variable tensors), as `subgraphs[0].operators[0] NAME`; empty
    /// when none were (and when a report omits the key).
    public var loweredOperators: [String]
    /// Dynamic input dimensions that a lowered operator's state or weights fix at the file's
    /// size, each as a sentence naming the tensor, size and operator; empty when none are (and
    /// when a report omits the key).
    public var fixedDimensions: [String]
    /// When LiteRT loads the model but prepares it only once its dynamic inputs are given
    /// sizes (it cannot at the sizes the file stores, as in Python before
    /// `resize_tensor_input`): which inputs, and why. `nil` for most models.
    public var inputSizesRequired: String?

    /// Creates a runtime outcome.
    /// - Parameters:
    ///   - loads: Whether LiteRT loaded and prepared the model.
    ///   - library: The runtime library used, if any.
    ///   - error: Why loading failed, if it did.
    ///   - loweredOperators: The fused recurrent operators lowered before loading.
    ///   - fixedDimensions: The dynamic input dimensions those operators fix.
    ///   - inputSizesRequired: Why the model prepares only once its dynamic inputs are sized.
    public init(
      loads: Bool, library: String? = nil, error: String? = nil, loweredOperators: [String] = [],
      fixedDimensions: [String] = [], inputSizesRequired: String? = nil
    ) {
      self.loads = loads
      self.library = library
      self.error = error
      self.loweredOperators = loweredOperators
      self.fixedDimensions = fixedDimensions
      self.inputSizesRequired = inputSizesRequired
    }

    private enum CodingKeys: String, CodingKey {
      case loads, library, error, loweredOperators, fixedDimensions, inputSizesRequired
    }

    /// Decodes a report; `loweredOperators`, `fixedDimensions` and `inputSizesRequired` may be
    /// missing (reports from before they existed).
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      loads = try container.decode(Bool.self, forKey: .loads)
      library = try container.decodeIfPresent(String.self, forKey: .library)
      error = try container.decodeIfPresent(String.self, forKey: .error)
      loweredOperators = try container.decodeIfPresent([String].self, forKey: .loweredOperators) ?? []
      fixedDimensions = try container.decodeIfPresent([String].self, forKey: .fixedDimensions) ?? []
      inputSizesRequired = try container.decodeIfPresent(String.self, forKey: .inputSizesRequired)
    }
  }

  /// The outcome of loading the model with the runtime.
  public var runtime: Runtime

  /// Creates a report.
  /// - Parameter runtime: The outcome of loading the model.
  public init(runtime: Runtime) { self.runtime = runtime }
}
