import Crypto
import Foundation
import Hummingbird
import Logging
import ModelHubAPI
import ServiceLifecycle

/// The ModelHub server: opens (and after a crash, repairs) its store — SQLite in the data folder,
/// or PostgreSQL shared with other hubs (``open(configuration:database:logger:)``) — then
/// serves the admin and client APIs until it receives SIGTERM/SIGINT or its task is cancelled;
/// either way it shuts down gracefully (stops accepting, finishes the requests in flight).
/// Signed model downloads are sent with sendfile by `DirectFileHandler` on the same
/// connections; everything else goes through Hummingbird's router.
///
/// ```swift
/// let server = try ModelHubServer(configuration: .init(dataDirectory: url, port: 8080))
/// try await server.run()
/// ```
public struct ModelHubServer: Sendable {
  /// The settings.
  public let configuration: HubConfiguration
  /// The store, as its operator uses it (keys, signing keys, recovery).
  public let store: HubAdminStore
  /// The metadata store the routes use.
  let metadata: any HubMetadataStore
  /// The store with the serving state in memory (loaded when the server runs).
  let serving: HubServingStore
  /// File downloads answered by the sendfile path (see ``DirectFileCounters``), across runs.
  public let directFiles = DirectFileCounters()
  /// Connections accepted, refused at the cap and cut by each timeout, across runs.
  public let connections = ConnectionCounters()
  /// Download answers counted per version per day, written to the store in batches.
  let downloads = DownloadTally()
  /// The web console's sessions (in memory: a restart signs everyone out).
  let sessions = ConsoleSessions()
  private let logger: Logger
  /// Held for the life of this value: one hub per data folder.
  private let lock: DataFolderLock

  /// Takes the data folder's lock, opens the SQLite store in it (blobs where
  /// `configuration.blobLocation` says) and removes what an interrupted run left behind (blobs
  /// in S3: when the server runs, before it listens). Nothing in the folder is touched when the
  /// lock is held by another hub.
  /// - Throws: ``DataFolderLockError/inUse(folder:pid:)`` when another hub serves the folder,
  ///   ``HubSchemaError`` when the database's schema is not this binary's.
  public init(configuration: HubConfiguration, logger: Logger = Logger(label: "tensorbridge.hub")) throws {
    let lock = try DataFolderLock(folder: configuration.dataDirectory)
    let store = try HubStore(directory: configuration.dataDirectory, location: configuration.blobLocation)
    self.init(configuration: configuration, metadata: store, lock: lock, logger: logger)
    if store.local != nil { Self.log(try store.recoverLocal(), logger: logger, configuration: configuration) }
  }

  /// Opens a hub on PostgreSQL at `database` (shared with other hubs) when given, else on the
  /// SQLite store in the data folder, which holds temporary uploads either way; blobs go where
  /// `configuration.blobLocation` says. Removes what an interrupted run left behind (blobs in
  /// S3: when the server runs, before it listens).
  /// - Throws: ``DataFolderLockError/inUse(folder:pid:)``, ``HubSchemaError`` when the
  ///   database's schema is older or newer than this binary's (run `tensorbridge hub migrate`),
  ///   or a connection error.
  public static func open(
    configuration: HubConfiguration, database: HubPostgresURL?, logger: Logger = Logger(label: "tensorbridge.hub")
  ) async throws -> ModelHubServer {
    guard let database else { return try ModelHubServer(configuration: configuration, logger: logger) }
    let lock = try DataFolderLock(folder: configuration.dataDirectory)
    let blobStorage: (any BlobStorage)? =
      switch configuration.blobLocation {
      case .dataFolder: nil
      case .s3(let settings): settings.makeStorage()
      }
    let store = try await PostgresHubStore(
      location: database, directory: configuration.dataDirectory, blobStorage: blobStorage, logger: logger)
    let server = ModelHubServer(configuration: configuration, metadata: store, lock: lock, logger: logger)
    if store.local != nil { Self.log(try await store.recover(), logger: logger, configuration: configuration) }
    return server
  }

  private init(
    configuration: HubConfiguration, metadata: any HubMetadataStore, lock: DataFolderLock, logger: Logger
  ) {
    self.configuration = configuration
    self.logger = logger
    self.lock = lock
    self.metadata = metadata
    store = HubAdminStore(metadata)
    serving = HubServingStore(store: metadata)
  }

  private static func log(_ report: HubStore.RecoveryReport, logger: Logger, configuration: HubConfiguration) {
    logger.info(
      "store opened",
      metadata: [
        "data": "\(configuration.dataDirectory.path)", "temporaryFilesRemoved": "\(report.temporaryFilesRemoved)",
        "orphanBlobsRemoved": "\(report.orphanBlobsRemoved)",
      ])
    for damaged in report.damagedVersions {
      logger.error("stored version does not match its blob", metadata: ["version": "\(damaged)"])
    }
  }

  /// For blobs outside the data folder: checks the bucket can be used, then recovers.
  /// - Throws: ``HubBlobStorageError/bucketUnreachable(bucket:endpoint:reason:)``.
  private func openRemoteBlobs() async throws {
    guard metadata.local == nil else { return }
    if let s3 = metadata.blobs as? S3BlobStorage { try await s3.checkReachable() }
    Self.log(try await metadata.recover(), logger: logger, configuration: configuration)
  }

  /// Serves until shut down: on SIGTERM/SIGINT when `handleSignals` is true, and whenever the
  /// calling task is cancelled. `onListening` receives the bound port (useful with port 0).
  ///
  /// Cancelling the calling task triggers the same graceful shutdown as a signal rather than
  /// cancelling the server outright: cancelling SwiftNIO's server channel while it still holds
  /// accepted connections traps the process ("Deinited NIOAsyncWriter without calling finish()",
  /// apple/swift-nio#3481). Requests still running after `shutdownGracePeriod` are cancelled.
  public func run(
    handleSignals: Bool = true,
    shutdownGracePeriod: Duration = .seconds(10),
    onListening: @escaping @Sendable (Int) async -> Void = { _ in }
  ) async throws {
    try await openRemoteBlobs()
    let hub = try await makeContext()
    try await serving.load()
    let router = try Self.router(hub)
    let logger = self.logger
    let serverName = "ModelHub"
    let descriptorLimit = ConnectionCap.descriptorLimit()
    let cap = configuration.maxConnections ?? ConnectionCap.default(descriptorLimit: descriptorLimit)
    let connectionEnvironment = ConnectionEnvironment(
      timeouts: configuration.timeouts, registry: ConnectionRegistry(limit: cap), counters: connections, logger: logger)
    logger.info(
      "connection limits",
      metadata: [
        "hub.connection.cap": "\(cap)", "hub.descriptorLimit": "\(descriptorLimit)",
        "hub.timeouts": "\(Self.describe(configuration.timeouts))",
      ])
    let app = Application(
      responder: HeadRequestResponder(base: router.buildResponder()),
      server: .fileServingHTTP1(
        files: DirectFileService(
          hub: hub, serverName: serverName, counters: directFiles,
          answerVersionChecks: configuration.directVersionChecks),
        connections: connectionEnvironment),
      configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: serverName),
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? 0
        logger.info("listening", metadata: ["host": "\(channel.localAddress?.ipAddress ?? "")", "port": "\(port)"])
        await onListening(port)
      },
      logger: logger)
    let group = ServiceGroup(
      configuration: .init(
        services: [app], gracefulShutdownSignals: handleSignals ? [.sigterm, .sigint] : [], logger: logger))
    // Run the group in its own task, so that cancelling ours does not cancel the server channel.
    let serving = Task { try await group.run() }
    let gracePeriod = shutdownGracePeriod
    let stopped: Result<Void, any Error>
    do {
      try await withTaskCancellationHandler {
        try await serving.value
      } onCancel: {
        Task {
          await group.triggerGracefulShutdown()
          try? await Task.sleep(for: gracePeriod)
          serving.cancel()
        }
      }
      stopped = .success(())
    } catch {
      stopped = .failure(error)
    }
    // The pending download counts, however the server stopped, in a task of its own: a cancelled
    // calling task (how a hub in a process is stopped) would make the store refuse the write.
    await Task { await hub.flushDownloadCounts() }.value
    logger.info("stopped")
    try stopped.get()
  }

  private static func describe(_ timeouts: HubTimeouts) -> String {
    "first byte \(timeouts.firstByte), request head \(timeouts.requestHead), body \(timeouts.bodyMinimumBytes) bytes per "
      + "\(timeouts.body), keep-alive \(timeouts.keepAlive), send \(timeouts.send)"
  }

  /// What the route handlers share: this server's store, configuration and logger, the URL
  /// signer and the load checker.
  /// The download-URL key is the one in the metadata database, shared by every node (the data
  /// folder's `signing.key` is stored there by the first node to start).
  /// - Throws: When the signing key cannot be read or created.
  func makeContext() async throws -> HubContext {
    let local = try DownloadSigner.load(from: metadata.paths.signingKey)
    let shared = try await metadata.downloadURLKey(candidate: local.keyBytes, now: Date())
    return HubContext(
      configuration: configuration, store: metadata, metadata: serving,
      authenticator: HubAuthenticator(serving: serving, sessions: sessions),
      signer: DownloadSigner(key: SymmetricKey(data: shared)),
      loadChecker: configuration.loadCheck.map { LoadChecker(command: $0, scratch: metadata.paths.temporary) },
      logger: logger, downloads: downloads, sessions: sessions)
  }

  /// The router with every route of ``HubAPI`` registered, and the console's pages.
  /// - Throws: ``ModelHubOpenAPIError`` when the OpenAPI document cannot be read,
  ///   ``ConsoleError`` when the console's templates cannot be loaded.
  static func router(_ hub: HubContext) throws -> Router<BasicRequestContext> {
    let router = Router()
    router.middlewares.add(HubErrorMiddleware(logger: hub.logger))
    router.middlewares.add(LogRequestsMiddleware(.debug))
    router.middlewares.add(SignedFileMiddleware(signer: hub.signer))
    ServiceRoutes(openAPIDocument: try ModelHubOpenAPI.data()).register(on: router)
    ModelRoutes(hub: hub, download: DownloadRoutes(hub: hub)).register(on: router)
    VersionRoutes(hub: hub).register(on: router)
    SignatureRoutes(hub: hub).register(on: router)
    FileRoutes(hub: hub).register(on: router)
    KeyRoutes(hub: hub).register(on: router)
    AliasRoutes(hub: hub).register(on: router)
    DownloadCountRoutes(hub: hub).register(on: router)
    ConsoleRoutes(hub: hub, templates: try ConsoleTemplates()).register(on: router)
    return router
  }
}
