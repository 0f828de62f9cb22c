import Foundation

/// The answer of `GET /v1/models/{name}:download`: where to fetch the version this installation
/// is assigned, shaped like Firebase's `ModelDownloadInfo`.
public struct HubDownloadInfo: Codable, Sendable, Equatable {
  /// A signed URL serving the file's bytes until ``expireTime``.
  public var downloadUri: String
  /// When ``downloadUri`` stops working.
  public var expireTime: Date
  /// The file's size in bytes.
  public var sizeBytes: Int64
  /// Lowercase hex SHA-256 of the bytes (also the response's `ETag`).
  public var modelHash: String
  /// The assigned version number.
  public var version: Int
  /// Why this version was chosen.
  public var assignment: HubAssignment

  /// Creates a download description.
  public init(
    downloadUri: String, expireTime: Date, sizeBytes: Int64, modelHash: String, version: Int,
    assignment: HubAssignment
  ) {
    self.downloadUri = downloadUri
    self.expireTime = expireTime
    self.sizeBytes = sizeBytes
    self.modelHash = modelHash
    self.version = version
    self.assignment = assignment
  }
}

/// How an installation was assigned a version.
public struct HubAssignment: Codable, Sendable, Equatable {
  /// What decided the version: one of the reasons below, or one a newer hub sends.
  ///
  /// An open set rather than an enum, so an app already shipped keeps decoding the answers of a
  /// hub that learns a new way to choose (as `stable` and `alias` were added): an unknown reason
  /// decodes with its text in ``rawValue``.
  public struct Reason: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible {
    /// The reason as the hub writes it.
    public let rawValue: String
    /// A reason from its text.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A targeting rule matched (``HubAssignment/rule`` is its index).
    public static let rule = Reason(rawValue: "rule")
    /// A weighted variant, by the installation's bucket (``HubAssignment/variant`` is its index).
    public static let variant = Reason(rawValue: "variant")
    /// No installation id was sent: the rollout's stable variant, the one with the largest
    /// weight (ties: the lower version); ``HubAssignment/variant`` is its index.
    public static let stable = Reason(rawValue: "stable")
    /// No rollout applied: the latest published version.
    public static let latest = Reason(rawValue: "latest")
    /// The client asked for an alias (`?alias=stable`): the version it names, rollout bypassed.
    public static let alias = Reason(rawValue: "alias")
    /// The reasons this version of the package knows.
    public static let known: [Reason] = [.rule, .variant, .stable, .latest, .alias]
    /// The reason's text.
    public var description: String { rawValue }
  }

  /// What decided the version.
  public var reason: Reason
  /// The index of the matching rule.
  public var rule: Int?
  /// The index of the chosen variant.
  public var variant: Int?
  /// The installation's sticky bucket, 0–9999 (hash of model name and installation id).
  public var bucket: Int?
  /// The alias that named the version: the one the client asked for, or the one the chosen
  /// rule or variant names.
  public var alias: String?

  /// Creates an assignment.
  public init(reason: Reason, rule: Int? = nil, variant: Int? = nil, bucket: Int? = nil, alias: String? = nil) {
    self.reason = reason
    self.rule = rule
    self.variant = variant
    self.bucket = bucket
    self.alias = alias
  }
}
