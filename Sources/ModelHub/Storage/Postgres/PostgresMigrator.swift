import Foundation
import Logging
import PostgresNIO

/// Applies ``HubMigration/all`` to a PostgreSQL database, recording each in `schema_migrations`
/// in the same transaction as its statements. Migrators on several nodes are serialized by an
/// advisory lock, so concurrent starts never apply a migration twice.
struct PostgresMigrator: Sendable {
  /// The advisory lock key taken while migrating ("tbhub" in ASCII).
  static let lockKey: Int64 = 0x74_6268_7562

  let client: PostgresClient
  let location: HubPostgresURL
  let logger: Logger

  /// Connects to `location`, applies the migrations it has not had yet, disconnects; returns
  /// their identifiers, oldest first.
  static func migrate(location: HubPostgresURL, logger: Logger) async throws -> [String] {
    let client = PostgresClient(configuration: PostgresHubStore.clientConfiguration(location), backgroundLogger: logger)
    return try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await client.run() }
      defer { group.cancelAll() }
      return try await PostgresMigrator(client: client, location: location, logger: logger).migrate()
    }
  }

  /// Applies the migrations the database has not had yet; returns their identifiers, oldest first.
  /// - Throws: ``HubSchemaError/newerThanBinary(database:unknown:)`` when a newer binary migrated it.
  func migrate() async throws -> [String] {
    try await locked { connection in
      let applied = try await appliedIdentifiers(connection)
      let unknown = applied.subtracting(HubMigration.identifiers)
      guard unknown.isEmpty else {
        throw HubSchemaError.newerThanBinary(database: location.description, unknown: unknown.sorted())
      }
      var done: [String] = []
      for migration in HubMigration.all where !applied.contains(migration.id) {
        try await apply(migration, connection)
        done.append(migration.id)
      }
      return done
    }
  }

  /// Before serving: an empty database gets the whole schema; otherwise the schema must be
  /// exactly this binary's.
  /// - Throws: ``HubSchemaError`` when it is older or newer.
  func prepareForServing() async throws {
    try await locked { connection in
      let applied = try await appliedIdentifiers(connection)
      if applied.isEmpty {
        for migration in HubMigration.all { try await apply(migration, connection) }
      } else {
        try HubSchemaError.check(applied: applied, database: location.description)
      }
    }
  }

  /// Runs `migration`'s statements and records it in `schema_migrations`.
  private func apply(_ migration: HubMigration, _ connection: PostgresConnection) async throws {
    for statement in migration.postgres {
      try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
    }
    try await connection.query(
      "INSERT INTO schema_migrations (id, applyTime) VALUES (\(migration.id), \(Date()))", logger: logger)
  }

  /// The identifiers recorded in `schema_migrations`, creating the table if needed.
  private func appliedIdentifiers(_ connection: PostgresConnection) async throws -> Set<String> {
    try await connection.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applyTime timestamptz NOT NULL)",
      logger: logger)
    var ids = Set<String>()
    for try await id in try await connection.query("SELECT id FROM schema_migrations", logger: logger).decode(
      String.self)
    {
      ids.insert(id)
    }
    return ids
  }

  /// Runs `body` in one transaction holding the migration lock.
  private func locked<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
    let logger = self.logger
    return try await client.withConnection { connection in
      try await connection.query("BEGIN", logger: logger)
      do {
        try await connection.query("SELECT pg_advisory_xact_lock(\(Self.lockKey))", logger: logger)
        let result = try await body(connection)
        try await connection.query("COMMIT", logger: logger)
        return result
      } catch {
        _ = try? await connection.query("ROLLBACK", logger: logger)
        throw error
      }
    }
  }
}
