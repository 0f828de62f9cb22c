import Foundation
import ModelHubAPI
import PostgresNIO

/// Versions: upload, list, read, publish, and the signatures made on publishing.
extension PostgresHubStore {
  /// Stores a verified upload as the model's next version. The blob is stored before the row
  /// referring to it commits: in the data folder it is renamed into place inside the
  /// transaction, under the blob's advisory lock; in S3 it is put before the transaction starts
  /// (an upload must not hold a connection and the model's row lock) and, once the transaction
  /// holds the advisory lock — which every removal takes — checked and put again if a removal on
  /// any node deleted it as unreferenced meanwhile. If anything fails the temporary file is
  /// removed and so is the blob unless another version uses it.
  func addVersion(
    model name: String, temporary: URL, hash: String, size: Int64, validation: HubValidationReport,
    publish: Bool, signer: HubReleaseSigner?, now: Date
  ) async throws -> HubModelVersion {
    let validationText = try Self.jsonText(validation)
    do {
      if local == nil { try await blobs.put(hash, from: temporary) }
      let version = try await write { connection in
        var model = try await fetchModel(connection, name, lock: true)
        try await lockBlob(connection, hash)
        try await storeBlob(temporary, hash: hash, size: size)
        let last = try await maxVersion(connection, name)
        let record = VersionRecord(
          model: name, version: last + 1, modelHash: hash, sizeBytes: size, createTime: now,
          published: publish, validation: validation)
        try await connection.query(
          """
          INSERT INTO version (model, version, modelHash, sizeBytes, createTime, published, validation)
          VALUES (\(name), \(record.version), \(hash), \(size), \(now), \(publish), \(validationText))
          """, logger: logger)
        try await signIfUnsigned(connection, record, with: signer, now: now)
        model.touch(now)
        try await update(connection, model)
        return try await wireVersion(connection, record)
      }
      try? FileManager.default.removeItem(at: temporary)
      return version
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      try? await removeIfUnreferenced(hash)
      throw error
    }
  }

  /// Makes sure blob `hash` is stored, under its advisory lock: renames `temporary` into the
  /// data folder, or (S3, where it was put before the transaction) puts it again if it is gone.
  private func storeBlob(_ temporary: URL, hash: String, size: Int64) async throws {
    if let local {
      try local.install(temporary, hash: hash)
    } else if try await blobs.blobSize(hash) != size {
      try await blobs.put(hash, from: temporary)
    }
  }

  private func maxVersion(_ connection: PostgresConnection, _ name: String) async throws -> Int {
    var last = 0
    for try await value in try await connection.query(
      "SELECT MAX(version) FROM version WHERE model = \(name)", logger: logger
    ).decode(Int?.self) {
      last = value ?? 0
    }
    return last
  }

  func versions(of name: String) async throws -> [HubModelVersion] {
    try HubName.check(name)
    return try await read { connection in
      _ = try await fetchModel(connection, name)
      let records = try await versions(
        connection,
        "SELECT \(unescaped: Self.versionColumns) FROM version WHERE model = \(name) ORDER BY version DESC")
      var wire: [HubModelVersion] = []
      for record in records { wire.append(try await wireVersion(connection, record)) }
      return wire
    }
  }

  func version(_ name: String, _ number: Int) async throws -> HubModelVersion {
    try HubName.check(name)
    return try await read { connection in
      try await wireVersion(connection, try await fetchVersion(connection, name, number))
    }
  }

  /// Publishes or unpublishes a version. A version the rollout serves or an alias names cannot be
  /// unpublished. A version published unsigned is signed by `signer` in the same transaction.
  func setPublished(
    _ name: String, _ number: Int, _ published: Bool, signer: HubReleaseSigner?, now: Date
  ) async throws -> HubModelVersion {
    try HubName.check(name)
    return try await write { connection in
      var model = try await fetchModel(connection, name, lock: true)
      var version = try await fetchVersion(connection, name, number)
      if !published {
        try version.checkUnpublishable(rollout: model.rollout, aliases: try await aliases(connection, name, number))
      }
      guard version.published != published else {
        try await signIfUnsigned(connection, version, with: signer, now: now)
        return try await wireVersion(connection, version)
      }
      version.published = published
      try await connection.query(
        "UPDATE version SET published = \(published) WHERE model = \(name) AND version = \(number)", logger: logger)
      try await signIfUnsigned(connection, version, with: signer, now: now)
      model.touch(now)
      try await update(connection, model)
      return try await wireVersion(connection, version)
    }
  }

  /// The signature bundle of a version, as served.
  func signature(_ name: String, _ number: Int) async throws -> Data {
    try HubName.check(name)
    return try await read { connection in
      _ = try await fetchVersion(connection, name, number)
      let rows = try await connection.query(
        "SELECT bundle FROM versionSignature WHERE model = \(name) AND version = \(number)", logger: logger)
      for try await bundle in rows.decode(Data.self) { return bundle }
      throw HubError.signatureNotFound(model: name, version: number)
    }
  }

  /// Signs a published version that has no signature yet, inside the transaction publishing it.
  private func signIfUnsigned(
    _ connection: PostgresConnection, _ record: VersionRecord, with signer: HubReleaseSigner?, now: Date
  ) async throws {
    guard record.published, let signer else { return }
    let existing = try await strings(
      connection,
      "SELECT keyID FROM versionSignature WHERE model = \(record.model) AND version = \(record.version)")
    guard existing.isEmpty else { return }
    let bundle = try signer.bundle(model: record.model, version: record.version, hash: record.modelHash)
    try await connection.query(
      """
      INSERT INTO versionSignature (model, version, keyID, bundle, createTime)
      VALUES (\(record.model), \(record.version), \(signer.keyID), \(bundle), \(now))
      """, logger: logger)
  }
}
