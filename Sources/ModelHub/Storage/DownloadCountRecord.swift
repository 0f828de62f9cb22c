import Foundation
import GRDB

/// A row of `downloadCount`: how many download answers named one version on one UTC day.
/// Rows go with their version (and model) when it is deleted.
struct DownloadCountRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "downloadCount"

  var model: String
  var version: Int
  /// The UTC day, `YYYY-MM-DD`.
  var day: String
  var count: Int
}

extension HubDatabase {
  /// Migration `v5-download-counts`: the per-version, per-day download counts (issue 20).
  @Sendable static func createDownloadCountTable(_ db: Database) throws {
    try db.create(table: DownloadCountRecord.databaseTableName) { t in
      t.column("model", .text).notNull()
      t.column("version", .integer).notNull()
      t.column("day", .text).notNull().check(sql: "day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'")
      t.column("count", .integer).notNull().check(sql: "count >= 0")
      t.primaryKey(["model", "version", "day"])
      t.foreignKey(["model", "version"], references: VersionRecord.databaseTableName, onDelete: .cascade)
    }
  }
}
