import Foundation
import ModelHubAPI
import PostgresNIO

/// Models: create, read, update, delete, list (the same rules as ``HubStore``).
extension PostgresHubStore {
  func createModel(_ request: HubCreateModelRequest, now: Date) async throws -> HubModel {
    let record = try ModelRecord(creating: request, now: now)
    let tagText = try Self.jsonText(record.tags)
    return try await write { connection in
      let inserted = try await strings(
        connection,
        """
        INSERT INTO model (name, displayName, tags, createTime, updateTime, revision, rollout)
        VALUES (\(record.name), \(record.displayName), \(tagText), \(now), \(now), 1, NULL)
        ON CONFLICT (name) DO NOTHING RETURNING name
        """)
      guard !inserted.isEmpty else { throw HubError.alreadyExists(request.name) }
      return record.wire(latestVersion: nil, latestPublishedVersion: nil)
    }
  }

  func model(_ name: String) async throws -> HubModel {
    try HubName.check(name)
    return try await read { connection in try await wireModel(connection, try await fetchModel(connection, name)) }
  }

  func updateModel(_ name: String, _ request: HubUpdateModelRequest, ifMatch: String?, now: Date) async throws
    -> HubModel
  {
    try HubName.check(name)
    let change = try ModelRecord.checkUpdate(request)
    return try await write { connection in
      var record = try await fetchModel(connection, name, lock: true)
      try record.apply(change, ifMatch: ifMatch, now: now)
      try await update(connection, record)
      return try await wireModel(connection, record)
    }
  }

  /// Deletes a model, its versions, and — after that has committed — the blobs no version uses.
  func deleteModel(_ name: String) async throws {
    try HubName.check(name)
    let hashes = try await write { connection in
      _ = try await fetchModel(connection, name, lock: true)
      let hashes = try await strings(connection, "SELECT DISTINCT modelHash FROM version WHERE model = \(name)")
      try await connection.query("DELETE FROM model WHERE name = \(name)", logger: logger)
      return hashes
    }
    for hash in hashes { try await removeIfUnreferenced(hash) }
  }

  /// Removes blob `hash` unless a committed version refers to it, holding the blob's advisory
  /// lock so that no upload can commit a reference to it meanwhile.
  func removeIfUnreferenced(_ hash: String) async throws {
    let storage = blobs
    // Read committed, not `read`: the check must see commits made while waiting for the lock.
    try await transaction { connection in
      try await lockBlob(connection, hash)
      if try await !isReferenced(connection, hash) { try await storage.delete(hash) }
    }
  }

  func listModels(tag: String?, pageSize: Int, pageToken: String?) async throws -> HubModelPage {
    let start = try HubModelPaging.start(pageSize: pageSize, pageToken: pageToken)
    return try await read { connection in
      let limit = pageSize + 1
      let query: PostgresQuery =
        if let tag {
          """
          SELECT \(unescaped: Self.modelColumns) FROM model
          WHERE name COLLATE "C" > \(start) AND tags::jsonb ? \(tag) ORDER BY name COLLATE "C" LIMIT \(limit)
          """
        } else {
          "SELECT \(unescaped: Self.modelColumns) FROM model WHERE name COLLATE \"C\" > \(start) ORDER BY name COLLATE \"C\" LIMIT \(limit)"
        }
      let records = try await models(connection, query)
      let page = Array(records.prefix(pageSize))
      let next = HubModelPaging.nextToken(readCount: records.count, pageSize: pageSize, lastName: page.last?.name)
      var wire: [HubModel] = []
      for record in page { wire.append(try await wireModel(connection, record)) }
      return HubModelPage(models: wire, nextPageToken: next)
    }
  }
}
