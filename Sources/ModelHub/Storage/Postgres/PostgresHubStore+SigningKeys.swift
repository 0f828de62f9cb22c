import Foundation
import ModelHubAPI
import ModelSigning
import PostgresNIO

/// Signing keys: the same roles and rules as ``HubStore``'s (one signing key at most, enforced
/// by a partial unique index; verifying keys stay valid; retired keys stay listed).
extension PostgresHubStore {
  private static let signingKeyColumns = "id, hint, publicKey, sealedPrivateKey, role, createTime, retireTime"

  func createSigningKey(_ key: HubNewSigningKey, now: Date) async throws -> HubSigningKeyInfo {
    try await write { connection in
      // Serializes key changes across nodes: two first keys cannot both become the signing key.
      try await connection.query("LOCK TABLE signingKey IN SHARE ROW EXCLUSIVE MODE", logger: logger)
      let signing = try await signingKeys(
        connection, "SELECT \(unescaped: Self.signingKeyColumns) FROM signingKey WHERE role = 'signing'")
      return try await insert(connection, key, role: signing.isEmpty ? .signing : .verifying, now: now).info
    }
  }

  func rotateSigningKey(_ key: HubNewSigningKey, now: Date) async throws -> HubSigningKeyInfo {
    try await write { connection in
      try await connection.query("LOCK TABLE signingKey IN SHARE ROW EXCLUSIVE MODE", logger: logger)
      try await connection.query("UPDATE signingKey SET role = 'verifying' WHERE role = 'signing'", logger: logger)
      return try await insert(connection, key, role: .signing, now: now).info
    }
  }

  func retireSigningKey(id: String, now: Date) async throws -> HubSigningKeyInfo {
    try await write { connection in
      guard
        var record = try await signingKeys(
          connection, "SELECT \(unescaped: Self.signingKeyColumns) FROM signingKey WHERE id = \(id) FOR UPDATE"
        ).first
      else { throw HubSigningError.keyNotFound(id) }
      if try record.retire(now: now) {
        try await connection.query(
          "UPDATE signingKey SET role = 'retired', retireTime = \(now) WHERE id = \(id)", logger: logger)
      }
      return record.info
    }
  }

  func listSigningKeys() async throws -> [HubSigningKeyInfo] {
    try await read { connection in
      try await signingKeys(
        connection, "SELECT \(unescaped: Self.signingKeyColumns) FROM signingKey ORDER BY createTime, id"
      ).map(\.info)
    }
  }

  func releaseSigner(_ credentials: HubSigningCredentials?) async throws -> HubReleaseSigner? {
    let records = try await read { connection in
      try await signingKeys(
        connection, "SELECT \(unescaped: Self.signingKeyColumns) FROM signingKey WHERE role = 'signing'")
    }
    return try HubReleaseSigner.open(records.first, credentials)
  }

  private func insert(
    _ connection: PostgresConnection, _ key: HubNewSigningKey, role: HubSigningKeyRole, now: Date
  ) async throws -> SigningKeyRecord {
    let record = try SigningKeyRecord.make(key, role: role, now: now)
    let existing = try await strings(connection, "SELECT id FROM signingKey WHERE hint = \(record.hint)")
    guard existing.isEmpty else { throw HubSigningError.keyAlreadyRegistered(record.id) }
    try await connection.query(
      """
      INSERT INTO signingKey (id, hint, publicKey, sealedPrivateKey, role, createTime, retireTime)
      VALUES (\(record.id), \(record.hint), \(record.publicKey), \(record.sealedPrivateKey), \(record.role.rawValue),
        \(now), NULL)
      """, logger: logger)
    return record
  }

  private func signingKeys(_ connection: PostgresConnection, _ query: PostgresQuery) async throws
    -> [SigningKeyRecord]
  {
    var records: [SigningKeyRecord] = []
    for try await (id, hint, publicKey, sealed, roleText, createTime, retireTime) in try await connection.query(
      query, logger: logger
    ).decode((String, String, String, Data?, String, Date, Date?).self) {
      guard let role = HubSigningKeyRole(rawValue: roleText) else {
        throw HubPostgresError.malformedRow(table: "signingKey", column: "role")
      }
      records.append(
        SigningKeyRecord(
          id: id, hint: hint, publicKey: publicKey, sealedPrivateKey: sealed, role: role, createTime: createTime,
          retireTime: retireTime))
    }
    return records
  }
}
