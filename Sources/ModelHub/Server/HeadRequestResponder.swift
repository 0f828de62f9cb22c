import Hummingbird
import ModelHubAPI

/// Answers `HEAD` wherever the hub answers `GET`, as RFC 9110 requires of a general-purpose
/// server (§9.1; §9.3.2: the same status and header fields as `GET`, without the content).
///
/// It wraps the router's responder, because the router picks a route by method before any of
/// its middleware runs: a `HEAD` request goes through the `GET` route (its authentication, its
/// errors) and the answer loses its body but keeps its `Content-Length`. The routes with their
/// own `HEAD` (``HubAPI/headFile``, answered from the file's metadata without reading it) take
/// it themselves.
struct HeadRequestResponder<Base: HTTPResponder>: HTTPResponder where Base.Context == BasicRequestContext {
  typealias Context = BasicRequestContext
  /// The router's responder.
  let base: Base

  func respond(to request: Request, context: Context) async throws -> Response {
    guard request.method == .head else { return try await base.respond(to: request, context: context) }
    let path = request.uri.path
    let routed =
      HubAPI.routes.contains { $0.method == "HEAD" && $0.matches(path) }
      ? request : Request(head: Self.asGet(request.head), body: request.body)
    var response = try await base.respond(to: routed, context: context)
    let length = response.headers[.contentLength] ?? response.body.contentLength.map(String.init)
    response.body = ResponseBody()
    response.headers[.contentLength] = length
    return response
  }

  private static func asGet(_ head: HTTPRequest) -> HTTPRequest {
    var get = head
    get.method = .get
    return get
  }
}
