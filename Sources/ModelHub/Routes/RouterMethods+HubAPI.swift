import Hummingbird
import ModelHubAPI

extension RouterMethods {
  /// Registers `handler` for `route` at the method and path the route table (``HubAPI``) gives
  /// it, so that each is written once (`OpenAPITests` checks the router against the table).
  @discardableResult
  func on(
    _ route: HubAPI.Route, use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator
  ) -> Self {
    guard let method = HTTPRequest.Method(route.method) else {
      preconditionFailure("\(route): '\(route.method)' is not an HTTP method")
    }
    return on(RouterPath(route.routerPath), method: method, use: handler)
  }

  /// Registers `handler` for `route` (as ``on(_:use:)``) behind the key scope the table gives
  /// the route: `authenticator` refuses a request without a key of that scope before `handler`
  /// runs.
  @discardableResult
  func on(
    _ route: HubAPI.Route, checkedBy authenticator: HubAuthenticator,
    use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator
  ) -> Self {
    guard let scope = route.scope else { preconditionFailure("\(route) takes no key") }
    return on(route) { request, context in
      try await authenticator.require(scope, request)
      return try await handler(request, context)
    }
  }
}
