import Foundation
import GRDB
import ModelHubAPI

extension HubStore {
  /// The signature bundle of a version, as served.
  /// - Throws: ``HubError/modelNotFound(_:)``, ``HubError/versionNotFound(model:version:)`` or
  ///   ``HubError/signatureNotFound(model:version:)``.
  func signature(_ name: String, _ number: Int) async throws -> Data {
    try HubName.check(name)
    return try await database.read { db in
      _ = try Self.fetchVersion(db, name, number)
      guard let record = try VersionSignatureRecord.fetchOne(db, key: ["model": name, "version": number]) else {
        throw HubError.signatureNotFound(model: name, version: number)
      }
      return record.bundle
    }
  }

  /// The wire form of a version, with the id of the key that signed it.
  static func wireVersion(_ db: Database, _ record: VersionRecord) throws -> HubModelVersion {
    var wire = record.wire
    wire.signingKeyID = try String.fetchOne(
      db, sql: "SELECT keyID FROM versionSignature WHERE model = ? AND version = ?",
      arguments: [record.model, record.version])
    wire.aliases = try aliases(db, record.model, record.version)
    return wire
  }

  /// Signs a published version that has no signature yet (inside the transaction publishing it,
  /// so that no version is ever published unsigned while the hub has a signing key).
  static func signIfUnsigned(_ db: Database, _ record: VersionRecord, with signer: HubReleaseSigner?, now: Date) throws
  {
    guard record.published, let signer else { return }
    guard try VersionSignatureRecord.fetchOne(db, key: ["model": record.model, "version": record.version]) == nil else {
      return
    }
    let bundle = try signer.bundle(model: record.model, version: record.version, hash: record.modelHash)
    try VersionSignatureRecord(
      model: record.model, version: record.version, keyID: signer.keyID, bundle: bundle, createTime: now
    )
    .insert(db)
  }
}
