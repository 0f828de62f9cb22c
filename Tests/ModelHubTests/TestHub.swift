import Foundation
import Logging
import ModelHub
import ModelHubAPI
import XCTest

/// A real hub on an ephemeral loopback port with a real SQLite file in a temporary folder.
final class TestHub: Sendable {
  let directory: URL
  let port: Int
  let adminKey: String
  let clientKey: String
  let http: HTTPClient
  let store: HubStore
  /// Downloads answered by the sendfile path.
  let directFiles: DirectFileCounters
  /// Connections accepted, refused and cut.
  let connections: ConnectionCounters
  private let task: Task<Void, any Error>

  private init(directory: URL, port: Int, adminKey: String, clientKey: String, store: HubStore,
               directFiles: DirectFileCounters, connections: ConnectionCounters, task: Task<Void, any Error>) {
    self.directory = directory
    self.connections = connections
    self.directFiles = directFiles
    self.port = port
    self.adminKey = adminKey
    self.clientKey = clientKey
    self.store = store
    self.task = task
    http = HTTPClient(base: "http://127.0.0.1:\(port)")
  }

  /// Starts a hub. `configure` may change the configuration (limits, load check, URL lifetime).
  static func start(directory: URL? = nil, _ configure: (inout HubConfiguration) -> Void = { _ in }) async throws -> TestHub {
    let directory = try directory ?? HubFixtures.temporaryDirectory()
    var configuration = HubConfiguration(dataDirectory: directory, host: "127.0.0.1", port: 0, maxUploadBytes: 1 << 20)
    configure(&configuration)
    var logger = Logger(label: "modelhub-tests")
    logger.logLevel = .critical  // cancelling the server task at the end of a test logs errors
    let server = try ModelHubServer(configuration: configuration, logger: logger)
    let admin = try server.store.createKey(scope: .admin)
    let client = try server.store.createKey(scope: .client)
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
    guard port > 0 else { throw HubErrorBody(code: "TEST", message: "the hub did not start") }
    return TestHub(directory: directory, port: port, adminKey: admin.key, clientKey: client.key, store: server.store,
                   directFiles: server.directFiles, connections: server.connections, task: task)
  }

  /// Stops the server and waits for it.
  func stop() async {
    task.cancel()
    _ = await task.result
    try? FileManager.default.removeItem(at: directory)
  }

  // MARK: Shortcuts

  @discardableResult
  func createModel(_ name: String, tags: [String] = []) async throws -> HubModel {
    let answer = try await http.json("POST", "/v1/models", key: adminKey, HubCreateModelRequest(name: name, tags: tags))
    XCTAssertEqual(answer.status, 201, String(decoding: answer.body, as: UTF8.self))
    return try answer.decode(HubModel.self)
  }

  @discardableResult
  func upload(_ name: String, _ data: Data, publish: Bool = false) async throws -> HubModelVersion {
    let answer = try await http.send("POST", "/v1/models/\(name)/versions\(publish ? "?publish=true" : "")", key: adminKey, body: data)
    XCTAssertEqual(answer.status, 201, String(decoding: answer.body, as: UTF8.self))
    return try answer.decode(HubModelVersion.self)
  }

  func download(_ name: String, installation: String? = nil, headers: [String: String] = [:]) async throws -> HTTPAnswer {
    var headers = headers
    if let installation { headers[HubHeaders.installationID] = installation }
    return try await http.send("GET", "/v1/models/\(name):download", key: clientKey, headers: headers)
  }

  /// Files under `blobs/` and `tmp/`.
  func storedFiles() -> (blobs: Int, temporary: Int) {
    let fm = FileManager.default
    let blobs = fm.enumerator(atPath: directory.appendingPathComponent("blobs").path)?
      .compactMap { $0 as? String }.filter { $0.count > 3 }.count ?? 0
    let temporary = (try? fm.contentsOfDirectory(atPath: directory.appendingPathComponent("tmp").path).count) ?? 0
    return (blobs, temporary)
  }
}
