import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// Version checks answered `304` on the connection (`VersionCheckAnswerer`), not by the router:
/// the same answer the router gives, and nothing else answered there — other outcomes, bad or
/// revoked keys, changes made elsewhere, pipelined order. `hub.directFiles.current.versionChecks`
/// counts what the direct path answered, so each test knows which path a response took (and
/// fails if the direct path is removed).
final class VersionCheckDirectTests: XCTestCase {
  private func start() async throws -> (TestHub, HubModelVersion, HubModelVersion) {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    try await hub.createModel("m")
    let v1 = try await hub.upload("m", try HubFixtures.data("linear"), publish: true)
    let v2 = try await hub.upload("m", try HubFixtures.data("two_vectors"), publish: true)
    try await warm(hub)
    return (hub, v1, v2)
  }

  /// The first request after a write through the hub goes to the router, which reloads the serving
  /// state (the hub's own write moved the store's change marker too); from then on it is current.
  /// Download counts waiting to be written are written first (a read of the counts does it), so
  /// that no such write lands in the middle of a test; the warming check is a `304` (`*`), which
  /// is never counted.
  private func warm(_ hub: TestHub) async throws {
    let counts = try await hub.http.send("GET", HubAPI.getDownloadCounts.path(["name": "m"]), key: hub.adminKey)
    XCTAssertEqual(counts.status, 200)
    let status = try await hub.download("m", installation: "warm-up", headers: ["If-None-Match": "*"]).status
    XCTAssertEqual(status, 304)
  }

  private func request(
    _ key: String, hash: String?, query: String = "", extra: String = "", version: String = "1.1",
    installation: String = "device-1"
  ) -> String {
    "GET /v1/models/m:download\(query) HTTP/\(version)\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(key)\r\n"
      + "\(HubHeaders.installationID): \(installation)\r\n" + (hash.map { "If-None-Match: \"\($0)\"\r\n" } ?? "")
      + extra
      + "\r\n"
  }

  private var directAnswers: (TestHub) -> Int { { $0.directFiles.current.versionChecks } }

  func testA304IsAnsweredDirectlyAsTheRouterWould() async throws {
    let (hub, _, v2) = try await start()
    let connection = try RawConnection(port: hub.port)
    connection.setReceiveTimeout(10)
    let reader = RawResponseReader(connection)

    let before = directAnswers(hub)
    try connection.send(Data(request(hub.clientKey, hash: v2.modelHash).utf8))
    let direct = try reader.next()
    XCTAssertEqual(direct.status, 304)
    XCTAssertEqual(directAnswers(hub), before + 1, "answered on the connection")
    // The router's answer to the same check (a closing connection always goes to the router).
    let closing = try RawConnection(port: hub.port)
    closing.setReceiveTimeout(10)
    try closing.send(Data(request(hub.clientKey, hash: v2.modelHash, extra: "Connection: close\r\n").utf8))
    let routed = try RawResponseReader(closing).next()
    XCTAssertEqual(routed.status, 304)
    XCTAssertEqual(directAnswers(hub), before + 1, "a closing connection goes to the router")
    for header in ["etag", "cache-control", "server", "content-length"] {
      XCTAssertEqual(direct.headers[header], routed.headers[header], header)
    }
    XCTAssertEqual(direct.headers["etag"], "\"\(v2.modelHash)\"")
    XCTAssertNotNil(direct.headers["date"])
    XCTAssertEqual(
      Set(direct.headers.keys), Set(routed.headers.keys).subtracting(["connection"]),
      "the same header fields: \(direct.headers) vs \(routed.headers)")

    // Admin keys may check too; weak and listed tags and `*` match as on the router.
    for ifNoneMatch in ["W/\"\(v2.modelHash)\"", "\"x\", \"\(v2.modelHash)\"", "*"] {
      try connection.send(
        Data(request(hub.adminKey, hash: nil, extra: "If-None-Match: \(ifNoneMatch)\r\n").utf8))
      XCTAssertEqual(try reader.next().status, 304, ifNoneMatch)
    }
    XCTAssertEqual(directAnswers(hub), before + 4)
    // An alias asked for is answered directly too.
    let alias = try await hub.http.json(
      "PUT", HubAPI.setAlias.path(["name": "m", "alias": "stable"]), key: hub.adminKey,
      HubSetAliasRequest(version: 2)
    ).status
    XCTAssertEqual(alias, 200)
    try await warm(hub)
    let mark = directAnswers(hub)
    try connection.send(Data(request(hub.clientKey, hash: v2.modelHash, query: "?alias=stable").utf8))
    XCTAssertEqual(try reader.next().status, 304)
    XCTAssertEqual(directAnswers(hub), mark + 1)
  }

  func testEverythingElseGoesToTheRouter() async throws {
    let (hub, v1, v2) = try await start()
    let connection = try RawConnection(port: hub.port)
    connection.setReceiveTimeout(10)
    let reader = RawResponseReader(connection)
    let before = directAnswers(hub)
    let cases: [(request: String, status: Int, code: String?)] = [
      (request(hub.clientKey, hash: v1.modelHash), 200, nil),  // An older version: a download URL.
      (request(hub.clientKey, hash: nil), 200, nil),
      (request("tbh_client_nope", hash: v2.modelHash), 401, "UNAUTHENTICATED"),
      (request(hub.clientKey, hash: v2.modelHash).replacingOccurrences(of: "Bearer", with: "Basic"), 401, nil),
      (request(hub.clientKey, hash: v2.modelHash, query: "?alias=nope"), 404, "ALIAS_NOT_FOUND"),
      (request(hub.clientKey, hash: v2.modelHash, query: "?alias=No!"), 400, "INVALID_ARGUMENT"),
      (
        request(hub.clientKey, hash: v2.modelHash).replacingOccurrences(of: "m:download", with: "zz:download"),
        404, "MODEL_NOT_FOUND"
      ),
      (
        request(
          hub.clientKey, hash: v2.modelHash,
          extra: "\(HubHeaders.platform): \(String(repeating: "x", count: 5000))\r\n"), 400, "INVALID_ARGUMENT"
      ),
    ]
    for (text, status, code) in cases {
      try connection.send(Data(text.utf8))
      let answer = try reader.next()
      XCTAssertEqual(answer.status, status, text)
      if let code {
        XCTAssertEqual(
          (try? HubJSON.decoder().decode(HubErrorBody.self, from: answer.body))?.error.code, code, text)
      }
    }
    XCTAssertEqual(directAnswers(hub), before, "none of these was answered directly")
    // The 200s were counted as downloads; a 304 never is.
    let counts = try await hub.http.send("GET", HubAPI.getDownloadCounts.path(["name": "m"]), key: hub.adminKey)
      .decode(HubDownloadCounts.self)
    XCTAssertEqual(counts.days.reduce(0) { $0 + $1.count }, 2)
  }

  /// A key revoked, a version unpublished or an alias moved — through this hub, or straight in
  /// the store as another process or node would — ends the `304` on the next check.
  func testChangesEndThe304AtOnce() async throws {
    let (hub, v1, v2) = try await start()
    let connection = try RawConnection(port: hub.port)
    connection.setReceiveTimeout(10)
    let reader = RawResponseReader(connection)
    func check(_ key: String, _ hash: String, query: String = "") throws -> Int {
      try connection.send(Data(request(key, hash: hash, query: query).utf8))
      return try reader.next().status
    }
    /// Polls for up to a second (a change on PostgreSQL arrives by NOTIFY).
    func eventually(_ expected: Int, _ key: String, _ hash: String, query: String = "") async throws {
      let deadline = Date().addingTimeInterval(1)
      var status = try check(key, hash, query: query)
      while status != expected, Date() < deadline {
        try await Task.sleep(for: .milliseconds(20))
        status = try check(key, hash, query: query)
      }
      XCTAssertEqual(status, expected)
    }

    let other = try await hub.store.createKey(scope: .client)
    try await eventually(304, other.key, v2.modelHash)
    _ = try await hub.store.revokeKey(id: other.id)  // As another process would: not through this hub.
    try await eventually(401, other.key, v2.modelHash)

    XCTAssertEqual(try check(hub.clientKey, v2.modelHash), 304)
    try await hub.setRollout("m", HubRollout(variants: [.init(version: 1, weight: 100)]))
    XCTAssertEqual(try check(hub.clientKey, v2.modelHash), 200, "the rollout now serves v1")
    XCTAssertEqual(try check(hub.clientKey, v1.modelHash), 304)

    let alias = try await hub.http.json(
      "PUT", HubAPI.setAlias.path(["name": "m", "alias": "canary"]), key: hub.adminKey,
      HubSetAliasRequest(version: 1)
    ).status
    XCTAssertEqual(alias, 200)
    XCTAssertEqual(try check(hub.clientKey, v1.modelHash, query: "?alias=canary"), 304)
    let moved = try await hub.http.json(
      "PUT", HubAPI.setAlias.path(["name": "m", "alias": "canary"]), key: hub.adminKey,
      HubSetAliasRequest(version: 2)
    ).status
    XCTAssertEqual(moved, 200)
    XCTAssertEqual(try check(hub.clientKey, v1.modelHash, query: "?alias=canary"), 200)
  }

  /// A connection's key hash is worked out once, but the key is checked on every request: another
  /// key on the same connection is judged on its own, and a key that only looks like the cached
  /// one (a KELVIN SIGN for a K: equal as Swift strings, different bytes) is not taken for it.
  func testOneConnectionsKeysAreEachChecked() async throws {
    let (hub, _, v2) = try await start()
    let connection = try RawConnection(port: hub.port)
    connection.setReceiveTimeout(10)
    let reader = RawResponseReader(connection)
    func check(_ key: String) throws -> Int {
      try connection.send(Data(request(key, hash: v2.modelHash).utf8))
      return try reader.next().status
    }
    let before = directAnswers(hub)
    XCTAssertEqual(try check(hub.clientKey), 304)
    XCTAssertEqual(try check("tbh_client_unknown"), 401)
    XCTAssertEqual(try check(hub.clientKey), 304)
    XCTAssertEqual(directAnswers(hub), before + 2)
    // A real key with a K in it (about half of all keys have one).
    var withK: String?
    for _ in 0..<30 where withK == nil {
      let created = try await hub.store.createKey(scope: .client).key
      if created.dropFirst("tbh_client_".count).contains("K") { withK = created }
    }
    let key = try XCTUnwrap(withK)
    try await warm(hub)
    let lookalike = key.replacingOccurrences(of: "K", with: "\u{212A}")
    XCTAssertEqual(key, lookalike, "Swift calls them equal")
    XCTAssertNotEqual(Array(key.utf8), Array(lookalike.utf8))
    XCTAssertEqual(try check(key), 304)
    XCTAssertEqual(try check(lookalike), 401, "a key this hub never issued")
    XCTAssertEqual(try check(key), 304)
  }

  /// A connection's `304` is remembered with the request's bytes and the serving state's
  /// generation, and given again only to the same bytes: an installation id that the rollout sends
  /// to the other version, on the same connection with the same key and `If-None-Match`, gets that
  /// version (a memo keyed on less than the whole head would answer it `304`); the `Date` of a
  /// remembered answer is the current one.
  func testARememberedAnswerIsOnlyForTheSameRequest() async throws {
    let (hub, v1, _) = try await start()
    try await hub.setRollout(
      "m", HubRollout(variants: [.init(version: 1, weight: 50), .init(version: 2, weight: 50)]))
    try await warm(hub)
    let connection = try RawConnection(port: hub.port)
    connection.setReceiveTimeout(10)
    let reader = RawResponseReader(connection)
    func check(_ installation: String) throws -> RawResponse {
      try connection.send(Data(request(hub.clientKey, hash: v1.modelHash, installation: installation).utf8))
      return try reader.next()
    }
    var onV1: String?
    var onV2: String?
    for index in 0..<64 where onV1 == nil || onV2 == nil {
      let installation = "device-\(index)"
      if try check(installation).status == 304 { onV1 = onV1 ?? installation } else { onV2 = onV2 ?? installation }
    }
    let (first, second) = (try XCTUnwrap(onV1), try XCTUnwrap(onV2))
    try await warm(hub)  // The 200s above were counted: their write is flushed before going on.
    let before = directAnswers(hub)
    let answered = try check(first)
    XCTAssertEqual(answered.status, 304)
    XCTAssertEqual(try check(first).status, 304)
    XCTAssertEqual(try check(second).status, 200, "another installation id is decided on its own")
    XCTAssertEqual(try check(first).status, 304)
    XCTAssertEqual(directAnswers(hub), before + 3)
    try await Task.sleep(for: .milliseconds(1_100))
    let later = try check(first)
    XCTAssertEqual(later.status, 304)
    XCTAssertNotEqual(later.headers["date"], answered.headers["date"], "the Date is the current one")
    XCTAssertEqual(later.headers["etag"], answered.headers["etag"])
  }

  /// Direct answers and the router's keep their order on a pipelined connection: the direct path
  /// answers a check only while nothing passed on to the router is still being answered, so the
  /// first three (direct) come first and everything after the first routed one follows in order.
  func testPipelinedOrderIsKept() async throws {
    let (hub, v1, v2) = try await start()
    let connection = try RawConnection(port: hub.port)
    connection.setReceiveTimeout(10)
    let reader = RawResponseReader(connection)
    let before = directAnswers(hub)
    var batch = String(repeating: request(hub.clientKey, hash: v2.modelHash), count: 3)
    var expected = [304, 304, 304]
    for index in 0..<60 {
      switch index % 3 {
      case 0: (batch, expected) = (batch + request(hub.clientKey, hash: v2.modelHash), expected + [304])
      case 1: (batch, expected) = (batch + request(hub.clientKey, hash: v1.modelHash), expected + [200])
      default: (batch, expected) = (batch + request("tbh_client_bad", hash: v2.modelHash), expected + [401])
      }
    }
    try connection.send(Data(batch.utf8))
    var statuses: [Int] = []
    for _ in expected { statuses.append(try reader.next().status) }
    XCTAssertEqual(statuses, expected)
    XCTAssertGreaterThanOrEqual(directAnswers(hub), before + 3, "the leading 304s were answered directly")
    // Once the pipeline has drained, checks are answered directly again.
    try await warm(hub)
    try connection.send(Data(request(hub.clientKey, hash: v2.modelHash).utf8))
    XCTAssertEqual(try reader.next().status, 304)
    XCTAssertGreaterThanOrEqual(directAnswers(hub), before + 4)
  }
}
