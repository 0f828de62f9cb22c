import Foundation
import ModelHubAPI
import PostgresNIO

/// Download counts per version per UTC day (the same rules as ``HubStore``'s). Written without
/// notifying the other nodes: counts are not serving state, and a batch arrives every few
/// seconds under load.
extension PostgresHubStore {
  /// Adds `counts` to the stored counts in one transaction, in a fixed order (model, version,
  /// day) so that two nodes adding to the same rows never deadlock. Counts of versions deleted
  /// since they were collected are dropped.
  func addDownloadCounts(_ counts: [DownloadTally.Key: Int]) async throws {
    let batch = counts.filter { $0.value > 0 }.sorted {
      ($0.key.model, $0.key.version, $0.key.day) < ($1.key.model, $1.key.version, $1.key.day)
    }
    guard !batch.isEmpty else { return }
    try await transaction { connection -> Void in
      for (key, count) in batch {
        try await connection.query(
          """
          INSERT INTO downloadCount (model, version, day, count)
          SELECT \(key.model), \(key.version), \(key.day), \(count) WHERE EXISTS (
            SELECT 1 FROM version WHERE model = \(key.model) AND version = \(key.version))
          ON CONFLICT (model, version, day) DO UPDATE SET count = downloadCount.count + excluded.count
          """, logger: logger)
      }
    }
  }

  /// The counts of model `name` from UTC day `since` (`YYYY-MM-DD`) on, by day then version.
  /// - Throws: ``HubError/modelNotFound(_:)`` when there is no such model.
  func downloadCounts(_ name: String, since: String) async throws -> HubDownloadCounts {
    try HubName.check(name)
    return try await read { connection in
      _ = try await fetchModel(connection, name)
      var days: [HubDownloadCounts.Day] = []
      let rows = try await connection.query(
        """
        SELECT day, version, count FROM downloadCount
        WHERE model = \(name) AND day COLLATE "C" >= \(since) AND count > 0
        ORDER BY day COLLATE "C", version
        """, logger: logger)
      for try await (day, version, count) in rows.decode((String, Int, Int).self) {
        days.append(HubDownloadCounts.Day(day: day, version: version, count: count))
      }
      return HubDownloadCounts(model: name, since: since, days: days)
    }
  }
}
