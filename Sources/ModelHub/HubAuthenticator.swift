import Hummingbird
import TensorBridgeDelivery

/// Checks `Authorization: Bearer <key>` against the stored key hashes. Known keys are cached
/// (keys are never revoked while a hub runs; new keys are found in the database).
actor HubAuthenticator {
  private let store: HubStore
  private var known: [String: HubKeyScope] = [:]

  init(store: HubStore) { self.store = store }

  /// Throws unless the request carries a key whose scope allows `required`
  /// (an admin key may do everything a client key may).
  nonisolated func require(_ required: HubKeyScope, _ request: Request) async throws {
    guard let header = request.headers[.authorization] else {
      throw HubError.unauthenticated("Send an API key as 'Authorization: Bearer <key>'.")
    }
    let parts = header.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty, parts[1].utf8.count <= 200 else {
      throw HubError.unauthenticated("The Authorization header must be 'Bearer <key>'.")
    }
    guard let scope = try await scope(of: APIKeys.hash(String(parts[1]))) else {
      throw HubError.unauthenticated("The API key is not valid.")
    }
    if required == .admin && scope != .admin { throw HubError.permissionDenied(required: .admin) }
  }

  private func scope(of hash: String) async throws -> HubKeyScope? {
    if let scope = known[hash] { return scope }
    guard let scope = try await store.scope(ofKeyHash: hash) else { return nil }
    known[hash] = scope
    return scope
  }
}
