import Foundation
import ModelHub
import NIOConcurrencyHelpers

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A real PostgreSQL 15 server for tests: `scripts/postgres/start.sh` initdb's into a temporary
/// folder and starts it on a free loopback port (trust authentication, the unix socket in the
/// folder; as the `postgres` user when the tests run as root). One server per test process,
/// started on first use and stopped (its folder removed) when the process exits; each hub gets
/// its own database.
public final class PostgresServer: Sendable {
  /// The server's folder (data, socket, log).
  public let folder: URL
  /// The loopback port it listens on.
  public let port: Int

  private init(folder: URL, port: Int) {
    self.folder = folder
    self.port = port
  }

  private static let started = NIOLockedValueBox<Result<PostgresServer, TestFailure>?>(nil)

  /// The process's server, started on first use.
  /// - Throws: ``TestFailure`` when PostgreSQL cannot be installed or started.
  public static func shared() throws -> PostgresServer {
    let result = started.withLockedValue { started -> Result<PostgresServer, TestFailure> in
      if let started { return started }
      let result = Result { () throws(TestFailure) -> PostgresServer in try start() }
      started = result
      if case .success = result { atexit { PostgresServer.stopShared() } }
      return result
    }
    return try result.get()
  }

  private static func start() throws(TestFailure) -> PostgresServer {
    // Under /tmp (not a per-user folder): the `postgres` user must reach it when we are root.
    let folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("tb-postgres-\(UUID().uuidString)")
    do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
      throw TestFailure("cannot create \(folder.path): \(error)")
    }
    for _ in 0..<5 {
      let port = Int.random(in: 20_000...60_000)
      guard
        let result = try? ProcessRun.run(
          URL(fileURLWithPath: "/bin/bash"), [script("start.sh"), folder.path, String(port)], timeLimit: 120)
      else { continue }
      if result.status == 0 { return PostgresServer(folder: folder, port: port) }
      if !result.stderr.contains("in use") && !result.stderr.contains("could not bind") {
        throw TestFailure("PostgreSQL did not start: \(result.stderr)")
      }
    }
    throw TestFailure("PostgreSQL did not start on any of five ports")
  }

  private static func stopShared() {
    guard case .success(let server)? = started.withLockedValue({ $0 }) else { return }
    _ = try? ProcessRun.run(URL(fileURLWithPath: "/bin/bash"), [script("stop.sh"), server.folder.path], timeLimit: 60)
  }

  private static func script(_ name: String) -> String {
    TestPaths.repository.appendingPathComponent("scripts/postgres/\(name)").path
  }

  /// `postgres://postgres@127.0.0.1:<port>/<database>?sslmode=disable`.
  public func url(database: String) -> String {
    "postgres://postgres@127.0.0.1:\(port)/\(database)?sslmode=disable"
  }

  /// Creates database `name` unless it exists.
  /// - Throws: ``TestFailure`` when `psql` fails.
  public func createDatabase(_ name: String) throws {
    let exists = try psql("SELECT 1 FROM pg_database WHERE datname = '\(name)'")
    if exists.trimmingCharacters(in: .whitespacesAndNewlines) == "1" { return }
    _ = try psql("CREATE DATABASE \(name)")
  }

  /// Runs `sql` with `psql` on database `database`; its standard output (unaligned, tuples only).
  /// - Throws: ``TestFailure`` when `psql` fails.
  @discardableResult
  public func psql(_ sql: String, database: String = "postgres") throws -> String {
    let result = try ProcessRun.run(
      URL(fileURLWithPath: "/usr/lib/postgresql/15/bin/psql"),
      [
        "-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-d", database, "-At", "-v", "ON_ERROR_STOP=1", "-c",
        sql,
      ],
      timeLimit: 60)
    guard result.status == 0 else { throw TestFailure("psql \(sql): \(result.stderr)") }
    return result.stdout
  }
}

/// Which metadata backend the hub tests run on: SQLite in the data folder (default) or, with
/// `TB_HUB_DATABASE=postgres`, PostgreSQL (``PostgresServer``), a database per data folder. The
/// same test bodies run on both (`make test` runs the hub suites twice).
public enum TestBackend {
  /// Whether `TB_HUB_DATABASE=postgres`.
  public static var isPostgres: Bool { ProcessInfo.processInfo.environment["TB_HUB_DATABASE"] == "postgres" }

  /// The `--database` URL for a hub over data folder `data` (nil on SQLite); its database is
  /// created on first use and named after the folder, so a hub restarted on the same folder finds it.
  public static func databaseURL(for data: URL) throws -> String? {
    guard isPostgres else { return nil }
    let server = try PostgresServer.shared()
    let name = databaseName(for: data)
    try server.createDatabase(name)
    return server.url(database: name)
  }

  /// The store of data folder `data` on the tests' backend, as a hub over that folder opens it.
  public static func open(directory: URL, blobLocation: HubBlobLocation = .dataFolder) async throws -> HubAdminStore {
    try await HubAdminStore.open(
      database: try databaseURL(for: directory).map { try HubPostgresURL($0) }, directory: directory,
      blobLocation: blobLocation)
  }

  /// `--data DIR` and, on PostgreSQL, `--database URL`: the store options of the CLI's hub
  /// commands for the hub over `data`.
  public static func storeArguments(_ data: URL) throws -> [String] {
    ["--data", data.path] + (try databaseURL(for: data).map { ["--database", $0] } ?? [])
  }

  /// Every problem ``HubAdminStore/verify()`` finds in the store of `data` on the tests' backend.
  public static func verify(_ data: URL, blobLocation: HubBlobLocation = .dataFolder) async throws -> [String] {
    let store = try await open(directory: data, blobLocation: blobLocation)
    defer { store.close() }
    return try await store.verify()
  }

  /// Waits for a change made by another process to reach a running hub: nothing to wait for on
  /// SQLite (the hub reads the database's change marker on every request); on PostgreSQL the
  /// change travels as a notification, which every node must see within one second — this
  /// waits a third of that.
  public static func propagation() async throws {
    if isPostgres { try await Task.sleep(for: .milliseconds(300)) }
  }

  /// `hub_` and 16 hex digits of a hash of the folder's path.
  public static func databaseName(for data: URL) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data.standardizedFileURL.path.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return "hub_" + String(hash, radix: 16)
  }
}
