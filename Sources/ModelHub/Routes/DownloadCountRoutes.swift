import Foundation
import Hummingbird
import ModelHubAPI

/// `GET /v1/models/{name}/downloads[?days=N]`: download answers per version per UTC day.
struct DownloadCountRoutes: Sendable {
  let hub: HubContext
  /// The most days one request covers.
  static let maxDays = 366

  func register(on router: Router<BasicRequestContext>) {
    router.on(HubAPI.getDownloadCounts, checkedBy: hub.authenticator, use: get)
  }

  @Sendable private func get(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let name = try HTTPHelpers.modelName(context)
    let days = try Self.days(HTTPHelpers.query(request, "days"))
    return try HTTPHelpers.json(try await hub.downloadCounts(name, days: days))
  }

  /// The `days` parameter: 1…``maxDays``, default 30.
  static func days(_ text: String?) throws(HubError) -> Int {
    guard let text else { return 30 }
    guard let value = Int(text), (1...maxDays).contains(value) else {
      throw .invalidArgument("days must be a number between 1 and \(maxDays).")
    }
    return value
  }
}
