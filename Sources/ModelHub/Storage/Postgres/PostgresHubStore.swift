import Foundation
import Logging
import ModelHubAPI
import PostgresNIO

/// The hub's metadata in PostgreSQL 15 (through postgres-nio) and its files in any
/// ``BlobStorage`` (the data folder, or an S3 bucket the nodes share), for hubs on several
/// machines sharing one database.
///
/// The same guarantees as ``HubStore``: every write is one transaction (nothing half-written is
/// ever visible), writes touching a model lock its row (`SELECT … FOR UPDATE`) so they are
/// serialized per model, a blob is stored before the transaction that first refers to it
/// commits and removed only after the transaction dropping its last reference has committed
/// (both under a transaction-scoped advisory lock on the hash, so an upload and a removal of the
/// same blob never interleave), so a crash — kill -9 of any node — can leave an unreferenced
/// blob, never a version without its blob; `recover()` removes such leftovers.
///
/// Every committing write runs `NOTIFY tensorbridge_changes`; the change marker follows those
/// notifications on a dedicated listening connection (`PostgresChangeListener`), so that
/// every node sharing the database sees a change within milliseconds.
public final class PostgresHubStore: Sendable {
  /// The notification channel every committing write notifies.
  static let channel = "tensorbridge_changes"

  let client: PostgresClient
  let location: HubPostgresURL
  /// Where model files are stored: the data folder's `blobs/` or an S3 bucket.
  let blobs: any BlobStorage
  /// The data folder's `tmp/`, where uploads are written, whatever the blob storage.
  let staging: BlobStore
  /// The data folder's blob store when blobs are kept there (nil for S3).
  let local: BlobStore?
  let paths: HubPaths
  let listener: PostgresChangeListener
  /// Serializes serving-state loads of this process, so successive loads never go back in time.
  let loads = AsyncSerialGate()
  let logger: Logger
  private let running: Task<Void, Never>

  /// Connects to the database at `location` and checks that its schema is this binary's (run
  /// `tensorbridge hub migrate` first; an empty database gets the whole
  /// schema). `directory` holds temporary uploads; files go to `blobStorage`, by default a
  /// local blob folder inside `directory`.
  /// - Throws: ``HubSchemaError`` for a schema older or newer than this binary's; a connection error.
  public init(
    location: HubPostgresURL, directory: URL, blobStorage: (any BlobStorage)? = nil,
    logger: Logger = Logger(label: "tensorbridge.hub.postgres")
  ) async throws {
    self.location = location
    self.logger = logger
    let paths = HubPaths(root: directory)
    let local = BlobStore(paths: paths)
    try local.prepare()
    self.paths = paths
    staging = local
    self.local = blobStorage == nil ? local : nil
    blobs = blobStorage ?? local
    let client = PostgresClient(configuration: Self.clientConfiguration(location), backgroundLogger: logger)
    self.client = client
    running = Task { await client.run() }
    listener = PostgresChangeListener(
      configuration: try Self.connectionConfiguration(location), channel: Self.channel, logger: logger)
    do {
      try await PostgresMigrator(client: client, location: location, logger: logger).prepareForServing()
    } catch {
      running.cancel()
      listener.stop()
      throw error
    }
  }

  deinit {
    running.cancel()
    listener.stop()
  }

  /// Closes the connections (the store cannot be used afterwards).
  public func shutdown() {
    running.cancel()
    listener.stop()
  }

  // MARK: Transactions

  /// Runs `body` in one transaction that notifies the other nodes when it commits (and moves this
  /// node's marker at once). Errors thrown by `body` come out as they were thrown (not wrapped).
  func write<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
    let result = try await transaction { connection in
      let result = try await body(connection)
      try await connection.query("NOTIFY tensorbridge_changes", logger: logger)
      return result
    }
    listener.bump()
    return result
  }

  /// Runs `body` in one transaction (for reads that must see one snapshot: repeatable read).
  func read<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
    try await transaction(isolation: "REPEATABLE READ, READ ONLY", body)
  }

  /// Runs `body` in one transaction (read committed: each statement sees what was committed
  /// before it started, as a check made after taking a lock must).
  func transaction<Result: Sendable>(
    isolation: String? = nil, _ body: (PostgresConnection) async throws -> Result
  ) async throws -> Result {
    let logger = self.logger
    do {
      return try await client.withConnection { connection in
        try await connection.query("BEGIN", logger: logger)
        if let isolation {
          try await connection.query(
            PostgresQuery(unsafeSQL: "SET TRANSACTION ISOLATION LEVEL \(isolation)"), logger: logger)
        }
        let result: Result
        do {
          result = try await body(connection)
        } catch {
          _ = try? await connection.query("ROLLBACK", logger: logger)
          throw error
        }
        try await connection.query("COMMIT", logger: logger)
        return result
      }
    } catch let error as PostgresTransactionError {
      throw error.closureError ?? error
    }
  }

  // MARK: Configuration

  static func clientConfiguration(_ location: HubPostgresURL) -> PostgresClient.Configuration {
    var configuration = PostgresClient.Configuration(
      host: location.host, port: location.port, username: location.user, password: location.password,
      database: location.database, tls: clientTLS(location.sslMode))
    configuration.options.maximumConnections = 16
    return configuration
  }

  static func connectionConfiguration(_ location: HubPostgresURL) throws -> PostgresConnection.Configuration {
    PostgresConnection.Configuration(
      host: location.host, port: location.port, username: location.user, password: location.password,
      database: location.database, tls: try connectionTLS(location.sslMode))
  }

  private static func clientTLS(_ mode: String) -> PostgresClient.Configuration.TLS {
    switch mode {
    case "disable": return .disable
    case "require": return .require(.makeClientConfiguration())
    default: return .prefer(.makeClientConfiguration())
    }
  }

  private static func connectionTLS(_ mode: String) throws -> PostgresConnection.Configuration.TLS {
    switch mode {
    case "disable": return .disable
    case "require": return .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
    default: return .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
    }
  }
}
