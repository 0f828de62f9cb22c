import Foundation
import ModelHub
import ModelHubAPI
import S3Client
import TestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Three real `tensorbridge hub serve` processes, each with its own data folder, on one
/// PostgreSQL database (``PostgresServer``) and one blob store, behind nginx (``NginxBalancer``,
/// round robin). The blob store is an S3 bucket on a moto server when this binary's `hub serve`
/// has `--blobs`, else one folder every node's `blobs/` links to (a shared file system, as an
/// NFS mount would be). Download URLs are signed with the data folder's `signing.key`, so node
/// 1's is copied into the others' folders before they start (the documented workaround until
/// that key moves into the database).
final class ThreeNodeCluster: @unchecked Sendable {
  /// Where the nodes keep their blobs.
  enum Blobs {
    /// One folder, linked as `blobs/` from every data folder.
    case sharedFolder(URL)
    /// `--blobs s3://…` and the rest of the S3 options, the same on every node.
    case s3(arguments: [String])
  }

  /// The cluster's scratch folder (data folders, shared blobs).
  let folder: URL
  /// `--database` of every node.
  let databaseURL: String
  /// The nodes, in start order.
  let nodes: [HubProcess]
  /// nginx in front of the three.
  let balancer: NginxBalancer
  /// The blob store the nodes share.
  let blobs: Blobs
  /// The metadata store opened outside the nodes (over its own data folder, sharing the blobs):
  /// keys are created and `verify()` run through it.
  let admin: HubAdminStore
  /// An admin key every node accepts.
  let adminKey: String
  private let moto: MotoS3Server?

  /// A client for each node, then one for nginx.
  let clients: [HTTPClient]

  /// The options every node is started with.
  var serveArguments: [String] { Self.serveArguments(databaseURL: databaseURL, blobs: blobs) }

  private static func serveArguments(databaseURL: String, blobs: Blobs) -> [String] {
    var arguments = ["--database", databaseURL, "--no-load-check"]
    if case .s3(let s3) = blobs { arguments += s3 }
    return arguments
  }

  private init(
    folder: URL, databaseURL: String, nodes: [HubProcess], balancer: NginxBalancer, blobs: Blobs,
    admin: HubAdminStore, adminKey: String, moto: MotoS3Server?
  ) {
    self.folder = folder
    self.databaseURL = databaseURL
    self.nodes = nodes
    self.balancer = balancer
    self.blobs = blobs
    self.admin = admin
    self.adminKey = adminKey
    self.moto = moto
    clients = nodes.map { HTTPClient(base: $0.base) } + [HTTPClient(base: balancer.base)]
  }

  /// Starts the database, the blob store, the three nodes and nginx; stopped when `testCase` ends.
  static func start(for testCase: XCTestCase, label: String) async throws -> ThreeNodeCluster {
    let folder = try TestPaths.temporaryDirectory("tb-three-nodes")
    let postgres = try PostgresServer.shared()
    let name = "three_\(label)_\(UInt32.random(in: 0...UInt32.max))"
    try postgres.createDatabase(name)
    let databaseURL = postgres.url(database: name)
    let (blobs, moto) = try await makeBlobs(in: folder)
    let dataFolders = try (1...4).map { index in
      let data = folder.appendingPathComponent(index == 4 ? "admin" : "node\(index)")
      try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
      if case .sharedFolder(let shared) = blobs {
        try FileManager.default.createSymbolicLink(at: data.appendingPathComponent("blobs"), withDestinationURL: shared)
      }
      return data
    }
    let nodes = dataFolders.prefix(3).map { HubProcess(data: $0) }
    let arguments = serveArguments(databaseURL: databaseURL, blobs: blobs)
    try nodes[0].start(extra: arguments)
    let signingKey = "signing.key"
    for node in nodes.dropFirst() {
      try FileManager.default.copyItem(
        at: nodes[0].data.appendingPathComponent(signingKey), to: node.data.appendingPathComponent(signingKey))
      try node.start(extra: arguments)
    }
    let balancer = try NginxBalancer(upstreamPorts: nodes.map(\.port))
    let admin = try await HubAdminStore.open(database: try HubPostgresURL(databaseURL), directory: dataFolders[3])
    let key = try await admin.createKey(scope: .admin)
    let cluster = ThreeNodeCluster(
      folder: folder, databaseURL: databaseURL, nodes: Array(nodes), balancer: balancer, blobs: blobs,
      admin: admin, adminKey: key.key, moto: moto)
    testCase.addTeardownBlock { cluster.stop() }
    for client in cluster.clients {
      let accepted = try await Self.within(seconds: 5) { try await client.status(key: key.key) == 200 }
      guard accepted != nil else { throw TestFailure("\(client.base) does not accept the admin key within 5 s") }
    }
    return cluster
  }

  /// Stops nginx, the nodes and moto, closes the admin store and removes the folder.
  func stop() {
    balancer.stop()
    for node in nodes { node.stop() }
    admin.close()
    moto?.stop()
    try? FileManager.default.removeItem(at: folder)
  }

  /// The seconds until `condition` first holds (polled every 10 ms), or nil after `seconds`.
  static func within(seconds: TimeInterval, _ condition: () async throws -> Bool) async throws -> TimeInterval? {
    let start = Date()
    while Date().timeIntervalSince(start) < seconds {
      if try await condition() { return Date().timeIntervalSince(start) }
      try await Task.sleep(for: .milliseconds(10))
    }
    return nil
  }

  /// S3 on a fresh moto server when `hub serve` takes `--blobs` (the credentials go to the
  /// nodes through this process's environment), else a shared folder.
  private static func makeBlobs(in folder: URL) async throws -> (Blobs, MotoS3Server?) {
    let help = try ProcessRun.run(BuiltProducts.cli, ["hub", "serve", "--help"])
    guard help.stdout.contains("--blobs") else {
      let shared = folder.appendingPathComponent("shared-blobs")
      try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
      return (.sharedFolder(shared), nil)
    }
    let moto = try MotoS3Server()
    let bucket = "tb-three-nodes"
    let client = S3Client(
      endpoint: S3Endpoint(url: moto.endpoint), region: moto.region,
      credentials: S3Credentials(accessKeyID: moto.accessKeyID, secretAccessKey: moto.secretAccessKey))
    try await client.createBucket(bucket)
    setenv("AWS_ACCESS_KEY_ID", moto.accessKeyID, 1)
    setenv("AWS_SECRET_ACCESS_KEY", moto.secretAccessKey, 1)
    unsetenv("AWS_SESSION_TOKEN")
    let arguments = [
      "--blobs", "s3://\(bucket)/three-nodes", "--s3-endpoint", moto.endpoint.absoluteString, "--s3-region",
      moto.region, "--s3-downloads", "stream",
    ]
    return (.s3(arguments: arguments), moto)
  }
}

extension HTTPClient {
  /// The status of `GET /v1/models` with `key`.
  func status(key: String) async throws -> Int {
    try await send("GET", HubAPI.listModels.path([:]), key: key).status
  }

  /// The versions of model `name`.
  func versions(_ name: String, key: String) async throws -> [HubModelVersion] {
    let answer = try await send("GET", HubAPI.listVersions.path(["name": name]), key: key)
    guard answer.status == 200 else {
      throw TestFailure("versions of \(name) at \(base): \(answer.status) \(answer.text)")
    }
    return try answer.decode(HubVersionList.self).versions
  }

  /// The bytes of the newest published version of `name` as `:download` hands them out: the
  /// signed URL it issues, fetched from this same client.
  func downloadBytes(_ name: String, key: String) async throws -> Data {
    let answer = try await send("GET", HubAPI.downloadModel.path(["name": name]), key: key)
    guard answer.status == 200 else {
      throw TestFailure("download \(name) at \(base): \(answer.status) \(answer.text)")
    }
    let info = try answer.decode(HubDownloadInfo.self)
    let file = try await send("GET", try Self.pathAndQuery(info.downloadUri))
    guard file.status == 200 else { throw TestFailure("file of \(name) at \(base): \(file.status) \(file.text)") }
    return file.body
  }

  /// `/v1/files/…?…` of a full download URL, to send to another node.
  static func pathAndQuery(_ url: String) throws -> String {
    guard let components = URLComponents(string: url), let query = components.percentEncodedQuery else {
      throw TestFailure("not a download URL: \(url)")
    }
    return components.percentEncodedPath + "?" + query
  }
}
