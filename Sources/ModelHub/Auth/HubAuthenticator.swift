import Hummingbird
import ModelHubAPI

/// Checks `Authorization: Bearer <key>` against the key hashes of the in-memory serving state
/// (``HubServingStore``): no database round trip. A key revoked or deleted — through this hub,
/// the CLI, or a process editing the database — is refused on the next request, because any
/// change to the store is noticed before the request is answered.
struct HubAuthenticator: Sendable {
  private let serving: HubServingStore

  init(serving: HubServingStore) { self.serving = serving }

  /// Throws unless the request carries a valid, unrevoked key whose scope allows `required`
  /// (an admin key may do everything a client key may).
  func require(_ required: HubKeyScope, _ request: Request) async throws {
    _ = try await authenticate(required, request)
  }

  /// Like ``require(_:_:)``, and returns the serving state the key was checked against, so that
  /// the caller answers from the same state.
  func authenticate(_ required: HubKeyScope, _ request: Request) async throws -> HubServingSnapshot {
    guard let header = request.headers[.authorization] else {
      throw HubError.unauthenticated("Send an API key as 'Authorization: Bearer <key>'.")
    }
    let parts = header.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty, parts[1].utf8.count <= 200 else {
      throw HubError.unauthenticated("The Authorization header must be 'Bearer <key>'.")
    }
    let snapshot = try await serving.snapshot()
    guard let scope = snapshot.keys[APIKeys.hash(String(parts[1]))] else {
      throw HubError.unauthenticated("The API key is not valid (unknown or revoked).")
    }
    if required == .admin && scope != .admin { throw HubError.permissionDenied(required: .admin) }
    return snapshot
  }
}
