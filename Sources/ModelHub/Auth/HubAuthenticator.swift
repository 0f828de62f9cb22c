import HTTPTypes
import Hummingbird
import ModelHubAPI

/// Checks `Authorization: Bearer <key>` — or, for the console, its session cookie — against the
/// key hashes of the in-memory serving state (``HubServingStore``): no database round trip. A
/// key revoked or deleted — through this hub, the CLI, or a process editing the database — is
/// refused on the next request, because any change to the store is noticed before the request
/// is answered; console sessions opened with it end at the same moment.
struct HubAuthenticator: Sendable {
  private let serving: HubServingStore
  private let sessions: ConsoleSessions

  init(serving: HubServingStore, sessions: ConsoleSessions) {
    self.serving = serving
    self.sessions = sessions
  }

  /// Throws unless the request carries a valid, unrevoked key whose scope allows `required`
  /// (an admin key may do everything a client key may).
  func require(_ required: HubKeyScope, _ request: Request) async throws {
    _ = try await authenticate(required, request)
  }

  /// Like ``require(_:_:)``, and returns the serving state the key was checked against, so that
  /// the caller answers from the same state.
  ///
  /// Without an `Authorization` header, a console session cookie stands for the key it was
  /// opened with; then any method but `GET` and `HEAD` must also carry the session's CSRF token
  /// in `X-CSRF-Token`.
  func authenticate(_ required: HubKeyScope, _ request: Request) async throws -> HubServingSnapshot {
    let keyHash: String
    if let hash = try Self.bearerKeyHash(request.headers) {
      keyHash = hash
    } else if let cookie = ConsoleCookie.value(in: request) {
      guard let session = sessions.session(cookie: cookie) else {
        throw HubError.unauthenticated("The console session has ended: sign in again.")
      }
      if request.method != .get && request.method != .head {
        guard let token = request.headers[ConsoleCookie.csrfField],
          ConsoleSessions.tokensMatch(token, session.csrfToken)
        else { throw HubError.csrfTokenInvalid }
      }
      keyHash = session.keyHash
    } else {
      throw HubError.unauthenticated("Send an API key as 'Authorization: Bearer <key>'.")
    }
    let snapshot = try await serving.snapshot()
    guard let scope = snapshot.keys[keyHash] else {
      throw HubError.unauthenticated("The API key is not valid (unknown or revoked).")
    }
    if required == .admin && scope != .admin { throw HubError.permissionDenied(required: .admin) }
    return snapshot
  }

  /// The hash of the key in `Authorization: Bearer <key>`, nil without an `Authorization` header.
  /// - Throws: ``HubError/unauthenticated(_:)`` when the header is not `Bearer <key>` (key of 1
  ///   to 200 bytes).
  static func bearerKeyHash(_ fields: HTTPFields) throws(HubError) -> String? {
    guard let header = fields[.authorization] else { return nil }
    let parts = header.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty, parts[1].utf8.count <= 200 else {
      throw .unauthenticated("The Authorization header must be 'Bearer <key>'.")
    }
    return APIKeys.hash(String(parts[1]))
  }

  /// The scope of the key with hash `keyHash`, or nil when it is unknown or revoked.
  func scope(ofKeyHash keyHash: String) async throws -> HubKeyScope? {
    try await serving.snapshot().keys[keyHash]
  }
}
