import Foundation
import Logging
import ModelHub
import ModelHubAPI
import XCTest

/// A real hub in this process, on an ephemeral loopback port, with a real SQLite file in a
/// temporary folder — or, with `TB_HUB_DATABASE=postgres` (``TestBackend``), a real PostgreSQL
/// database of its own — and an admin and a client key; blobs in the data folder, or with
/// `TB_HUB_BLOBS=s3` in moto (``TestBlobs``).
public final class TestHub: Sendable {
  /// The data folder (removed by ``stop()``).
  public let directory: URL
  /// The bound port.
  public let port: Int
  /// An admin key's secret.
  public let adminKey: String
  /// A client key's secret.
  public let clientKey: String
  /// A client for this hub.
  public let http: HTTPClient
  /// The hub's store.
  public let store: HubAdminStore
  /// The `--database` URL of its PostgreSQL database (nil on SQLite).
  public let database: String?
  /// Downloads answered by the sendfile path.
  public let directFiles: DirectFileCounters
  /// Connections accepted, refused and cut.
  public let connections: ConnectionCounters
  private let task: Task<Void, any Error>

  /// `http://127.0.0.1:<port>`.
  public let url: URL

  private init(
    directory: URL, url: URL, port: Int, adminKey: String, clientKey: String, server: ModelHubServer,
    database: String?, task: Task<Void, any Error>
  ) {
    self.database = database
    self.directory = directory
    self.url = url
    self.port = port
    self.adminKey = adminKey
    self.clientKey = clientKey
    store = server.store
    directFiles = server.directFiles
    connections = server.connections
    self.task = task
    http = HTTPClient(base: "http://127.0.0.1:\(port)")
  }

  /// Starts a hub taking uploads up to `maxUploadBytes`; `configure` may change the rest of the
  /// configuration (limits, load check, URL lifetime). `database` (a `postgres://` URL) puts its
  /// metadata there whatever the tests' backend — several hubs can share one.
  public static func start(
    directory: URL? = nil, database: String? = nil, maxUploadBytes: Int64 = 1 << 20,
    _ configure: (inout HubConfiguration) -> Void = { _ in }
  ) async throws -> TestHub {
    let directory = try directory ?? TestPaths.temporaryDirectory("modelhub-tests")
    var configuration = HubConfiguration(
      dataDirectory: directory, host: "127.0.0.1", port: 0, maxUploadBytes: maxUploadBytes)
    if TestBlobs.isS3 { configuration.blobLocation = try TestBlobs.location(prefix: TestBlobs.newPrefix()) }
    configure(&configuration)
    var logger = Logger(label: "modelhub-tests")
    logger.logLevel = .critical  // cancelling the server task at the end of a test logs errors
    let database = try database ?? TestBackend.databaseURL(for: directory)
    let server = try await ModelHubServer.open(
      configuration: configuration, database: try database.map { try HubPostgresURL($0) }, logger: logger)
    let admin = try await server.store.createKey(scope: .admin)
    let client = try await server.store.createKey(scope: .client)
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let task = Task {
      defer { continuation.finish() }
      try await server.run(handleSignals: false) { port in continuation.yield(port) }
    }
    var port = 0
    for await bound in ports {
      port = bound
      break
    }
    guard port > 0, let url = URL(string: "http://127.0.0.1:\(port)") else {
      throw TestFailure("the hub did not start")
    }
    return TestHub(
      directory: directory, url: url, port: port, adminKey: admin.key, clientKey: client.key, server: server,
      database: database, task: task)
  }

  /// Stops the server, waits for it and removes its data folder.
  public func stop() async {
    task.cancel()
    _ = await task.result
    store.close()
    try? FileManager.default.removeItem(at: directory)
  }

  // MARK: Shortcuts

  /// Creates a model; a status other than 201 fails the test.
  @discardableResult
  public func createModel(_ name: String, tags: [String] = [], file: StaticString = #filePath, line: UInt = #line)
    async throws -> HubModel
  {
    let answer = try await http.json(
      "POST", HubAPI.createModel.path([:]), key: adminKey, HubCreateModelRequest(name: name, tags: tags))
    XCTAssertEqual(answer.status, 201, answer.text, file: file, line: line)
    return try answer.decode(HubModel.self, file: file, line: line)
  }

  /// Uploads a version of an existing model; a status other than 201 fails the test.
  @discardableResult
  public func upload(
    _ name: String, _ data: Data, publish: Bool = false, file: StaticString = #filePath,
    line: UInt = #line
  ) async throws -> HubModelVersion {
    let path = HubAPI.uploadVersion.path(["name": name]) + (publish ? "?publish=true" : "")
    let answer = try await http.send("POST", path, key: adminKey, body: data)
    XCTAssertEqual(answer.status, 201, answer.text, file: file, line: line)
    return try answer.decode(HubModelVersion.self, file: file, line: line)
  }

  /// Creates `name` if new and uploads `data` as its next version, published by default.
  @discardableResult
  public func deploy(_ name: String, _ data: Data, publish: Bool = true) async throws -> HubModelVersion {
    try await http.deploy(name, data, key: adminKey, publish: publish)
  }

  /// Sets a model's rollout.
  public func setRollout(_ name: String, _ rollout: HubRollout) async throws {
    try await http.setRollout(name, rollout, key: adminKey)
  }

  /// Asks `:download` with the client key, as an installation would.
  public func download(_ name: String, installation: String? = nil, headers: [String: String] = [:]) async throws
    -> HTTPAnswer
  {
    var headers = headers
    if let installation { headers[HubHeaders.installationID] = installation }
    return try await http.send("GET", HubAPI.downloadModel.path(["name": name]), key: clientKey, headers: headers)
  }

  /// Stored blobs (under `blobs/`, or under the hub's S3 prefix) and files in `tmp/`.
  /// With `TB_HUB_BLOBS=s3`, a file under the data folder's `blobs/` is a failure: the S3 mode
  /// must not fall back to the folder.
  public func storedFiles() async throws -> (blobs: Int, temporary: Int) {
    let blobs = try await store.storedBlobs().count
    let local =
      FileManager.default.enumerator(atPath: directory.appendingPathComponent("blobs").path)?
      .compactMap { $0 as? String }.filter { $0.count > 3 }.count ?? 0
    if TestBlobs.isS3, local > 0 { throw TestFailure("TB_HUB_BLOBS=s3, yet \(local) blobs in the data folder") }
    return (blobs, temporaryFiles())
  }

  /// Files in `tmp/` (uploads in progress or left behind).
  public func temporaryFiles() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("tmp").path).count) ?? 0
  }
}
