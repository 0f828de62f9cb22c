import Foundation
import Hummingbird
import ModelHubAPI

/// Admin routes for aliases: `PUT /v1/models/{name}/aliases/{alias}` with `{"version": N}` sets
/// or moves an alias in one transaction; `DELETE` removes it. Both answer the version concerned.
/// Clients ask for an alias's version with `GET /v1/models/{name}:download?alias=ALIAS`.
struct AliasRoutes: Sendable {
  let hub: HubContext

  func register(on router: Router<BasicRequestContext>) {
    router.on(HubAPI.setAlias, checkedBy: hub.authenticator, use: set)
    router.on(HubAPI.deleteAlias, checkedBy: hub.authenticator, use: remove)
  }

  @Sendable private func set(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let (name, alias) = try nameAndAlias(context)
    let body = try await HTTPHelpers.decode(HubSetAliasRequest.self, from: request)
    guard body.version >= 1 else { throw HubError.invalidArgument("version must be a number from 1.") }
    let version = try await hub.metadata.setAlias(name, alias, version: body.version)
    hub.logger.info("alias set", metadata: ["model": "\(name)", "alias": "\(alias)", "version": "\(body.version)"])
    return try HTTPHelpers.json(version)
  }

  @Sendable private func remove(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let (name, alias) = try nameAndAlias(context)
    let version = try await hub.metadata.removeAlias(name, alias)
    hub.logger.info("alias removed", metadata: ["model": "\(name)", "alias": "\(alias)"])
    return try HTTPHelpers.json(version)
  }

  private func nameAndAlias(_ context: BasicRequestContext) throws(HubError) -> (String, String) {
    let name = try HTTPHelpers.modelName(context)
    let alias = context.parameters.get("alias") ?? ""
    try HubStore.checkAlias(alias)
    return (name, alias)
  }
}
