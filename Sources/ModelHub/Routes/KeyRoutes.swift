import Foundation
import Hummingbird
import ModelHubAPI

/// Admin routes for API keys: `POST /v1/keys` creates one (its secret is in that answer only),
/// `GET /v1/keys` lists them (ids, scopes, times; never secrets or hashes) and
/// `POST /v1/keys/{id}:revoke` revokes one, effective on the next request. Keys can also be
/// created with `tensorbridge hub keys create` on the data folder.
struct KeyRoutes: Sendable {
  let hub: HubContext

  func register(on router: Router<BasicRequestContext>) {
    router.on(HubAPI.createKey, checkedBy: hub.authenticator, use: create)
    router.on(HubAPI.listKeys, checkedBy: hub.authenticator, use: list)
    router.on(HubAPI.revokeKey, checkedBy: hub.authenticator, use: revoke)
  }

  @Sendable private func create(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let body = try await HTTPHelpers.decode(HubCreateKeyRequest.self, from: request)
    let key = try await hub.metadata.createKey(scope: body.scope)
    hub.logger.notice("API key created", metadata: ["key": "\(key.id)", "scope": "\(key.scope.rawValue)"])
    return try HTTPHelpers.json(key, status: .created, headers: [.cacheControl: "no-store"])
  }

  @Sendable private func list(_ request: Request, context: BasicRequestContext) async throws -> Response {
    return try HTTPHelpers.json(HubAPIKeyList(keys: try await hub.metadata.listKeys()))
  }

  @Sendable private func revoke(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let (id, verb) = try HTTPHelpers.nameAndVerb(context, "id")
    guard verb == "revoke" else { throw HubError.routeNotFound(method: "POST", path: request.uri.path) }
    let key = try await hub.metadata.revokeKey(id: id)
    hub.logger.notice("API key revoked", metadata: ["key": "\(key.id)", "scope": "\(key.scope.rawValue)"])
    return try HTTPHelpers.json(key)
  }
}
