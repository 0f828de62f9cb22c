import Hummingbird
import ModelHubAPI

/// Checks `Authorization: Bearer <key>` against the stored key hashes. Nothing is cached: each
/// request reads the key's row (one indexed lookup), so a key revoked or deleted — through this
/// hub, the CLI, or another hub process sharing the database — is refused on the next request.
struct HubAuthenticator: Sendable {
  private let store: HubStore

  init(store: HubStore) { self.store = store }

  /// Throws unless the request carries a valid, unrevoked key whose scope allows `required`
  /// (an admin key may do everything a client key may).
  func require(_ required: HubKeyScope, _ request: Request) async throws {
    guard let header = request.headers[.authorization] else {
      throw HubError.unauthenticated("Send an API key as 'Authorization: Bearer <key>'.")
    }
    let parts = header.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty, parts[1].utf8.count <= 200 else {
      throw HubError.unauthenticated("The Authorization header must be 'Bearer <key>'.")
    }
    guard let scope = try await store.scope(ofKeyHash: APIKeys.hash(String(parts[1]))) else {
      throw HubError.unauthenticated("The API key is not valid (unknown or revoked).")
    }
    if required == .admin && scope != .admin { throw HubError.permissionDenied(required: .admin) }
  }
}
