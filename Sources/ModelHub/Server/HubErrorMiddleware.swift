import Foundation
import Hummingbird
import Logging
import ModelHubAPI

/// Turns every error into a JSON error body: ``HubError`` as is, Hummingbird's own errors (no
/// route, body too large) by their status, anything else as a logged 500.
struct HubErrorMiddleware: RouterMiddleware {
  typealias Context = BasicRequestContext
  let logger: Logger

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    do {
      return try await next(request, context)
    } catch let error as HubError {
      return try error.response(from: request, context: context)
    } catch let error as HTTPResponseError {
      let mapped: HubError
      switch error.status {
      case .notFound:
        // A path the hub serves, with another method: 405 with `Allow`, not "no route".
        let allowed = HubAPI.methods(forPath: request.uri.path)
        mapped =
          allowed.isEmpty
          ? .routeNotFound(method: request.method.rawValue, path: request.uri.path)
          : .methodNotAllowed(method: request.method.rawValue, allowed: allowed)
      case .contentTooLarge: mapped = .payloadTooLarge(limit: Int64(HTTPHelpers.maxJSONBytes))
      case .badRequest: mapped = .invalidArgument("The request is malformed.")
      default:
        var response = try error.response(from: request, context: context)
        response.headers[.contentType] = "application/json; charset=utf-8"
        let body = HubErrorBody(code: "HTTP_\(error.status.code)", message: error.status.reasonPhrase)
        response.body = .init(byteBuffer: ByteBuffer(bytes: try HubJSON.encoder().encode(body)))
        return response
      }
      return try mapped.response(from: request, context: context)
    } catch {
      logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
      return try HubError.internalError("the server could not complete the request").response(
        from: request, context: context)
    }
  }
}
