import Foundation
import GRDB
import ModelHubAPI

/// A row of `alias`: a movable name (`stable`, `canary`) for one published version of a model.
/// The primary key makes an alias name one version at a time; moving it is one `UPSERT`.
struct AliasRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "alias"

  var model: String
  var alias: String
  var version: Int
  var updateTime: Date
}

extension HubDatabase {
  /// The alias table (issue 19): migration `v4-aliases`.
  @Sendable static func createAliasTable(_ db: Database) throws {
    try db.create(table: AliasRecord.databaseTableName) { t in
      t.column("model", .text).notNull()
      t.column("alias", .text).notNull()
        .check(sql: "length(alias) BETWEEN 1 AND \(HubAliasName.maxLength) AND alias NOT GLOB '*[^a-z0-9-]*'")
      t.column("version", .integer).notNull()
      t.column("updateTime", .datetime).notNull()
      t.primaryKey(["model", "alias"])
      t.foreignKey(["model", "version"], references: VersionRecord.databaseTableName, onDelete: .cascade)
    }
  }
}
