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

  /// What a connection's earlier checks worked out. A client sends the same request on every
  /// launch check of a connection, so:
  /// - the last `Authorization` header and its key's hash are kept (the key's SHA-256 is worked
  ///   out once per connection; whether the key is valid is still checked on every request);
  /// - the last request answered `304`, the serving state's generation it was decided in and the
  ///   head written are kept: a request whose method, target, version and every header field are
  ///   the same bytes, decided in the same generation (no key, model, version, alias or rollout
  ///   changed since), gets the same answer — the decision is a function of exactly those — with
  ///   only the `Date` brought up to date.
  struct ConnectionMemo {
    var keyHeader: String?
    var keyHash: String?
    var answered: Answered?

    /// A `304` answered on this connection.
    struct Answered {
      var request: HTTPRequestHead
      var generation: UInt64
      var response: HTTPResponseHead
      var date: String
    }
  }

  /// The `304` head for `head`, or nil when the router must answer it; `memo` is the connection's.
  func answer(_ head: HTTPRequestHead, memo: inout ConnectionMemo) -> HTTPResponseHead? {
    guard head.method == .GET, head.isKeepAlive, head.uri.hasPrefix(Self.prefix),
      let (snapshot, generation) = serving.current()
    else { return nil }
    if let answered = memo.answered, answered.generation == generation,
      Self.sameBytes(head, answered.request)
    {
      log(head)
      let date = HTTPDate.now()
      guard date != answered.date else { return answered.response }
      var response = answered.response
      response.headers.replaceOrAdd(name: "date", value: date)
      memo.answered?.response = response
      memo.answered?.date = date
      return response
    }
    guard let response = decide(head, in: snapshot, memo: &memo) else { return nil }
    memo.answered = .init(
      request: head, generation: generation, response: response, date: response.headers.first(name: "date") ?? "")
    log(head)
    return response
  }

  /// The `304` head for `head` worked out from `snapshot`, or nil.
  private func decide(
    _ head: HTTPRequestHead, in snapshot: HubServingSnapshot, memo: inout ConnectionMemo
  ) -> HTTPResponseHead? {
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
    if let authorization = fields[.authorization], let cached = memo.keyHeader,
      HTTPHelpers.sameBytes(authorization, cached)
    {
      keyHash = memo.keyHash
    } else {
      keyHash = try? HubAuthenticator.bearerKeyHash(fields)
      memo.keyHeader = fields[.authorization]
      memo.keyHash = keyHash
    }
    guard let ifNoneMatch = fields[.ifNoneMatch], let keyHash, snapshot.keys[keyHash] != nil,
      let client = try? VersionCheck.client(header: header),
      let decision = try? VersionCheck.decide(
        .init(model: name, alias: uri.queryParameters.get(HubAPI.downloadAliasQuery), client: client), in: snapshot),
      HTTPHelpers.matches(ifNoneMatch: ifNoneMatch, hash: decision.version.modelHash)
    else { return nil }
    return DirectFileResponse.head(
      status: .notModified,
      fields: [.eTag: "\"\(decision.version.modelHash)\"", .cacheControl: "no-cache"],
      request: head, serverName: serverName)
  }

  /// Whether two request heads are the same bytes: method, target, version, and every header
  /// field's name and value in order.
  static func sameBytes(_ a: HTTPRequestHead, _ b: HTTPRequestHead) -> Bool {
    guard a.method == b.method, a.version == b.version, a.headers.count == b.headers.count,
      HTTPHelpers.sameBytes(a.uri, b.uri)
    else { return false }
    for (x, y) in zip(a.headers, b.headers) {
      guard HTTPHelpers.sameBytes(x.name, y.name), HTTPHelpers.sameBytes(x.value, y.value) else { return false }
    }
    return true
  }

  private func log(_ head: HTTPRequestHead) {
    logger.debug(
      "Request",
      metadata: [
        "hb.request.id": "\(RequestID())", "hb.request.method": "GET", "hb.request.path": "\(head.uri)",
        "hub.status": "304", "hub.direct": "true",
      ])
  }
}
