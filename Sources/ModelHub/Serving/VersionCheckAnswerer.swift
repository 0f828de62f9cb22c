import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import ModelHubAPI
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Answers the most frequent request a hub gets — an app's launch-time "is there a newer model
/// for me?", `GET /v1/models/{name}:download` with an `If-None-Match` of the version it has — with
/// `304 Not Modified` on the connection itself, synchronously on its event loop: no hop to the
/// router's tasks, no database, no JSON.
///
/// It answers only when everything checks out from the current in-memory serving state
/// (``HubServingStore/currentSnapshot()``: nil when a change by another process or node is still
/// to be loaded): a keep-alive `GET` of exactly that path, a valid `Authorization: Bearer` key of
/// any scope, a decision (``VersionCheck``) whose version's hash the client already has. For
/// anything else — errors, a `200` with a download URL (which is counted), a session cookie, a
/// stale state — it returns nil and the request goes on to the router, which decides the same
/// way and says why.
struct VersionCheckAnswerer: Sendable {
  let serving: HubServingStore
  /// Written in the `Server` header, as Hummingbird does.
  let serverName: String?
  let logger: Logger

  private static let prefix = "/v1/models/"
  private static let verb = ":download"

  /// The last `Authorization` header a connection sent and its key's hash: a client sends the
  /// same key on every request of a connection, so its SHA-256 is worked out once per connection.
  /// (Only the hash is remembered; whether the key is valid is checked on every request.)
  struct KeyHashCache {
    var header: String?
    var hash: String?
  }

  /// The `304` head for `head`, or nil when the router must answer it; `keys` is the connection's.
  func answer(_ head: HTTPRequestHead, keys: inout KeyHashCache) -> HTTPResponseHead? {
    guard head.method == .GET, head.isKeepAlive, head.uri.hasPrefix(Self.prefix) else { return nil }
    let uri = URI(head.uri)
    let segments = uri.path.split(separator: "/", omittingEmptySubsequences: false)
    guard segments.count == 4, segments[0].isEmpty, segments[1] == "v1", segments[2] == "models",
      segments[3].hasSuffix(Self.verb)
    else { return nil }
    let name = String(segments[3].dropLast(Self.verb.count))
    guard HubName.isValid(name), let request = try? HTTPRequest(head, secure: false, splitCookie: false) else {
      return nil
    }
    let fields = request.headerFields
    func header(_ field: String) throws(HubError) -> String? { try HTTPHelpers.header(fields, field) }
    let keyHash: String?
    // Bytes, not String equality (which is canonical equivalence: a KELVIN SIGN equals a K).
    if let authorization = fields[.authorization], let cached = keys.header,
      authorization.utf8.elementsEqual(cached.utf8)
    {
      keyHash = keys.hash
    } else {
      keyHash = try? HubAuthenticator.bearerKeyHash(fields)
      keys = KeyHashCache(header: fields[.authorization], hash: keyHash)
    }
    guard let ifNoneMatch = fields[.ifNoneMatch], let keyHash,
      let snapshot = serving.currentSnapshot(), snapshot.keys[keyHash] != nil,
      let client = try? VersionCheck.client(header: header),
      let decision = try? VersionCheck.decide(
        .init(model: name, alias: uri.queryParameters.get(HubAPI.downloadAliasQuery), client: client), in: snapshot),
      HTTPHelpers.matches(ifNoneMatch: ifNoneMatch, hash: decision.version.modelHash)
    else { return nil }
    logger.debug(
      "Request",
      metadata: [
        "hb.request.id": "\(RequestID())", "hb.request.method": "GET", "hb.request.path": "\(head.uri)",
        "hub.status": "304", "hub.direct": "true",
      ])
    return DirectFileResponse.head(
      status: .notModified,
      fields: [.eTag: "\"\(decision.version.modelHash)\"", .cacheControl: "no-cache"],
      request: head, serverName: serverName)
  }
}
