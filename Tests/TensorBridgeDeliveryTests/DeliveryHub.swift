import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import ModelHub
import ModelHubAPI
import TensorBridgeDelivery
import XCTest

/// A real ModelHub on loopback (in this process) with a real SQLite file in a temporary folder.
final class DeliveryHub: Sendable {
  let directory: URL
  let port: Int
  let adminKey: String
  let clientKey: String
  private let task: Task<Void, any Error>

  var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

  private init(directory: URL, port: Int, adminKey: String, clientKey: String, task: Task<Void, any Error>) {
    self.directory = directory
    self.port = port
    self.adminKey = adminKey
    self.clientKey = clientKey
    self.task = task
  }

  static func start(_ configure: (inout HubConfiguration) -> Void = { _ in }) async throws -> DeliveryHub {
    let directory = try Fixtures.temporaryDirectory("hub")
    var configuration = HubConfiguration(dataDirectory: directory, host: "127.0.0.1", port: 0, maxUploadBytes: 8 << 20)
    configure(&configuration)
    var logger = Logger(label: "delivery-tests")
    logger.logLevel = .critical
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
    guard port > 0 else { throw Fixtures.Failure("the hub did not start") }
    return DeliveryHub(directory: directory, port: port, adminKey: admin.key, clientKey: client.key, task: task)
  }

  func stop() async {
    task.cancel()
    _ = await task.result
  }

  /// Creates `name` (if new) and uploads `data` as a new version.
  @discardableResult
  func deploy(_ name: String, _ data: Data, publish: Bool = true) async throws -> HubModelVersion {
    try await AdminAPI(base: url, key: adminKey).deploy(name, data, publish: publish)
  }
}

/// The hub's admin API over real HTTP.
struct AdminAPI: Sendable {
  let base: URL
  let key: String

  func deploy(_ name: String, _ data: Data, publish: Bool = true) async throws -> HubModelVersion {
    let create = try await send("POST", "/v1/models", body: try HubJSON.encoder().encode(HubCreateModelRequest(name: name)),
                                contentType: "application/json")
    guard create.0 == 201 || create.0 == 409 else { throw Fixtures.Failure("create \(name): \(create.0) \(String(decoding: create.1, as: UTF8.self))") }
    let upload = try await send("POST", "/v1/models/\(name)/versions\(publish ? "?publish=true" : "")", body: data,
                                contentType: "application/octet-stream")
    guard upload.0 == 201 else { throw Fixtures.Failure("upload \(name): \(upload.0) \(String(decoding: upload.1.prefix(300), as: UTF8.self))") }
    return try HubJSON.decoder().decode(HubModelVersion.self, from: upload.1)
  }

  func setRollout(_ name: String, _ rollout: HubRollout) async throws {
    let answer = try await send("PUT", "/v1/models/\(name)/rollout", body: try HubJSON.encoder().encode(rollout),
                                contentType: "application/json")
    guard answer.0 == 200 else { throw Fixtures.Failure("rollout \(name): \(answer.0) \(String(decoding: answer.1, as: UTF8.self))") }
  }

  func send(_ method: String, _ path: String, body: Data? = nil, contentType: String? = nil) async throws -> (Int, Data) {
    guard let url = URL(string: base.absoluteString + path) else { throw Fixtures.Failure("bad path \(path)") }
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.timeoutInterval = 300
    request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization")
    if let body {
      request.httpBody = body
      request.setValue(contentType, forHTTPHeaderField: "Content-Type")
    }
    let (data, response) = try await URLSession.shared.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
  }
}
