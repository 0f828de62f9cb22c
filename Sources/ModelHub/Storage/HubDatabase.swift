import Foundation
import GRDB

/// Opens the hub's SQLite database in WAL mode and brings its schema up to date.
enum HubDatabase {
  /// Opens (creating if needed) the database at `url`.
  static func open(at url: URL) throws -> DatabasePool {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    configuration.prepareDatabase { db in
      // WAL is set by DatabasePool; FULL makes each commit durable before it returns.
      try db.execute(sql: "PRAGMA synchronous = FULL")
    }
    let pool = try DatabasePool(path: url.path, configuration: configuration)
    try migrator.migrate(pool)
    return pool
  }

  /// The schema, one migration per change; never edit a shipped migration.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
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
    migrator.registerMigration("v2-key-revocation") { db in
      try db.alter(table: APIKeyRecord.databaseTableName) { t in t.add(column: "revokeTime", .datetime) }
    }
    registerModelSigning(&migrator)
    registerAliases(&migrator)
    registerDownloadCounts(&migrator)
    return migrator
  }
}
