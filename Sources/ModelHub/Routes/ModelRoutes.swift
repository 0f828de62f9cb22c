import Foundation
import Hummingbird
import ModelHubAPI

/// Admin routes for models: create, list, read, update, delete. `GET /v1/models/{name}:download`
/// shares its path segment with `GET /v1/models/{name}` and is forwarded to ``DownloadRoutes``.
struct ModelRoutes: Sendable {
  let hub: HubContext
  let download: DownloadRoutes

  func register(on router: Router<BasicRequestContext>) {
    router.on(HubAPI.createModel, checkedBy: hub.authenticator, use: create)
    router.on(HubAPI.listModels, checkedBy: hub.authenticator, use: list)
    // Also `HubAPI.downloadModel`: `{name}:download` is the same path segment, so the handler
    // checks the key itself (an admin key to read the model, a client key to download).
    router.on(HubAPI.getModel, use: getOrDownload)
    router.on(HubAPI.updateModel, checkedBy: hub.authenticator, use: update)
    router.on(HubAPI.deleteModel, checkedBy: hub.authenticator, use: delete)
  }

  @Sendable private func create(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let body = try await HTTPHelpers.decode(HubCreateModelRequest.self, from: request)
    let model = try await hub.metadata.createModel(body)
    hub.logger.info("model created", metadata: ["model": "\(model.name)"])
    return try HTTPHelpers.json(model, status: .created, headers: [.eTag: model.etag])
  }

  @Sendable private func list(_ request: Request, context: BasicRequestContext) async throws -> Response {
    var pageSize = 50
    if let text = HTTPHelpers.query(request, "pageSize") {
      guard let value = Int(text) else {
        throw HubError.invalidArgument("pageSize must be a number between 1 and 100.")
      }
      pageSize = value
    }
    let page = try await hub.metadata.listModels(
      tag: HTTPHelpers.query(request, "tag"), pageSize: pageSize, pageToken: HTTPHelpers.query(request, "pageToken"))
    return try HTTPHelpers.json(page)
  }

  @Sendable private func getOrDownload(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let (name, verb) = try HTTPHelpers.nameAndVerb(context)
    switch verb {
    case nil:
      try await hub.authenticator.require(.admin, request)
      let model = try await hub.metadata.model(name)
      return try HTTPHelpers.json(model, headers: [.eTag: model.etag])
    case "download":
      return try await download.download(name: name, request: request)
    default:
      throw HubError.routeNotFound(method: "GET", path: request.uri.path)
    }
  }

  @Sendable private func update(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let (name, verb) = try HTTPHelpers.nameAndVerb(context)
    guard verb == nil else { throw HubError.routeNotFound(method: "PATCH", path: request.uri.path) }
    try HubName.check(name)
    let body = try await HTTPHelpers.decode(HubUpdateModelRequest.self, from: request)
    let model = try await hub.metadata.updateModel(name, body, ifMatch: request.headers[.ifMatch])
    return try HTTPHelpers.json(model, headers: [.eTag: model.etag])
  }

  @Sendable private func delete(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let (name, verb) = try HTTPHelpers.nameAndVerb(context)
    guard verb == nil else { throw HubError.routeNotFound(method: "DELETE", path: request.uri.path) }
    try await hub.metadata.deleteModel(name)
    hub.logger.info("model deleted", metadata: ["model": "\(name)"])
    return try HTTPHelpers.json([String: String]())
  }
}
