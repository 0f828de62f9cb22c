import Foundation
import Hummingbird
import ModelHubAPI

/// Routes about the service itself, open to anyone: `GET /healthz` and `GET /openapi.json`
/// (the document read once, at start, from ModelHubAPI's resources).
struct ServiceRoutes: Sendable {
  /// The OpenAPI document's bytes, as served.
  let openAPIDocument: Data

  func register(on router: Router<BasicRequestContext>) {
    router.on(HubAPI.health) { _, _ in try HTTPHelpers.json(["status": "ok"]) }
    let document = ByteBuffer(bytes: openAPIDocument)
    router.on(HubAPI.openAPI) { _, _ in
      Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: document))
    }
  }
}
