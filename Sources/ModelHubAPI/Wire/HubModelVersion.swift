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
  /// The id of the hub signing key that signed this version, or nil while it is unsigned
  /// (versions are signed when published, once the hub has a signing key).
  public var signingKeyID: String?
  /// The aliases naming this version, sorted (`stable`, `canary`…); nil from hubs older than aliases.
  public var aliases: [String]?

  /// Creates a version description.
  public init(
    model: String, version: Int, modelHash: String, sizeBytes: Int64, createTime: Date,
    published: Bool, validation: HubValidationReport, signingKeyID: String? = nil, aliases: [String]? = nil
  ) {
    self.model = model
    self.version = version
    self.modelHash = modelHash
    self.sizeBytes = sizeBytes
    self.createTime = createTime
    self.published = published
    self.validation = validation
    self.signingKeyID = signingKeyID
    self.aliases = aliases
  }
}

/// The list of a model's versions, newest first.
public struct HubVersionList: Codable, Sendable, Equatable {
  /// The versions.
  public var versions: [HubModelVersion]

  /// Creates a list.
  public init(versions: [HubModelVersion]) { self.versions = versions }
}
