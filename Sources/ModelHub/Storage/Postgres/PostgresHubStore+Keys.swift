import Foundation
import ModelHubAPI
import PostgresNIO

/// API keys: create, list, revoke (a revoked key is refused by every node within a second:
/// the revocation notifies them like every write).
extension PostgresHubStore {
  static let keyColumns = "id, keyHash, scope, createTime, revokeTime"

  /// Creates an API key and stores its hash; the secret is returned once.
  func createKey(scope: HubKeyScope, now: Date) async throws -> HubCreatedKey {
    let (record, answer) = APIKeyRecord.create(scope: scope, now: now)
    try await write { connection -> Void in
      try await connection.query(
        """
        INSERT INTO apiKey (id, keyHash, scope, createTime, revokeTime)
        VALUES (\(record.id), \(record.keyHash), \(scope.rawValue), \(now), NULL)
        """, logger: logger)
    }
    return answer
  }

  func listKeys() async throws -> [HubAPIKeyInfo] {
    try await read { connection in
      try await keyRecords(connection, "SELECT \(unescaped: Self.keyColumns) FROM apiKey ORDER BY createTime, id")
        .map(\.info)
    }
  }

  /// Revokes key `id` (revoking it again keeps the first time).
  /// - Throws: ``HubError/keyNotFound(_:)``.
  func revokeKey(id: String, now: Date) async throws -> HubAPIKeyInfo {
    try await write { connection in
      try await connection.query(
        "UPDATE apiKey SET revokeTime = \(now) WHERE id = \(id) AND revokeTime IS NULL", logger: logger)
      guard
        let key = try await keyRecords(
          connection, "SELECT \(unescaped: Self.keyColumns) FROM apiKey WHERE id = \(id)"
        ).first
      else { throw HubError.keyNotFound(id) }
      return key.info
    }
  }

  /// The key rows `query` selects (with ``keyColumns``).
  func keyRecords(_ connection: PostgresConnection, _ query: PostgresQuery) async throws -> [APIKeyRecord] {
    var records: [APIKeyRecord] = []
    for try await (id, hash, scopeText, createTime, revokeTime) in try await connection.query(query, logger: logger)
      .decode((String, String, String, Date, Date?).self)
    {
      guard let scope = HubKeyScope(rawValue: scopeText) else {
        throw HubPostgresError.malformedRow(table: "apiKey", column: "scope")
      }
      records.append(APIKeyRecord(id: id, keyHash: hash, scope: scope, createTime: createTime, revokeTime: revokeTime))
    }
    return records
  }
}
