/// The routes the hub answers, as its OpenAPI document lists them (a test checks the document
/// and the server's router against this table).
///
/// ```swift
/// let path = HubAPI.downloadModel.path(["name": "flowers"])   // "/v1/models/flowers:download"
/// ```
public enum HubAPI {
  /// One route: a method on a path template.
  public struct Route: Sendable, Hashable, CustomStringConvertible {
    /// The OpenAPI `operationId`, such as `downloadModel`.
    public let operationID: String
    /// The HTTP method, upper case.
    public let method: String
    /// The path template: `{name}` for a parameter; `{name}:verb` for a parameter followed by a
    /// custom verb in the same segment, as in Google's API style.
    public let path: String
    /// The key scope needed, or nil when the route takes no key (it may check a signature instead).
    public let scope: HubKeyScope?

    /// Creates a route.
    /// - Parameters:
    ///   - operationID: The OpenAPI `operationId`.
    ///   - method: The HTTP method, upper case.
    ///   - path: The path template.
    ///   - scope: The key scope needed, or nil for none.
    public init(_ operationID: String, _ method: String, _ path: String, scope: HubKeyScope?) {
      self.operationID = operationID
      self.method = method
      self.path = path
      self.scope = scope
    }

    /// `GET /v1/models`.
    public var description: String { "\(method) \(path)" }

    /// The path with each `{parameter}` replaced by its value; parameters without a value stay.
    ///
    /// Values are inserted as given: pass names checked with ``HubName/isValid(_:)``, hashes
    /// checked with ``HubHash/isValid(_:)`` and numbers, which need no escaping.
    /// - Parameter values: Parameter values by name, such as `["name": "flowers"]`.
    /// - Returns: A path such as `/v1/models/flowers:download`.
    public func path(_ values: [String: String]) -> String {
      var result = path
      for (name, value) in values { result = result.replacing("{\(name)}", with: value) }
      return result
    }

    /// The template as a router registers it: a `:verb` after a parameter belongs to the segment
    /// the parameter captures, so `/v1/models/{name}:download` is served at `/v1/models/{name}`.
    public var routerPath: String {
      path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
        guard segment.hasPrefix("{"), let close = segment.firstIndex(of: "}") else { return String(segment) }
        return String(segment[...close])
      }.joined(separator: "/")
    }

    /// Whether a concrete request path matches the template: a `{parameter}` matches one
    /// non-empty path segment, `{parameter}:verb` one ending in `:verb`.
    /// - Parameter concretePath: A request's path, without the query.
    public func matches(_ concretePath: some StringProtocol) -> Bool {
      let segments = concretePath.split(separator: "/", omittingEmptySubsequences: false)
      let parts = path.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == segments.count else { return false }
      return zip(parts, segments).allSatisfy { part, segment in
        guard part.hasPrefix("{"), let close = part.firstIndex(of: "}") else { return part == segment }
        let verb = part[part.index(after: close)...]
        return segment.count > verb.count && segment.hasSuffix(verb)
      }
    }
  }

  /// The methods the routes matching `path` take, sorted (empty when no route matches); `HEAD`
  /// wherever `GET` is (RFC 9110 §9.1: every `GET` resource answers `HEAD` too).
  /// - Parameter path: A request's path, without the query.
  /// - Returns: Upper-case methods, such as `["GET", "HEAD", "POST"]` (what an `Allow` header lists).
  public static func methods(forPath path: String) -> [String] {
    var methods = Set(routes.filter { $0.matches(path) }.map(\.method))
    if methods.contains("GET") { methods.insert("HEAD") }
    return methods.sorted()
  }

  // MARK: The routes

  /// `GET /healthz`: `{"status": "ok"}`.
  public static let health = Route("health", "GET", "/healthz", scope: nil)
  /// `GET /openapi.json`: the document, ``ModelHubOpenAPI``.
  public static let openAPI = Route("openapi", "GET", "/openapi.json", scope: nil)
  /// `POST /v1/models` with a ``HubCreateModelRequest``: the new ``HubModel``.
  public static let createModel = Route("createModel", "POST", "/v1/models", scope: .admin)
  /// `GET /v1/models[?tag=&pageSize=&pageToken=]`: a ``HubModelPage``.
  public static let listModels = Route("listModels", "GET", "/v1/models", scope: .admin)
  /// `GET /v1/models/{name}`: a ``HubModel``.
  public static let getModel = Route("getModel", "GET", "/v1/models/{name}", scope: .admin)
  /// `PATCH /v1/models/{name}` with a ``HubUpdateModelRequest``: the ``HubModel``.
  public static let updateModel = Route("updateModel", "PATCH", "/v1/models/{name}", scope: .admin)
  /// `DELETE /v1/models/{name}`: the model, its versions and rollout.
  public static let deleteModel = Route("deleteModel", "DELETE", "/v1/models/{name}", scope: .admin)
  /// `GET /v1/models/{name}:download[?alias=ALIAS]`: a ``HubDownloadInfo``, or `304` for the
  /// current hash. With ``downloadAliasQuery`` the version the alias names, rollout bypassed.
  public static let downloadModel = Route("downloadModel", "GET", "/v1/models/{name}:download", scope: .client)
  /// `POST /v1/models/{name}/versions[?publish=true]` with the file: the new ``HubModelVersion``.
  public static let uploadVersion = Route("uploadVersion", "POST", "/v1/models/{name}/versions", scope: .admin)
  /// `GET /v1/models/{name}/versions`: a ``HubVersionList``.
  public static let listVersions = Route("listVersions", "GET", "/v1/models/{name}/versions", scope: .admin)
  /// `GET /v1/models/{name}/versions/{version}`: a ``HubModelVersion``.
  public static let getVersion = Route("getVersion", "GET", "/v1/models/{name}/versions/{version}", scope: .admin)
  /// `POST /v1/models/{name}/versions/{version}:publish`: the ``HubModelVersion``.
  public static let publishVersion = Route(
    "publishVersion", "POST", "/v1/models/{name}/versions/{version}:publish", scope: .admin)
  /// `POST /v1/models/{name}/versions/{version}:unpublish`: the ``HubModelVersion``.
  public static let unpublishVersion = Route(
    "unpublishVersion", "POST", "/v1/models/{name}/versions/{version}:unpublish", scope: .admin)
  /// `GET /v1/models/{name}/versions/{version}/signature`: the version's OpenSSF model-signing
  /// bundle (Sigstore bundle JSON; ``HubSignatureSubject`` names what it signs).
  public static let getVersionSignature = Route(
    "getVersionSignature", "GET", "/v1/models/{name}/versions/{version}/signature", scope: .client)
  /// `GET /v1/models/{name}/rollout`: the ``HubRollout`` (empty when none is set).
  public static let getRollout = Route("getRollout", "GET", "/v1/models/{name}/rollout", scope: .admin)
  /// `PUT /v1/models/{name}/rollout` with a ``HubRollout``: the rollout.
  public static let setRollout = Route("setRollout", "PUT", "/v1/models/{name}/rollout", scope: .admin)
  /// `DELETE /v1/models/{name}/rollout`: an empty ``HubRollout``.
  public static let deleteRollout = Route("deleteRollout", "DELETE", "/v1/models/{name}/rollout", scope: .admin)
  /// `PUT /v1/models/{name}/aliases/{alias}` with a ``HubSetAliasRequest``: the
  /// ``HubModelVersion`` the alias now names (set or moved in one transaction).
  public static let setAlias = Route("setAlias", "PUT", "/v1/models/{name}/aliases/{alias}", scope: .admin)
  /// `DELETE /v1/models/{name}/aliases/{alias}`: the ``HubModelVersion`` it named.
  public static let deleteAlias = Route("deleteAlias", "DELETE", "/v1/models/{name}/aliases/{alias}", scope: .admin)
  /// The query parameter of ``downloadModel`` that asks for an alias's version instead of the
  /// rollout's choice: `?alias=stable`.
  public static let downloadAliasQuery = "alias"
  /// `GET /v1/models/{name}/downloads[?days=N]`: ``HubDownloadCounts`` per version per day.
  public static let getDownloadCounts = Route(
    "getDownloadCounts", "GET", "/v1/models/{name}/downloads", scope: .admin)
  /// `POST /v1/keys` with a ``HubCreateKeyRequest``: the new ``HubCreatedKey`` (its secret shown
  /// this once).
  public static let createKey = Route("createKey", "POST", "/v1/keys", scope: .admin)
  /// `GET /v1/keys`: a ``HubAPIKeyList``.
  public static let listKeys = Route("listKeys", "GET", "/v1/keys", scope: .admin)
  /// `POST /v1/keys/{id}:revoke`: the revoked ``HubAPIKeyInfo``.
  public static let revokeKey = Route("revokeKey", "POST", "/v1/keys/{id}:revoke", scope: .admin)
  /// `GET /v1/files/{hash}?expires=&signature=`: the file's bytes (a signed URL, no key).
  public static let getFile = Route("getFile", "GET", "/v1/files/{hash}", scope: nil)
  /// `HEAD /v1/files/{hash}?expires=&signature=`: the file's headers.
  public static let headFile = Route("headFile", "HEAD", "/v1/files/{hash}", scope: nil)

  /// Every route.
  public static let routes: [Route] = [
    health, openAPI, createModel, listModels, getModel, updateModel, deleteModel, downloadModel, uploadVersion,
    listVersions, getVersion, publishVersion, unpublishVersion, getVersionSignature, getRollout, setRollout,
    deleteRollout, setAlias, deleteAlias, getDownloadCounts, createKey, listKeys,
    revokeKey, getFile, headFile,
  ]
}
