import Foundation
import GRDB
import Logging
import ModelHubAPI

/// The hub's metadata (SQLite via GRDB, WAL) and files (any ``BlobStorage``), kept consistent
/// with each other: a blob is stored before the write transaction that adds its first reference
/// commits (in the data folder it is renamed into place inside that transaction; in S3 it is put
/// — one PutObject or a completed multipart upload — before the transaction starts), and removed
/// only after the transaction that drops its last reference has committed, so a crash can leave
/// an unreferenced blob but never a version without its blob; ``recover()`` removes what a crash
/// may leave behind.
public struct HubStore: Sendable {
  let database: DatabasePool
  /// Where blobs are kept.
  let blobs: any BlobStorage
  /// The data folder's blob store when blobs are kept there (nil for S3): the transactions
  /// install and remove them under the SQLite write lock, and downloads go out with sendfile.
  let local: BlobStore?
  /// The data folder's `tmp/`, where uploads are written, whatever the blob storage.
  let staging: BlobStore
  let paths: HubPaths
  /// Reads the database's change marker (its paths worked out once: it is read on every request).
  let changes: SQLiteChangeMarker
  /// Uploads and deletions of one hash in this process, kept apart (non-local blobs only).
  let pins = BlobPins()

  /// Opens (creating if needed) the store in `directory`, blobs in its `blobs/` folder.
  public init(directory: URL) throws {
    try self.init(directory: directory, remoteBlobs: nil)
  }

  /// Opens (creating if needed) the store in `directory` (metadata and temporary uploads), with
  /// the blobs in `blobStorage`.
  public init(directory: URL, blobStorage: any BlobStorage) throws {
    try self.init(directory: directory, remoteBlobs: blobStorage)
  }

  /// Opens the store for a hub configured with `location`.
  public init(directory: URL, location: HubBlobLocation) throws {
    switch location {
    case .dataFolder: try self.init(directory: directory)
    case .s3(let settings): try self.init(directory: directory, blobStorage: settings.makeStorage())
    }
  }

  private init(directory: URL, remoteBlobs: (any BlobStorage)?) throws {
    paths = HubPaths(root: directory)
    staging = BlobStore(paths: paths)
    try staging.prepare()
    local = remoteBlobs == nil ? staging : nil
    blobs = remoteBlobs ?? staging
    database = try HubDatabase.open(at: paths.database)
    changes = SQLiteChangeMarker(database: paths.database)
  }

  // MARK: Models

  /// Creates a model.
  func createModel(_ request: HubCreateModelRequest, now: Date = Date()) async throws -> HubModel {
    let record = try ModelRecord(creating: request, now: now)
    return try await database.write { db in
      if try ModelRecord.exists(db, key: request.name) { throw HubError.alreadyExists(request.name) }
      try record.insert(db)
      return record.wire(latestVersion: nil, latestPublishedVersion: nil)
    }
  }

  /// Reads one model.
  func model(_ name: String) async throws -> HubModel {
    try HubName.check(name)
    return try await database.read { db in try Self.wireModel(db, try Self.fetchModel(db, name)) }
  }

  /// Updates display name and tags, optionally only if the etag still matches.
  func updateModel(_ name: String, _ request: HubUpdateModelRequest, ifMatch: String?, now: Date = Date()) async throws
    -> HubModel
  {
    try HubName.check(name)
    let change = try ModelRecord.checkUpdate(request)
    return try await database.write { db in
      var record = try Self.fetchModel(db, name)
      try record.apply(change, ifMatch: ifMatch, now: now)
      try record.update(db)
      return try Self.wireModel(db, record)
    }
  }

  /// Deletes a model, its versions, and the blobs no other version uses.
  ///
  /// Crash-safe: the rows go in one transaction and the files only once it has committed, so a
  /// crash leaves either the whole model or none of it (never rows whose blobs are gone). Files
  /// a crash leaves behind are unreferenced blobs, which ``recover()`` removes at start-up.
  func deleteModel(_ name: String) async throws {
    try HubName.check(name)
    let hashes = try await database.write { db in
      _ = try Self.fetchModel(db, name)
      let hashes = try String.fetchAll(
        db, sql: "SELECT DISTINCT modelHash FROM version WHERE model = ?", arguments: [name])
      try db.execute(sql: "DELETE FROM version WHERE model = ?", arguments: [name])
      try db.execute(sql: "DELETE FROM model WHERE name = ?", arguments: [name])
      return hashes
    }
    try await removeUnreferenced(hashes)
  }

  /// Removes the blobs among `hashes` that no committed version refers to. Run after the
  /// transaction that dropped the references has committed; in the data folder it runs as a
  /// write transaction (changing nothing) so that no upload can install one of these blobs
  /// between the check and the removal (in S3, ``BlobPins`` does that).
  private func removeUnreferenced(_ hashes: [String]) async throws {
    guard !hashes.isEmpty else { return }
    guard let local else {
      try await removeUnreferencedRemote(hashes)
      return
    }
    try await database.write { db in
      for hash in hashes where try !Self.isReferenced(db, hash) { local.remove(hash) }
    }
  }

  /// One page of models ordered by name, optionally only those carrying `tag`.
  func listModels(tag: String?, pageSize: Int, pageToken: String?) async throws -> HubModelPage {
    let start = try HubModelPaging.start(pageSize: pageSize, pageToken: pageToken)
    return try await database.read { db in
      var sql = "SELECT * FROM model WHERE name > ?"
      var arguments: StatementArguments = [start]
      if let tag {
        sql += " AND EXISTS (SELECT 1 FROM json_each(model.tags) WHERE json_each.value = ?)"
        arguments += [tag]
      }
      sql += " ORDER BY name LIMIT ?"
      arguments += [pageSize + 1]
      let records = try ModelRecord.fetchAll(db, sql: sql, arguments: arguments)
      let page = Array(records.prefix(pageSize))
      let next = HubModelPaging.nextToken(readCount: records.count, pageSize: pageSize, lastName: page.last?.name)
      return HubModelPage(models: try page.map { try Self.wireModel(db, $0) }, nextPageToken: next)
    }
  }

  // MARK: Versions

  /// Stores a verified upload as the model's next version. The temporary file is moved into the
  /// blob store, or removed if anything fails.
  /// A version published on upload is signed by `signer` in the same transaction.
  func addVersion(
    model name: String, temporary: URL, hash: String, size: Int64, validation: HubValidationReport,
    publish: Bool, signer: HubReleaseSigner? = nil, now: Date = Date()
  ) async throws -> HubModelVersion {
    guard let local else {
      return try await addVersionRemote(
        model: name, temporary: temporary, hash: hash, size: size, validation: validation, publish: publish,
        signer: signer, now: now)
    }
    do {
      return try await database.write { db in
        let record = try Self.insertVersion(
          db, model: name, hash: hash, size: size, validation: validation, publish: publish, signer: signer, now: now)
        // Last: if the transaction fails after this, the catch below removes the orphan.
        try local.install(temporary, hash: hash)
        return try Self.wireVersion(db, record)
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      try? await database.write { db in
        if try !Self.isReferenced(db, hash) { local.remove(hash) }
      }
      throw error
    }
  }

  /// Inserts the next version of `name` (signed by `signer` when published) and touches the model.
  static func insertVersion(
    _ db: Database, model name: String, hash: String, size: Int64, validation: HubValidationReport,
    publish: Bool, signer: HubReleaseSigner?, now: Date
  ) throws -> VersionRecord {
    var model = try Self.fetchModel(db, name)
    let last = try Int.fetchOne(db, sql: "SELECT MAX(version) FROM version WHERE model = ?", arguments: [name]) ?? 0
    let record = VersionRecord(
      model: name, version: last + 1, modelHash: hash, sizeBytes: size, createTime: now,
      published: publish, validation: validation)
    try record.insert(db)
    try Self.signIfUnsigned(db, record, with: signer, now: now)
    model.touch(now)
    try model.update(db)
    return record
  }

  /// A model's versions, newest first.
  func versions(of name: String) async throws -> [HubModelVersion] {
    try HubName.check(name)
    return try await database.read { db in
      _ = try Self.fetchModel(db, name)
      return try VersionRecord.filter(Column("model") == name).order(Column("version").desc).fetchAll(db)
        .map { try Self.wireVersion(db, $0) }
    }
  }

  /// One version.
  func version(_ name: String, _ number: Int) async throws -> HubModelVersion {
    try HubName.check(name)
    return try await database.read { db in try Self.wireVersion(db, try Self.fetchVersion(db, name, number)) }
  }

  /// Publishes or unpublishes a version. A version the rollout serves cannot be unpublished. A
  /// version published unsigned is signed by `signer` in the same transaction.
  func setPublished(
    _ name: String, _ number: Int, _ published: Bool, signer: HubReleaseSigner? = nil,
    now: Date = Date()
  ) async throws -> HubModelVersion {
    try HubName.check(name)
    return try await database.write { db in
      var model = try Self.fetchModel(db, name)
      var version = try Self.fetchVersion(db, name, number)
      if !published {
        try version.checkUnpublishable(rollout: model.rollout, aliases: try Self.aliases(db, name, number))
      }
      guard version.published != published else {
        try Self.signIfUnsigned(db, version, with: signer, now: now)
        return try Self.wireVersion(db, version)
      }
      version.published = published
      try version.update(db)
      try Self.signIfUnsigned(db, version, with: signer, now: now)
      model.touch(now)
      try model.update(db)
      return try Self.wireVersion(db, version)
    }
  }

  // MARK: Rollouts

  /// Sets (or with nil clears) a model's rollout after checking it against its published versions
  /// and aliases.
  func setRollout(_ name: String, _ rollout: HubRollout?, now: Date = Date()) async throws -> HubRollout? {
    try HubName.check(name)
    if let rollout { try RolloutAssigner.check(rollout) }
    return try await database.write { db in
      var model = try Self.fetchModel(db, name)
      if let rollout {
        let published = Set(
          try Int.fetchAll(db, sql: "SELECT version FROM version WHERE model = ? AND published", arguments: [name]))
        let aliases = Set(try String.fetchAll(db, sql: "SELECT alias FROM alias WHERE model = ?", arguments: [name]))
        try rollout.checkTargets(model: name, published: published, aliases: aliases)
      }
      model.rollout = rollout
      model.touch(now)
      try model.update(db)
      return rollout
    }
  }

  /// A model's rollout, if any.
  func rollout(of name: String) async throws -> HubRollout? {
    try HubName.check(name)
    return try await database.read { db in try Self.fetchModel(db, name).rollout }
  }

  // MARK: Keys

  /// Creates an API key and stores its hash; the secret is returned once.
  public func createKey(scope: HubKeyScope, now: Date = Date()) throws -> HubCreatedKey {
    let (record, answer) = APIKeyRecord.create(scope: scope, now: now)
    try database.write { db in try record.insert(db) }
    return answer
  }

  /// Every key, oldest first (no secrets, no hashes).
  public func listKeys() throws -> [HubAPIKeyInfo] {
    try database.read(Self.keys)
  }

  /// Every key, oldest first (no secrets, no hashes).
  func listKeys() async throws -> [HubAPIKeyInfo] {
    try await database.read(Self.keys)
  }

  /// Revokes key `id` (revoking it again keeps the first time); it is refused from the next
  /// request on, by every hub sharing this database.
  /// - Throws: ``HubError/keyNotFound(_:)`` when no key has this id.
  public func revokeKey(id: String, now: Date = Date()) throws -> HubAPIKeyInfo {
    try database.write { db in try Self.revoke(db, id: id, now: now) }
  }

  /// Revokes key `id` (see ``revokeKey(id:now:)``).
  func revokeKey(id: String, now: Date = Date()) async throws -> HubAPIKeyInfo {
    try await database.write { db in try Self.revoke(db, id: id, now: now) }
  }

  private static func keys(_ db: Database) throws -> [HubAPIKeyInfo] {
    try APIKeyRecord.order(Column("createTime"), Column("id")).fetchAll(db).map(\.info)
  }

  private static func revoke(_ db: Database, id: String, now: Date) throws -> HubAPIKeyInfo {
    guard var record = try APIKeyRecord.fetchOne(db, key: id) else { throw HubError.keyNotFound(id) }
    if record.revokeTime == nil {
      record.revokeTime = now
      try record.update(db)
    }
    return record.info
  }

  // MARK: Helpers

  static func fetchModel(_ db: Database, _ name: String) throws -> ModelRecord {
    guard let record = try ModelRecord.fetchOne(db, key: name) else { throw HubError.modelNotFound(name) }
    return record
  }

  static func fetchVersion(_ db: Database, _ name: String, _ number: Int) throws -> VersionRecord {
    _ = try fetchModel(db, name)
    guard let record = try VersionRecord.fetchOne(db, key: ["model": name, "version": number]) else {
      throw HubError.versionNotFound(model: name, version: number)
    }
    return record
  }

  static func wireModel(_ db: Database, _ record: ModelRecord) throws -> HubModel {
    let latest = try Int.fetchOne(db, sql: "SELECT MAX(version) FROM version WHERE model = ?", arguments: [record.name])
    let published = try Int.fetchOne(
      db, sql: "SELECT MAX(version) FROM version WHERE model = ? AND published", arguments: [record.name])
    return record.wire(latestVersion: latest, latestPublishedVersion: published)
  }

  static func isReferenced(_ db: Database, _ hash: String) throws -> Bool {
    try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM version WHERE modelHash = ?)", arguments: [hash]) ?? false
  }
}
