import Foundation

/// One uploaded file of a model. Versions are numbered 1, 2, 3… per model and never change.
public struct HubModelVersion: Codable, Sendable, Equatable {
  /// The model this version belongs to.
  public var model: String
  /// The version number, from 1.
  public var version: Int
  /// Lowercase hex SHA-256 of the file's bytes.
  public var modelHash: String
  /// The file's size in bytes.
  public var sizeBytes: Int64
  /// When the version was uploaded.
  public var createTime: Date
  /// Whether clients can download it.
  public var published: Bool
  /// What the hub found when it checked the upload.
  public var validation: HubValidationReport

  /// Creates a version description.
  public init(model: String, version: Int, modelHash: String, sizeBytes: Int64, createTime: Date,
              published: Bool, validation: HubValidationReport) {
    self.model = model
    self.version = version
    self.modelHash = modelHash
    self.sizeBytes = sizeBytes
    self.createTime = createTime
    self.published = published
    self.validation = validation
  }
}

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

  /// Creates a report.
  public init(inputs: [Tensor], outputs: [Tensor], operators: [String], metadataNames: [String],
              hasMetadata: Bool, runtimeLoads: Bool?, runtimeError: String?) {
    self.inputs = inputs
    self.outputs = outputs
    self.operators = operators
    self.metadataNames = metadataNames
    self.hasMetadata = hasMetadata
    self.runtimeLoads = runtimeLoads
    self.runtimeError = runtimeError
  }
}

/// The list of a model's versions, newest first.
public struct HubVersionList: Codable, Sendable, Equatable {
  /// The versions.
  public var versions: [HubModelVersion]

  /// Creates a list.
  public init(versions: [HubModelVersion]) { self.versions = versions }
}
