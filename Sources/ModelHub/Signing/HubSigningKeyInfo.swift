import Foundation

/// What a hub signing key is for.
public enum HubSigningKeyRole: String, Codable, Sendable {
  /// Signs the versions published from now on (one key at most).
  case signing
  /// Signed earlier versions; clients keep trusting it until it is retired.
  case verifying
  /// No longer to be trusted; its signatures stay stored.
  case retired
}

/// A hub signing key as `hub signing-keys list` shows it (never the private key).
public struct HubSigningKeyInfo: Codable, Sendable, Equatable {
  /// The key's id, `sk_` and the first 12 digits of its hint.
  public var id: String
  /// The model-signing key hint: hex SHA-256 of the public key's PEM.
  public var hint: String
  /// The public key, PEM (what clients trust).
  public var publicKey: String
  /// What the key is for.
  public var role: HubSigningKeyRole
  /// Whether the private key is kept outside the data folder.
  public var external: Bool
  /// When the key was added.
  public var createTime: Date
  /// When the key was retired, or nil.
  public var retireTime: Date?
}

/// The list of signing keys, oldest first.
public struct HubSigningKeyList: Codable, Sendable, Equatable {
  /// The keys.
  public var keys: [HubSigningKeyInfo]

  /// Creates a list.
  public init(keys: [HubSigningKeyInfo]) { self.keys = keys }
}
