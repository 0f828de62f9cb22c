import Foundation
import GRDB
import ModelSigning

/// A key to add to the hub: a new one, generated and sealed with the operator's secret, or the
/// public half of a key the operator keeps elsewhere.
public enum HubNewSigningKey: Sendable {
  /// Generate a key; store its private key sealed with this secret.
  case generated(sealedWith: HubSigningSecret)
  /// Register an external key: only its public key is stored.
  case external(ModelSigningPublicKey)
}

extension HubStore {
  /// Adds a signing key; it signs from now on when the hub has no signing key yet, otherwise it
  /// is a verifying key (``rotateSigningKey(_:now:)`` makes a new key the signing one).
  /// - Throws: ``HubSigningError`` or a database error.
  public func createSigningKey(_ key: HubNewSigningKey, now: Date = Date()) throws -> HubSigningKeyInfo {
    try database.write { db in
      let hasSigning =
        try SigningKeyRecord.filter(SigningKeyRecord.Columns.role == HubSigningKeyRole.signing.rawValue).fetchCount(db)
        > 0
      return try Self.insert(db, key, role: hasSigning ? .verifying : .signing, now: now).info
    }
  }

  /// Adds a key as the signing key; the previous signing key becomes a verifying key, so that
  /// versions it signed keep verifying while clients learn the new key.
  /// - Throws: ``HubSigningError`` or a database error.
  public func rotateSigningKey(_ key: HubNewSigningKey, now: Date = Date()) throws -> HubSigningKeyInfo {
    try database.write { db in
      try db.execute(sql: "UPDATE signingKey SET role = 'verifying' WHERE role = 'signing'")
      return try Self.insert(db, key, role: .signing, now: now).info
    }
  }

  /// Retires a verifying key: it is listed as retired and clients should stop trusting it.
  /// - Throws: ``HubSigningError/keyNotFound(_:)``, ``HubSigningError/cannotRetireSigningKey(_:)``.
  public func retireSigningKey(id: String, now: Date = Date()) throws -> HubSigningKeyInfo {
    try database.write { db in
      guard var record = try SigningKeyRecord.fetchOne(db, key: id) else { throw HubSigningError.keyNotFound(id) }
      if try record.retire(now: now) { try record.update(db) }
      return record.info
    }
  }

  /// Every signing key, oldest first.
  public func listSigningKeys() throws -> [HubSigningKeyInfo] {
    try database.read { db in
      try SigningKeyRecord.order(SigningKeyRecord.Columns.createTime, SigningKeyRecord.Columns.id).fetchAll(db).map(
        \.info)
    }
  }

  /// What signs versions published now: nil when the hub has no signing key (versions are
  /// published unsigned), else the signing key opened with `credentials`.
  /// - Throws: ``HubSigningError/signingKeyLocked(keyID:reason:)`` when there is a signing key
  ///   that `credentials` cannot open, ``HubSigningError/wrongSecret(keyID:)``.
  func releaseSigner(_ credentials: HubSigningCredentials?) async throws -> HubReleaseSigner? {
    let record = try await database.read { db in
      try SigningKeyRecord.filter(SigningKeyRecord.Columns.role == HubSigningKeyRole.signing.rawValue).fetchOne(db)
    }
    return try HubReleaseSigner.open(record, credentials)
  }

  private static func insert(_ db: Database, _ key: HubNewSigningKey, role: HubSigningKeyRole, now: Date) throws
    -> SigningKeyRecord
  {
    let record = try SigningKeyRecord.make(key, role: role, now: now)
    if try SigningKeyRecord.filter(Column("hint") == record.hint).fetchCount(db) > 0 {
      throw HubSigningError.keyAlreadyRegistered(record.id)
    }
    try record.insert(db)
    return record
  }
}
