import Foundation

/// What an API key may do.
public enum HubKeyScope: String, Codable, Sendable, CaseIterable {
  /// Manage models, versions and rollouts, and download.
  case admin
  /// Read-only: the client API (`:download`).
  case client
}

/// A newly created API key. The secret is shown once; the hub stores only its hash.
public struct HubCreatedKey: Codable, Sendable, Equatable {
  /// A public identifier for the key (its hash prefix), for logs and revocation.
  public var id: String
  /// The secret to send as `Authorization: Bearer <key>`.
  public var key: String
  /// What the key may do.
  public var scope: HubKeyScope

  /// Creates a key description.
  public init(id: String, key: String, scope: HubKeyScope) {
    self.id = id
    self.key = key
    self.scope = scope
  }
}

/// A stored API key as listed by `GET /v1/keys`: never the secret, never its hash.
public struct HubAPIKeyInfo: Codable, Sendable, Equatable {
  /// The key's public identifier (what `:revoke` takes).
  public var id: String
  /// What the key may do.
  public var scope: HubKeyScope
  /// When the key was created.
  public var createTime: Date
  /// When the key was revoked, or nil while it is valid.
  public var revokeTime: Date?

  /// Creates a key description.
  public init(id: String, scope: HubKeyScope, createTime: Date, revokeTime: Date? = nil) {
    self.id = id
    self.scope = scope
    self.createTime = createTime
    self.revokeTime = revokeTime
  }
}

/// The answer of `GET /v1/keys`: every key, oldest first.
public struct HubAPIKeyList: Codable, Sendable, Equatable {
  /// The keys.
  public var keys: [HubAPIKeyInfo]

  /// Creates a list.
  public init(keys: [HubAPIKeyInfo]) { self.keys = keys }
}
