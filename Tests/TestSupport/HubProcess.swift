import Foundation
import ModelHub

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real `tensorbridge hub serve` in a child process, for CLI tests and for tests that kill
/// the hub (SIGKILL mid-request) and start it again on the same port over the same data folder.
public final class HubProcess: @unchecked Sendable {
  /// The hub's data folder.
  public let data: URL
  /// The port it listens on (0 before ``start(port:extra:descriptorLimit:)``).
  public private(set) var port = 0
  private var process: Process?
  private let log: URL
  /// This hub's prefix in ``TestBlobs/bucket`` when `TB_HUB_BLOBS=s3` (the same across restarts).
  public let s3Prefix: String?

  /// A hub over `data` (created by the hub if missing); nothing runs until ``start(port:extra:descriptorLimit:)``.
  public init(data: URL) {
    self.data = data
    log = data.deletingLastPathComponent().appendingPathComponent("\(data.lastPathComponent)-\(UUID().uuidString).log")
    s3Prefix = TestBlobs.isS3 ? TestBlobs.newPrefix() : nil
  }

  /// The blob location this hub is started with (the data folder, or its S3 prefix).
  public func blobLocation() throws -> HubBlobLocation {
    guard let s3Prefix else { return .dataFolder }
    return try TestBlobs.location(prefix: s3Prefix)
  }

  /// Every problem ``HubAdminStore/verify()`` finds in this hub's store, opened as the hub opens
  /// it (the tests' metadata backend, the same blob storage).
  public func verify() async throws -> [String] {
    try await TestBackend.verify(data, blobLocation: try blobLocation())
  }

  /// The stored blobs (under `blobs/` or this hub's S3 prefix) and their sizes.
  public func storedBlobs() async throws -> [String: Int64] {
    let store = try await TestBackend.open(directory: data, blobLocation: try blobLocation())
    defer { store.close() }
    return try await store.storedBlobs()
  }

  /// `http://127.0.0.1:<port>`.
  public var base: String { "http://127.0.0.1:\(port)" }

  /// The child's process id (0 before `start`).
  public var pid: Int32 { process?.processIdentifier ?? 0 }

  /// `--database URL` when the tests run on PostgreSQL (``TestBackend``), else nothing.
  public func databaseArguments() throws -> [String] {
    try TestBackend.databaseURL(for: data).map { ["--database", $0] } ?? []
  }

  /// Creates an API key with the CLI on the data folder, as `hub keys create` prints it.
  public func createKey(scope: String) throws -> String {
    let result = try ProcessRun.run(
      BuiltProducts.cli, ["hub", "keys", "create", "--data", data.path, "--scope", scope] + databaseArguments())
    guard result.status == 0 else { throw TestFailure("keys create: \(result.stderr)") }
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Starts the server (on `port`, or a free one) and waits for its "listening" line; with
  /// `descriptorLimit`, under `ulimit -n` of that many descriptors (soft and hard).
  public func start(port wanted: Int = 0, extra: [String] = [], descriptorLimit: Int? = nil) throws {
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let process = Process()
    var arguments =
      ["hub", "serve", "--data", data.path, "--port", String(wanted), "--log-level", "warning"]
      + (try databaseArguments())
      + extra
    if let s3Prefix {
      let options = try TestBlobs.serveOptions(prefix: s3Prefix)
      arguments += options.arguments
      process.environment = options.environment
    }
    if let descriptorLimit {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", BuiltProducts.cli.path] + arguments
    } else {
      process.executableURL = BuiltProducts.cli
      process.arguments = arguments
    }
    process.standardOutput = try FileHandle(forWritingTo: log)
    process.standardError = FileHandle.nullDevice
    try process.run()
    self.process = process
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      if let range = text.range(of: "listening on http://127.0.0.1:"),
        let port = Int(text[range.upperBound...].prefix { $0.isNumber })
      {
        self.port = port
        return
      }
      guard process.isRunning else { break }
      usleep(20_000)
    }
    throw TestFailure("the hub did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
  }

  /// SIGKILL: no graceful shutdown, connections drop mid-body.
  public func kill9() {
    guard let process, process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// SIGTERM and wait (graceful shutdown); the exit status.
  @discardableResult
  public func stop() -> Int32 {
    guard let process else { return 0 }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    return process.terminationStatus
  }

  deinit { kill9() }
}
