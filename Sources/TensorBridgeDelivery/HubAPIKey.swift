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
