import Foundation
import GRDB

/// Opens the hub's SQLite database in WAL mode and checks (or brings up to date) its schema,
/// defined once for both backends in ``HubMigration/all``.
enum HubDatabase {
  /// Opens the database at `url`. A new (empty) database gets the whole schema; an existing one
  /// must already have exactly the schema of this binary.
  /// - Throws: ``HubSchemaError`` when the schema is older or newer than this binary's.
  static func open(at url: URL) throws -> DatabasePool {
    let pool = try openPool(at: url)
    let applied = try pool.read { db in try migrator.appliedIdentifiers(db) }
    if applied.isEmpty {
      try migrator.migrate(pool)
    } else {
      try HubSchemaError.check(applied: applied, database: url.path)
    }
    return pool
  }

  /// Applies the migrations the database at `url` has not had yet (creating it if needed);
  /// returns their identifiers, oldest first.
  /// - Throws: ``HubSchemaError/newerThanBinary(database:unknown:)`` when the database was
  ///   migrated by a newer binary.
  static func migrate(at url: URL) throws -> [String] {
    let pool = try openPool(at: url)
    let applied = try pool.read { db in try migrator.appliedIdentifiers(db) }
    let unknown = applied.subtracting(HubMigration.identifiers)
    guard unknown.isEmpty else { throw HubSchemaError.newerThanBinary(database: url.path, unknown: unknown.sorted()) }
    try migrator.migrate(pool)
    return HubMigration.identifiers.filter { !applied.contains($0) }
  }

  private static func openPool(at url: URL) throws -> DatabasePool {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    configuration.prepareDatabase { db in
      // WAL is set by DatabasePool; FULL makes each commit durable before it returns.
      try db.execute(sql: "PRAGMA synchronous = FULL")
    }
    return try DatabasePool(path: url.path, configuration: configuration)
  }

  /// The schema, one migration per change, from ``HubMigration/all``.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    for migration in HubMigration.all { migrator.registerMigration(migration.id, migrate: migration.sqlite) }
    return migrator
  }

  /// Migration `v1`: models, versions, API keys.
  @Sendable static func createCoreTables(_ db: Database) throws {
    try db.create(table: ModelRecord.databaseTableName) { t in
      t.primaryKey("name", .text)
      t.column("displayName", .text).notNull()
      t.column("tags", .text).notNull()  // JSON array
      t.column("createTime", .datetime).notNull()
      t.column("updateTime", .datetime).notNull()
      t.column("revision", .integer).notNull()
      t.column("rollout", .text)  // JSON HubRollout or NULL
    }
    try db.create(table: VersionRecord.databaseTableName) { t in
      t.column("model", .text).notNull().references(ModelRecord.databaseTableName, onDelete: .cascade)
      t.column("version", .integer).notNull()
      t.column("modelHash", .text).notNull().indexed()
      t.column("sizeBytes", .integer).notNull()
      t.column("createTime", .datetime).notNull()
      t.column("published", .boolean).notNull()
      t.column("validation", .text).notNull()  // JSON HubValidationReport
      t.primaryKey(["model", "version"])
    }
    try db.create(table: APIKeyRecord.databaseTableName) { t in
      t.primaryKey("id", .text)
      t.column("keyHash", .text).notNull().unique()
      t.column("scope", .text).notNull()
      t.column("createTime", .datetime).notNull()
    }
  }

  /// Migration `v2-key-revocation`.
  @Sendable static func addKeyRevocation(_ db: Database) throws {
    try db.alter(table: APIKeyRecord.databaseTableName) { t in t.add(column: "revokeTime", .datetime) }
  }
}
