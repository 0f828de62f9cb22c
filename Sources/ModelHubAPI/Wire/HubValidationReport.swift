/// The checks an uploaded file passed: its inputs, outputs, operators and metadata as read by
/// the pure-Swift verifier, and the outcome of a full load by LiteRT in a child process.
public struct HubValidationReport: Codable, Sendable, Equatable {
  /// A tensor of the main graph.
  public struct Tensor: Codable, Sendable, Equatable {
    /// The tensor's name.
    public var name: String
    /// The element type, such as `float32` or `int8`.
    public var dtype: String
    /// The shape (-1 for dynamic dimensions, from the shape signature).
    public var shape: [Int]

    /// Creates a tensor description.
    public init(name: String, dtype: String, shape: [Int]) {
      self.name = name
      self.dtype = dtype
      self.shape = shape
    }
  }

  /// The main graph's inputs, in order.
  public var inputs: [Tensor]
  /// The main graph's outputs, in order.
  public var outputs: [Tensor]
  /// Distinct operator names, in order of first use.
  public var operators: [String]
  /// The names of the model's metadata entries.
  public var metadataNames: [String]
  /// Whether the file carries TFLite metadata (`TFLITE_METADATA`).
  public var hasMetadata: Bool
  /// Whether LiteRT loaded the model in the validation child process; nil when no runtime check
  /// was configured.
  public var runtimeLoads: Bool?
  /// Why LiteRT could not load it (for example, a custom operator the runtime lacks).
  public var runtimeError: String?
  /// When LiteRT loads the model but prepares it only once its dynamic inputs are sized (it
  /// cannot at the sizes the file stores; apps resize them before running): which inputs, and
  /// why. `nil` for most models.
  public var runtimeInputSizesRequired: String?

  /// Creates a report.
  public init(
    inputs: [Tensor], outputs: [Tensor], operators: [String], metadataNames: [String],
    hasMetadata: Bool, runtimeLoads: Bool?, runtimeError: String?, runtimeInputSizesRequired: String? = nil
  ) {
    self.inputs = inputs
    self.outputs = outputs
    self.operators = operators
    self.metadataNames = metadataNames
    self.hasMetadata = hasMetadata
    self.runtimeLoads = runtimeLoads
    self.runtimeError = runtimeError
    self.runtimeInputSizesRequired = runtimeInputSizesRequired
  }
}
