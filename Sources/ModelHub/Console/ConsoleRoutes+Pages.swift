import Foundation
import Hummingbird
import ModelHubAPI

/// The signed-in pages: models, one model, API keys. Each reads through the same store
/// functions as the JSON API's handlers; without a session it sends the browser to sign in.
extension ConsoleRoutes {
  /// The most models the models page searches through.
  static let maxListedModels = 10_000

  @Sendable func modelsPage(_ request: Request, context: BasicRequestContext) async throws -> Response {
    guard let (session, scope) = try await signedIn(request) else { return Self.redirect(to: "\(Self.root)/sign-in") }
    let frame = ConsoleFrame(title: "Models", session: session, scope: scope, tab: .models)
    var models: [HubModel] = []
    var token: String?
    repeat {
      let page = try await hub.metadata.listModels(tag: nil, pageSize: HubLimits.pageSize, pageToken: token)
      models += page.models
      token = page.nextPageToken
    } while token != nil && models.count < Self.maxListedModels
    func text(_ key: String) -> String { String((HTTPHelpers.query(request, key) ?? "").prefix(100)) }
    let page = ModelsPage(
      frame: frame, models: models, query: text("q"), tag: text("tag"), sort: text("sort"),
      page: Int(text("page")) ?? 1)
    return try self.page("models", page)
  }

  @Sendable func modelPage(_ request: Request, context: BasicRequestContext) async throws -> Response {
    guard let (session, scope) = try await signedIn(request) else { return Self.redirect(to: "\(Self.root)/sign-in") }
    let name = context.parameters.get("name") ?? ""
    var frame = ConsoleFrame(title: name, session: session, scope: scope, tab: .models)
    do {
      try HubName.check(name)
      let model = try await hub.metadata.model(name)
      frame.title = model.displayName
      let page = ModelPage(
        frame: frame, model: model, versions: try await hub.metadata.versions(of: name),
        rollout: try await hub.metadata.rollout(of: name),
        downloads: try await hub.downloadCounts(name, days: DownloadChart.days),
        maxUploadBytes: hub.configuration.maxUploadBytes)
      return try self.page("model", page)
    } catch let error as HubError {
      return try errorPage(error, frame: frame)
    }
  }

  @Sendable func keysPage(_ request: Request, context: BasicRequestContext) async throws -> Response {
    guard let (session, scope) = try await signedIn(request) else { return Self.redirect(to: "\(Self.root)/sign-in") }
    let frame = ConsoleFrame(title: "API keys", session: session, scope: scope, tab: .keys)
    guard scope == .admin else { return try errorPage(.permissionDenied(required: .admin), frame: frame) }
    return try page("keys", KeysPage(frame: frame, keys: try await hub.metadata.listKeys()))
  }
}
