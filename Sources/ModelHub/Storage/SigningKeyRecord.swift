import Foundation
import GRDB

/// A row of `signingKey`: an ECDSA key (P-256 when generated; external ones also P-384 or
/// P-521) that signs published versions. Its private key is stored sealed (AES-GCM under the operator's secret, ``HubSigningSecret``), or not at all for
/// an external key the operator keeps elsewhere. One key at most has the role `signing` (a
/// partial unique index says so); `verifying` keys signed earlier versions and stay valid; a
/// `retired` key's row stays so that `hub signing-keys list` shows when it was retired.
struct SigningKeyRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "signingKey"

  var id: String
  /// The public key's model-signing hint (hex SHA-256 of its PEM).
  var hint: String
  /// The public key, PEM.
  var publicKey: String
  /// The sealed 32-byte private scalar, or nil for an external key.
  var sealedPrivateKey: Data?
  var role: HubSigningKeyRole
  var createTime: Date
  var retireTime: Date?

  enum Columns {
    static let id = Column(CodingKeys.id)
    static let role = Column(CodingKeys.role)
    static let createTime = Column(CodingKeys.createTime)
  }

  /// The listed form.
  var info: HubSigningKeyInfo {
    HubSigningKeyInfo(
      id: id, hint: hint, publicKey: publicKey, role: role, external: sealedPrivateKey == nil,
      createTime: createTime, retireTime: retireTime)
  }
}

/// A row of `versionSignature`: the bundle that signs one version (removed with it).
struct VersionSignatureRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "versionSignature"

  var model: String
  var version: Int
  var keyID: String
  /// The Sigstore bundle JSON, as served.
  var bundle: Data
  var createTime: Date

  enum Columns {
    static let model = Column(CodingKeys.model)
    static let version = Column(CodingKeys.version)
  }
}

extension HubDatabase {
  /// The signing tables (issue 18): migration `v3-model-signing`.
  @Sendable static func createSigningTables(_ db: Database) throws {
    try db.create(table: SigningKeyRecord.databaseTableName) { t in
      t.primaryKey("id", .text)
      t.column("hint", .text).notNull().unique()
      t.column("publicKey", .text).notNull()
      t.column("sealedPrivateKey", .blob)
      t.column("role", .text).notNull().check { ["signing", "verifying", "retired"].contains($0) }
      t.column("createTime", .datetime).notNull()
      t.column("retireTime", .datetime)
    }
    try db.execute(sql: "CREATE UNIQUE INDEX signingKey_oneSigning ON signingKey(role) WHERE role = 'signing'")
    try db.create(table: VersionSignatureRecord.databaseTableName) { t in
      t.column("model", .text).notNull()
      t.column("version", .integer).notNull()
      t.column("keyID", .text).notNull().references(SigningKeyRecord.databaseTableName)
      t.column("bundle", .blob).notNull()
      t.column("createTime", .datetime).notNull()
      t.primaryKey(["model", "version"])
      t.foreignKey(["model", "version"], references: VersionRecord.databaseTableName, onDelete: .cascade)
    }
  }
}
