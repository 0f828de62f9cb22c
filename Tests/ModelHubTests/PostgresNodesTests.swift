import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// Several hubs on one PostgreSQL database (whatever `TB_HUB_DATABASE` says): a key revoked on
/// one is refused by the others within a second, a model created on one is listed by the others,
/// and every node follows the schema rules (`hub migrate`, refusal of an older or newer schema).
final class PostgresNodesTests: XCTestCase {
  private func database(_ label: String) throws -> (PostgresServer, String, String) {
    let server = try PostgresServer.shared()
    let name = "nodes_\(label)_\(UInt32.random(in: 0...UInt32.max))"
    try server.createDatabase(name)
    return (server, name, server.url(database: name))
  }

  /// The seconds until `condition` first holds (polled every 10 ms), or nil after `limit` seconds.
  private func firstTime(within limit: TimeInterval, _ condition: () async throws -> Bool) async throws
    -> TimeInterval?
  {
    let start = Date()
    while Date().timeIntervalSince(start) < limit {
      if try await condition() { return Date().timeIntervalSince(start) }
      try await Task.sleep(for: .milliseconds(10))
    }
    return nil
  }

  private func status(_ hub: TestHub, key: String) async throws -> Int {
    try await hub.http.send("GET", HubAPI.listModels.path([:]), key: key).status
  }

  func testAKeyRevokedOnOneNodeIsRefusedByAnotherWithinOneSecond() async throws {
    let (_, _, url) = try database("revoke")
    let nodeA = try await TestHub.start(database: url)
    addTeardownBlock { await nodeA.stop() }
    let nodeB = try await TestHub.start(database: url)
    addTeardownBlock { await nodeB.stop() }
    let key = try await nodeA.store.createKey(scope: .admin)
    // B learns of a key created on A within a second, and serves it from memory from then on.
    let accepted = try await firstTime(within: 1) { try await self.status(nodeB, key: key.key) == 200 }
    XCTAssertNotNil(accepted, "node B does not accept a key created on node A")
    for _ in 0..<3 {
      let answer = try await status(nodeB, key: key.key)
      XCTAssertEqual(answer, 200)
    }
    let revoke = try await nodeA.http.send("POST", "/v1/keys/\(key.id):revoke", key: nodeA.adminKey)
    XCTAssertEqual(revoke.status, 200, revoke.text)
    let refusedAfter = try await firstTime(within: 2) { try await self.status(nodeB, key: key.key) == 401 }
    let after = try XCTUnwrap(refusedAfter, "node B still accepts the key 2 s after node A revoked it")
    XCTAssertLessThan(after, 1)
    let onA = try await status(nodeA, key: key.key)
    XCTAssertEqual(onA, 401)
  }

  func testANodeThatLosesItsListeningConnectionServesNothingStaleAndReconnects() async throws {
    let (server, name, url) = try database("listener")
    let hub = try await TestHub.start(database: url)
    addTeardownBlock { await hub.stop() }
    let key = try await hub.store.createKey(scope: .admin)
    let accepted = try await firstTime(within: 1) { try await self.status(hub, key: key.key) == 200 }
    XCTAssertNotNil(accepted)
    let terminated = try server.psql(
      "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = '\(name)' AND query ILIKE 'LISTEN%'"
    )
    XCTAssertEqual(terminated.trimmingCharacters(in: .whitespacesAndNewlines), "1", "one listening connection")
    // Revoked by hand while the node has no listener: refused within a second all the same.
    try server.psql("UPDATE apiKey SET revokeTime = now() WHERE id = '\(key.id)'", database: name)
    let refused = try await firstTime(within: 1) { try await self.status(hub, key: key.key) == 401 }
    XCTAssertNotNil(refused, "a key revoked while the listener was down is still accepted")
    // Meanwhile every request reads the database: a key created by another client is accepted.
    let another = try await hub.store.createKey(scope: .admin)
    let acceptedAgain = try await firstTime(within: 1) { try await self.status(hub, key: another.key) == 200 }
    XCTAssertNotNil(acceptedAgain)
    // The listener comes back (it retries every second).
    let reconnected = try await firstTime(within: 3) {
      try server.psql("SELECT count(*) FROM pg_stat_activity WHERE datname = '\(name)' AND query ILIKE 'LISTEN%'")
        .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }
    XCTAssertNotNil(reconnected, "the listener did not reconnect")
  }

  func testAModelCreatedOnOneNodeIsListedByAnother() async throws {
    let (_, _, url) = try database("models")
    let nodeA = try await TestHub.start(database: url)
    addTeardownBlock { await nodeA.stop() }
    let nodeB = try await TestHub.start(database: url)
    addTeardownBlock { await nodeB.stop() }
    try await nodeA.createModel("shared")
    try await nodeA.upload("shared", try HubFixtures.data("linear"), publish: true)
    let list = try await nodeB.http.send("GET", HubAPI.listVersions.path(["name": "shared"]), key: nodeB.adminKey)
    XCTAssertEqual(list.status, 200, list.text)
    XCTAssertEqual(try list.decode(HubVersionList.self).versions.map(\.version), [1])
    let download = try await nodeB.download("shared")
    XCTAssertEqual(download.status, 200, download.text)
  }

  func testMigrateAppliesPendingMigrationsAndServeRefusesOtherSchemas() async throws {
    let (server, name, url) = try database("schema")
    let data = try TestPaths.temporaryDirectory(for: self, "hub-migrate")
    let first = try CLIRun.run(["hub", "migrate", "--data", data.path, "--database", url], timeLimit: 60)
    XCTAssertEqual(first.status, 0, first.stderr)
    XCTAssertTrue(first.stdout.contains("applied v1\n"), first.stdout)
    XCTAssertTrue(first.stdout.contains("\(HubMigrationCount.current) migrations applied"), first.stdout)
    let again = try CLIRun.run(["hub", "migrate", "--data", data.path, "--database", url], timeLimit: 60)
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertTrue(again.stdout.contains("schema up to date"), again.stdout)

    // Older than the binary: a migration missing.
    try server.psql("DELETE FROM schema_migrations WHERE id = 'v4-aliases'; DROP TABLE alias", database: name)
    let postgres = try HubPostgresURL(url)
    do {
      _ = try await HubAdminStore.open(database: postgres, directory: data)
      XCTFail("a database missing a migration was opened")
    } catch let error as HubSchemaError {
      XCTAssertEqual(error, .outdated(database: postgres.description, missing: ["v4-aliases"]))
      XCTAssertTrue(error.description.contains("hub migrate"), error.description)
    }
    let serve = try CLIRun.run(["hub", "serve", "--data", data.path, "--database", url, "--port", "0"], timeLimit: 60)
    XCTAssertNotEqual(serve.status, 0)
    XCTAssertTrue(serve.stderr.contains("run `tensorbridge hub migrate`"), serve.stderr)
    let migrated = try CLIRun.run(["hub", "migrate", "--data", data.path, "--database", url], timeLimit: 60)
    XCTAssertEqual(migrated.stdout, "applied v4-aliases\n\(postgres.description): 1 migration applied\n")

    // Newer than the binary.
    try server.psql("INSERT INTO schema_migrations VALUES ('v99-future', now())", database: name)
    do {
      _ = try await HubAdminStore.open(database: postgres, directory: data)
      XCTFail("a database from a newer binary was opened")
    } catch let error as HubSchemaError {
      XCTAssertEqual(error, .newerThanBinary(database: postgres.description, unknown: ["v99-future"]))
    }
  }

  func testMigrateOnADataFolder() throws {
    let data = try TestPaths.temporaryDirectory(for: self, "hub-migrate-sqlite")
    let first = try CLIRun.run(["hub", "migrate", "--data", data.path], timeLimit: 60)
    XCTAssertEqual(first.status, 0, first.stderr)
    XCTAssertTrue(
      first.stdout.hasSuffix("\(data.path): \(HubMigrationCount.current) migrations applied\n"), first.stdout)
    let again = try CLIRun.run(["hub", "migrate", "--data", data.path], timeLimit: 60)
    XCTAssertEqual(again.stdout, "\(data.path): schema up to date\n")
  }
}

/// How many migrations this binary has (v1 … v6-url-signing-key).
enum HubMigrationCount {
  static let current = 6
}
