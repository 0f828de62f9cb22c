import Foundation
import Hummingbird
import ModelHubAPI

/// Admin routes for API keys: `GET /v1/keys` lists them (ids, scopes, times; never secrets or
/// hashes) and `POST /v1/keys/{id}:revoke` revokes one, effective on the next request.
/// Keys are created with `tensorbridge hub keys create` on the data folder.
struct KeyRoutes: Sendable {
  let hub: HubContext

  func register(on router: Router<BasicRequestContext>) {
    router.get(RouterPath(HubAPI.listKeys.routerPath), use: list)
    router.post(RouterPath(HubAPI.revokeKey.routerPath), use: revoke)
  }

  @Sendable func list(_ request: Request, context: BasicRequestContext) async throws -> Response {
    try await hub.authenticator.require(.admin, request)
    return try HTTPHelpers.json(HubAPIKeyList(keys: try await hub.metadata.listKeys()))
  }

  @Sendable func revoke(_ request: Request, context: BasicRequestContext) async throws -> Response {
    try await hub.authenticator.require(.admin, request)
    let (id, verb) = try HTTPHelpers.nameAndVerb(context, "id")
    guard verb == "revoke" else { throw HubError.routeNotFound(method: "POST", path: request.uri.path) }
    let key = try await hub.metadata.revokeKey(id: id)
    hub.logger.notice("API key revoked", metadata: ["key": "\(key.id)", "scope": "\(key.scope.rawValue)"])
    return try HTTPHelpers.json(key)
  }
}
