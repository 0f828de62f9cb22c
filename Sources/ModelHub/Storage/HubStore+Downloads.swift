import Foundation
import GRDB
import ModelHubAPI

/// Download counts per version per UTC day: added in batches (``DownloadTally`` collects them
/// in memory), read for `GET /v1/models/{name}/downloads` and the console's chart.
extension HubStore {
  /// Adds `counts` to the stored counts in one transaction. Counts of versions deleted since
  /// they were collected are dropped.
  func addDownloadCounts(_ counts: [DownloadTally.Key: Int]) async throws {
    guard !counts.isEmpty else { return }
    try await database.write { db in
      for (key, count) in counts where count > 0 {
        try db.execute(
          sql: """
            INSERT INTO \(DownloadCountRecord.databaseTableName) (model, version, day, count)
            SELECT ?, ?, ?, ? WHERE EXISTS (
              SELECT 1 FROM \(VersionRecord.databaseTableName) WHERE model = ? AND version = ?)
            ON CONFLICT (model, version, day) DO UPDATE SET count = count + excluded.count
            """,
          arguments: [key.model, key.version, key.day, count, key.model, key.version])
      }
    }
  }

  /// The counts of model `name` from UTC day `since` (`YYYY-MM-DD`) on, by day then version.
  /// - Throws: ``HubError/modelNotFound(_:)`` when there is no such model.
  func downloadCounts(_ name: String, since: String) async throws -> HubDownloadCounts {
    try HubName.check(name)
    return try await database.read { db in
      guard try ModelRecord.fetchOne(db, key: name) != nil else { throw HubError.modelNotFound(name) }
      let rows =
        try DownloadCountRecord
        .filter(Column("model") == name && Column("day") >= since && Column("count") > 0)
        .order(Column("day"), Column("version"))
        .fetchAll(db)
      return HubDownloadCounts(
        model: name, since: since,
        days: rows.map { HubDownloadCounts.Day(day: $0.day, version: $0.version, count: $0.count) })
    }
  }
}
