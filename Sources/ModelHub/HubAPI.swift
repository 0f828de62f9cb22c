/// The routes the hub answers, as they appear in its OpenAPI document.
public enum HubAPI {
  /// One route.
  public struct Route: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP method, upper case.
    public let method: String
    /// The path template, `{name}` for parameters.
    public let path: String
    /// The key scope needed, or nil for none.
    public let scope: String?

    /// `GET /v1/models`.
    public var description: String { "\(method) \(path)" }
  }

  /// The methods the routes matching `path` take, sorted (empty when no route matches). A
  /// `{parameter}` matches one non-empty path segment; `{parameter}:verb` one ending in `:verb`.
  public static func methods(forPath path: String) -> [String] {
    let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    func matches(_ template: String) -> Bool {
      let parts = template.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      guard parts.count == segments.count else { return false }
      return zip(parts, segments).allSatisfy { part, segment in
        guard part.hasPrefix("{"), let close = part.firstIndex(of: "}") else { return part == segment }
        let verb = part[part.index(after: close)...]
        return segment.count > verb.count && segment.hasSuffix(verb)
      }
    }
    return Set(routes.filter { matches($0.path) }.map(\.method)).sorted()
  }

  /// Every route.
  public static let routes: [Route] = [
    Route(method: "GET", path: "/healthz", scope: nil),
    Route(method: "GET", path: "/openapi.json", scope: nil),
    Route(method: "POST", path: "/v1/models", scope: "admin"),
    Route(method: "GET", path: "/v1/models", scope: "admin"),
    Route(method: "GET", path: "/v1/models/{name}", scope: "admin"),
    Route(method: "PATCH", path: "/v1/models/{name}", scope: "admin"),
    Route(method: "DELETE", path: "/v1/models/{name}", scope: "admin"),
    Route(method: "GET", path: "/v1/models/{name}:download", scope: "client"),
    Route(method: "POST", path: "/v1/models/{name}/versions", scope: "admin"),
    Route(method: "GET", path: "/v1/models/{name}/versions", scope: "admin"),
    Route(method: "GET", path: "/v1/models/{name}/versions/{version}", scope: "admin"),
    Route(method: "POST", path: "/v1/models/{name}/versions/{version}:publish", scope: "admin"),
    Route(method: "POST", path: "/v1/models/{name}/versions/{version}:unpublish", scope: "admin"),
    Route(method: "GET", path: "/v1/models/{name}/rollout", scope: "admin"),
    Route(method: "PUT", path: "/v1/models/{name}/rollout", scope: "admin"),
    Route(method: "DELETE", path: "/v1/models/{name}/rollout", scope: "admin"),
    Route(method: "GET", path: "/v1/keys", scope: "admin"),
    Route(method: "POST", path: "/v1/keys/{id}:revoke", scope: "admin"),
    Route(method: "GET", path: "/v1/files/{hash}", scope: nil),
    Route(method: "HEAD", path: "/v1/files/{hash}", scope: nil),
  ]
}
