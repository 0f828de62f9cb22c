import Foundation
import ModelHubAPI
import TestSupport
import XCTest

/// The console's server side over HTTP: sign-in, the session cookie, CSRF on changes made with
/// it, sessions ending with their key, escaping of user text, and the API routes the console
/// added (`POST /v1/keys`, `GET /v1/models/{name}/downloads`). The browser tests
/// (Tests/Console) drive the pages themselves.
final class ConsoleTests: XCTestCase {
  private func signIn(_ hub: TestHub, _ key: String, headers: [String: String] = [:]) async throws -> HTTPAnswer {
    let form = "key=" + (key.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    return try await hub.http.send(
      "POST", "/console/sign-in", headers: headers, body: Data(form.utf8),
      contentType: "application/x-www-form-urlencoded")
  }

  private func cookie(_ answer: HTTPAnswer) throws -> String {
    let header = try XCTUnwrap(answer.header("Set-Cookie"), "no session cookie")
    return String(try XCTUnwrap(header.split(separator: ";").first))
  }

  private func csrf(_ page: HTTPAnswer) throws -> String {
    let html = page.text
    let marker = "name=\"csrf-token\" content=\""
    let start = try XCTUnwrap(html.range(of: marker)).upperBound
    return String(html[start...].prefix { $0 != "\"" })
  }

  func testSessionsCSRFAndRevocation() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }

    let refused = try await signIn(hub, "tbh_admin_nope")
    XCTAssertEqual(refused.status, 401)
    XCTAssertNil(refused.header("Set-Cookie"))
    XCTAssertTrue(refused.text.contains("not valid"), refused.text)

    let admin = try await hub.store.createKey(scope: .admin)
    let signedIn = try await signIn(hub, admin.key)
    XCTAssertEqual(signedIn.status, 303)
    let setCookie = try XCTUnwrap(signedIn.header("Set-Cookie"))
    XCTAssertTrue(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict"), setCookie)
    XCTAssertFalse(setCookie.contains(admin.key), "the cookie is a session id, not the key")
    let session = try cookie(signedIn)

    let page = try await hub.http.send("GET", "/console/models", headers: ["Cookie": session])
    XCTAssertEqual(page.status, 200, page.text)
    XCTAssertTrue(page.header("Content-Security-Policy")?.contains("script-src 'self'") ?? false)
    XCTAssertFalse(page.text.contains(admin.key))
    let token = try csrf(page)

    let body = try HubJSON.encoder().encode(HubCreateModelRequest(name: "m", displayName: "<script>alert(1)</script>"))
    let withoutToken = try await hub.http.send(
      "POST", "/v1/models", headers: ["Cookie": session], body: body, contentType: "application/json")
    XCTAssertEqual(withoutToken.errorCode, "CSRF_TOKEN_INVALID")
    let wrongToken = try await hub.http.send(
      "POST", "/v1/models", headers: ["Cookie": session, "X-CSRF-Token": token + "x"], body: body,
      contentType: "application/json")
    XCTAssertEqual(wrongToken.errorCode, "CSRF_TOKEN_INVALID")
    let created = try await hub.http.send(
      "POST", "/v1/models", headers: ["Cookie": session, "X-CSRF-Token": token], body: body,
      contentType: "application/json")
    XCTAssertEqual(created.status, 201, created.text)

    let modelPage = try await hub.http.send("GET", "/console/models/m", headers: ["Cookie": session])
    XCTAssertEqual(modelPage.status, 200, modelPage.text)
    XCTAssertFalse(modelPage.text.contains("<script>alert(1)</script>"), "user text must be escaped")
    XCTAssertTrue(modelPage.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))

    // Revoking the key ends its sessions on their next request.
    _ = try await hub.store.revokeKey(id: admin.id)
    let after = try await hub.http.send("GET", "/console/models", headers: ["Cookie": session])
    XCTAssertEqual(after.status, 303)
    XCTAssertEqual(after.header("Location"), "/console/sign-in")
    let api = try await hub.http.send("GET", "/v1/keys", headers: ["Cookie": session])
    XCTAssertEqual(api.status, 401)
  }

  /// Login CSRF: a form on another site posting a valid key is refused, with no cookie set; the
  /// hub's own page (same Origin, `Sec-Fetch-Site: same-origin`) signs in.
  func testSignInFromAnotherOriginIsRefused() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    let admin = try await hub.store.createKey(scope: .admin)
    let origin = hub.url.absoluteString

    for headers in [["Origin": "https://attacker.example"], ["Sec-Fetch-Site": "cross-site"], ["Origin": "null"]] {
      let refused = try await signIn(hub, admin.key, headers: headers)
      XCTAssertEqual(refused.status, 403, "\(headers)")
      XCTAssertNil(refused.header("Set-Cookie"), "\(headers)")
      XCTAssertTrue(refused.text.contains("own sign-in page"), refused.text)
    }
    let own = try await signIn(hub, admin.key, headers: ["Origin": origin, "Sec-Fetch-Site": "same-origin"])
    XCTAssertEqual(own.status, 303, own.text)
    XCTAssertNotNil(own.header("Set-Cookie"))
  }

  func testClientKeyConsoleIsReadOnly() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    try await hub.createModel("m")
    let session = try cookie(try await signIn(hub, hub.clientKey))
    let page = try await hub.http.send("GET", "/console/models/m", headers: ["Cookie": session])
    XCTAssertEqual(page.status, 200, page.text)
    XCTAssertTrue(page.text.contains("Read-only console"))
    XCTAssertFalse(page.text.contains("id=\"upload\""))
    let keys = try await hub.http.send("GET", "/console/keys", headers: ["Cookie": session])
    XCTAssertEqual(keys.status, 403)
    let change = try await hub.http.send(
      "DELETE", "/v1/models/m/rollout", headers: ["Cookie": session, "X-CSRF-Token": try csrf(page)])
    XCTAssertEqual(change.errorCode, "PERMISSION_DENIED")
  }

  func testCreateKeyAndDownloadCounts() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    let created = try await hub.http.json("POST", "/v1/keys", key: hub.adminKey, HubCreateKeyRequest(scope: .client))
    XCTAssertEqual(created.status, 201, created.text)
    let key = try created.decode(HubCreatedKey.self)
    XCTAssertEqual(key.scope, .client)
    let refused = try await hub.http.json("POST", "/v1/keys", key: key.key, HubCreateKeyRequest(scope: .admin))
    XCTAssertEqual(refused.errorCode, "PERMISSION_DENIED")

    try await hub.createModel("m")
    try await hub.upload("m", try HubFixtures.data("linear"), publish: true)
    try await hub.upload("m", try HubFixtures.data("linear"), publish: true)
    try await hub.setRollout("m", HubRollout(variants: [.init(version: 1, weight: 50), .init(version: 2, weight: 50)]))
    var served: [Int: Int] = [:]
    for installation in 0..<20 {
      let answer = try await hub.http.send(
        "GET", "/v1/models/m:download", key: key.key, headers: ["X-Installation-Id": "i\(installation)"])
      served[try answer.decode(HubDownloadInfo.self).version, default: 0] += 1
    }
    let _ = try await hub.http.send(
      "GET", "/v1/models/m:download", key: key.key,
      headers: ["X-Installation-Id": "i0", "If-None-Match": "*"])  // a 304 is not a download
    let counts = try await hub.http.send("GET", "/v1/models/m/downloads?days=7", key: hub.adminKey)
    let decoded = try counts.decode(HubDownloadCounts.self)
    var counted: [Int: Int] = [:]
    for day in decoded.days { counted[day.version, default: 0] += day.count }
    XCTAssertEqual(counted, served)
    XCTAssertEqual(decoded.days.map(\.day), decoded.days.map { _ in decoded.days[0].day }, "all today")

    let badDays = try await hub.http.send("GET", "/v1/models/m/downloads?days=0", key: hub.adminKey)
    XCTAssertEqual(badDays.errorCode, "INVALID_ARGUMENT")
    let missing = try await hub.http.send("GET", "/v1/models/nope/downloads", key: hub.adminKey)
    XCTAssertEqual(missing.errorCode, "MODEL_NOT_FOUND")
  }
}
