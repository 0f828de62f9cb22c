import Foundation
import Logging
import ModelHubAPI

/// A hub's store as its operator uses it — API keys, signing keys, recovery, migrations — on
/// either backend: the SQLite database in the data folder (``HubStore``) or a PostgreSQL database
/// shared by several hubs (``PostgresHubStore``). What `tensorbridge hub keys`, `hub
/// signing-keys` and `hub migrate` run.
///
/// ```swift
/// let store = try await HubAdminStore.open(database: nil, directory: dataFolder)
/// let key = try await store.createKey(scope: .admin)
/// ```
public final class HubAdminStore: Sendable {
  let metadata: any HubMetadataStore

  init(_ metadata: any HubMetadataStore) { self.metadata = metadata }

  /// Opens the store: PostgreSQL at `database` when given (with `directory` as the local folder
  /// for temporary files), else the SQLite store in `directory`; blobs at `blobLocation`.
  /// - Throws: ``HubSchemaError`` when the database's schema is not this binary's (an empty
  ///   database gets the whole schema), ``HubPostgresError``, or a database or connection error.
  public static func open(
    database: HubPostgresURL?, directory: URL, blobLocation: HubBlobLocation = .dataFolder,
    logger: Logger = Logger(label: "tensorbridge.hub")
  ) async throws -> HubAdminStore {
    guard let database else { return HubAdminStore(try HubStore(directory: directory, location: blobLocation)) }
    let blobStorage: (any BlobStorage)? =
      switch blobLocation {
      case .dataFolder: nil
      case .s3(let settings): settings.makeStorage()
      }
    return HubAdminStore(
      try await PostgresHubStore(location: database, directory: directory, blobStorage: blobStorage, logger: logger))
  }

  /// Applies the schema migrations the database has not had yet (creating it when needed) and
  /// returns their identifiers, oldest first (empty when it was up to date).
  /// - Throws: ``HubSchemaError/newerThanBinary(database:unknown:)`` when a newer binary migrated it.
  public static func migrate(
    database: HubPostgresURL?, directory: URL, logger: Logger = Logger(label: "tensorbridge.hub")
  ) async throws -> [String] {
    guard let database else {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      return try HubDatabase.migrate(at: HubPaths(root: directory).database)
    }
    return try await PostgresMigrator.migrate(location: database, logger: logger)
  }

  /// The SQLite store, when that is the backend.
  public var sqlite: HubStore? { metadata as? HubStore }

  /// Closes the database connections (PostgreSQL; nothing to do for SQLite).
  public func close() { (metadata as? PostgresHubStore)?.shutdown() }

  // MARK: API keys

  /// Creates an API key; its secret is in the result only.
  public func createKey(scope: HubKeyScope, now: Date = Date()) async throws -> HubCreatedKey {
    try await metadata.createKey(scope: scope, now: now)
  }

  /// Every API key, oldest first (no secrets, no hashes).
  public func listKeys() async throws -> [HubAPIKeyInfo] { try await metadata.listKeys() }

  /// Revokes API key `id`; every hub on this store refuses it from then on (within a second).
  /// - Throws: ``HubError/keyNotFound(_:)``.
  public func revokeKey(id: String, now: Date = Date()) async throws -> HubAPIKeyInfo {
    try await metadata.revokeKey(id: id, now: now)
  }

  // MARK: Signing keys

  /// Adds a signing key: the signing one when there is none yet, else a verifying one.
  public func createSigningKey(_ key: HubNewSigningKey, now: Date = Date()) async throws -> HubSigningKeyInfo {
    try await metadata.createSigningKey(key, now: now)
  }

  /// Adds a key as the signing key; the previous signing key becomes a verifying key.
  public func rotateSigningKey(_ key: HubNewSigningKey, now: Date = Date()) async throws -> HubSigningKeyInfo {
    try await metadata.rotateSigningKey(key, now: now)
  }

  /// Retires a verifying key.
  /// - Throws: ``HubSigningError/keyNotFound(_:)``, ``HubSigningError/cannotRetireSigningKey(_:)``.
  public func retireSigningKey(id: String, now: Date = Date()) async throws -> HubSigningKeyInfo {
    try await metadata.retireSigningKey(id: id, now: now)
  }

  /// Every signing key, oldest first.
  public func listSigningKeys() async throws -> [HubSigningKeyInfo] { try await metadata.listSigningKeys() }

  // MARK: Consistency

  /// Removes what a crash left behind; see ``HubStore/recover()``.
  @discardableResult
  public func recover() async throws -> HubStore.RecoveryReport { try await metadata.recover() }

  /// Re-hashes every blob and lists inconsistencies (empty when there are none).
  public func verify() async throws -> [String] { try await metadata.verify() }

  /// Every stored blob (in the data folder or under the S3 prefix) and its size in bytes.
  public func storedBlobs() async throws -> [String: Int64] { try await metadata.blobs.storedBlobs() }
}
