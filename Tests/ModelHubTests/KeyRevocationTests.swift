import Crypto
import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// Keys can be listed and revoked (admin API and CLI), and a revoked key — or one whose row was
/// deleted from the database by hand — is refused on the very next request, by this hub and by
/// any other process sharing the database: nothing caches keys for the life of a process.
final class KeyRevocationTests: XCTestCase {
  private func status(_ hub: TestHub, key: String) async throws -> Int {
    try await hub.http.send("GET", "/v1/models/m:download", key: key).status
  }

  private func sqlite(_ database: URL, _ sql: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [database.path, sql]
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, sql)
  }

  func testRevokedAndDeletedKeysStopOnTheNextRequest() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    try await hub.createModel("m")
    try await hub.upload("m", try HubFixtures.data("linear"), publish: true)
    let revoked = try await hub.store.createKey(scope: .client)
    let deleted = try await hub.store.createKey(scope: .admin)
    // Both work, twice (so that a cache would hold them).
    for key in [revoked.key, deleted.key, revoked.key, deleted.key] {
      let value = try await status(hub, key: key)
      XCTAssertEqual(value, 200)
    }

    let list = try await hub.http.send("GET", "/v1/keys", key: hub.adminKey)
    XCTAssertEqual(list.status, 200, String(decoding: list.body, as: UTF8.self))
    let keys = try XCTUnwrap(
      (try JSONSerialization.jsonObject(with: list.body) as? [String: Any])?["keys"] as? [[String: Any]])
    XCTAssertEqual(Set(keys.compactMap { $0["id"] as? String }).isSuperset(of: [revoked.id, deleted.id]), true)
    XCTAssertEqual(keys.first { $0["id"] as? String == revoked.id }?["scope"] as? String, "client")
    let text = String(decoding: list.body, as: UTF8.self)
    XCTAssertFalse(
      text.contains(revoked.key) || text.contains(APIKeyHashing.sha256(revoked.key)), "no secret or hash is listed")
    let byClient = try await hub.http.send("GET", "/v1/keys", key: hub.clientKey).status
    XCTAssertEqual(byClient, 403)

    let revoke = try await hub.http.send("POST", "/v1/keys/\(revoked.id):revoke", key: hub.adminKey)
    XCTAssertEqual(revoke.status, 200, String(decoding: revoke.body, as: UTF8.self))
    let afterRevoke = try await status(hub, key: revoked.key)
    XCTAssertEqual(afterRevoke, 401, "a revoked key is refused on the next request")
    let again = try await hub.http.send("GET", "/v1/keys", key: hub.adminKey)
    let listed = try XCTUnwrap(
      (try JSONSerialization.jsonObject(with: again.body) as? [String: Any])?["keys"] as? [[String: Any]])
    XCTAssertNotNil(listed.first { $0["id"] as? String == revoked.id }?["revokeTime"], "the list shows the revocation")
    let unknown = try await hub.http.send("POST", "/v1/keys/nosuchkey:revoke", key: hub.adminKey)
    XCTAssertEqual(unknown.status, 404)
    XCTAssertEqual(unknown.errorCode, "KEY_NOT_FOUND")

    let deletion = "DELETE FROM apiKey WHERE id = '\(deleted.id)'"
    if hub.database != nil {
      try PostgresServer.shared().psql(deletion, database: TestBackend.databaseName(for: hub.directory))
    } else {
      try sqlite(hub.directory.appendingPathComponent("hub.sqlite"), deletion)
    }
    try await TestBackend.propagation()
    let afterDelete = try await status(hub, key: deleted.key)
    XCTAssertEqual(afterDelete, 401, "a key deleted from the database is refused on the next request")
    let stillValid = try await status(hub, key: hub.clientKey)
    XCTAssertEqual(stillValid, 200)
  }

  /// `tensorbridge hub keys create|list|revoke` on the data folder of a hub running in another
  /// process: the revocation holds on that hub's next request.
  func testCLIRevokesAKeyOfARunningHub() async throws {
    let data = try TestPaths.temporaryDirectory("modelhub-tests").appendingPathComponent("data")
    addTeardownBlock { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
    let hub = HubProcess(data: data)
    try hub.start(extra: ["--no-load-check"])
    defer { _ = hub.stop() }
    let created = try CLIRun.run(
      ["hub", "keys", "create"] + TestBackend.storeArguments(data) + ["--scope", "admin", "--json"])
    XCTAssertEqual(created.status, 0, created.stderr)
    let key = try HubJSON.decoder().decode(HubCreatedKey.self, from: Data(created.stdout.utf8))
    try await TestBackend.propagation()
    let http = HTTPClient(base: hub.base)
    let before = try await http.send("GET", "/v1/models", key: key.key).status
    XCTAssertEqual(before, 200)

    let list = try CLIRun.run(["hub", "keys", "list"] + TestBackend.storeArguments(data))
    XCTAssertEqual(list.status, 0, list.stderr)
    XCTAssertTrue(list.stdout.contains(key.id), list.stdout)
    XCTAssertTrue(list.stdout.contains("admin"), list.stdout)
    XCTAssertFalse(list.stdout.contains(key.key))

    let revoke = try CLIRun.run(["hub", "keys", "revoke"] + TestBackend.storeArguments(data) + [key.id])
    XCTAssertEqual(revoke.status, 0, revoke.stderr)
    try await TestBackend.propagation()
    let after = try await http.send("GET", "/v1/models", key: key.key)
    XCTAssertEqual(after.status, 401)
    XCTAssertEqual(after.errorCode, "UNAUTHENTICATED")
    let listed = try CLIRun.run(["hub", "keys", "list"] + TestBackend.storeArguments(data))
    XCTAssertTrue(
      listed.stdout.split(separator: "\n").contains { $0.contains(key.id) && $0.contains("revoked") }, listed.stdout)

    let missing = try CLIRun.run(["hub", "keys", "revoke"] + TestBackend.storeArguments(data) + ["nosuchkey"])
    XCTAssertNotEqual(missing.status, 0)
    XCTAssertTrue(missing.stderr.contains("nosuchkey"), missing.stderr)
  }
}

/// The stored form of a key, as the hub computes it (to check that it is never listed).
enum APIKeyHashing {
  static func sha256(_ secret: String) -> String {
    HubHash.hex(SHA256.hash(data: Data(secret.utf8)))
  }
}
