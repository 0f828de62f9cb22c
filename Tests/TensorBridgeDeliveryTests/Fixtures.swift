import Foundation
import TensorBridgeDelivery
import XCTest

/// Fixture models, temporary folders, the built CLI and small helpers.
enum Fixtures {
  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// A committed fixture model's bytes.
  static func model(_ name: String) throws -> Data {
    try Data(contentsOf: root.appendingPathComponent("models/\(name).tflite"))
  }

  /// A valid model followed by `padding` bytes (the flatbuffer ignores trailing bytes), filled
  /// with a pattern so that every position differs from its neighbours.
  static func padded(_ name: String, _ padding: Int, seed: UInt8 = 1) throws -> Data {
    var data = try model(name)
    var tail = [UInt8](repeating: 0, count: padding)
    var x = UInt32(seed) &* 2_654_435_761
    for i in 0..<padding {
      x = x &* 1_664_525 &+ 1_013_904_223
      tail[i] = UInt8(truncatingIfNeeded: x >> 24)
    }
    data.append(contentsOf: tail)
    return data
  }

  static func temporaryDirectory(_ label: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("delivery-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A downloader with tiny backoffs for tests.
  static func downloader(_ hub: URL, key: String, directory: URL, attempts: Int = 3,
                         center: NotificationCenter = NotificationCenter()) -> ModelDownloader {
    ModelDownloader(configuration: ModelDownloaderConfiguration(
      hubURL: hub, clientKey: key, directory: directory, maxAttempts: attempts, initialBackoff: 0.01,
      backoffMultiplier: 2, requestTimeout: 10, notificationCenter: center))
  }

  /// The lowercase hex SHA-256 computed by `sha256sum`.
  static func sha256sum(_ data: Data) throws -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
    try data.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try run(URL(fileURLWithPath: "/usr/bin/sha256sum"), [file.path])
    return String(result.stdout.prefix(64))
  }

  /// The `tensorbridge` executable built next to the test bundle.
  static var cli: URL { executable("tensorbridge") }

  /// An executable product of this package built next to the test bundle.
  static func executable(_ name: String) -> URL {
    let bundle = Bundle(for: Marker.self).bundleURL
    let candidates = [bundle.appendingPathComponent(name),
                      bundle.deletingLastPathComponent().appendingPathComponent(name)]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
  }
  private final class Marker {}

  struct RunResult {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  /// Runs a program to completion, capturing its output through files.
  static func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> RunResult {
    let folder = try temporaryDirectory("run")
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out"), err = folder.appendingPathComponent("err")
    FileManager.default.createFile(atPath: out.path, contents: nil)
    FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    process.waitUntilExit()
    return RunResult(status: process.terminationStatus,
                     stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                     stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
  }

  /// Runs the CLI without blocking the concurrency pool.
  static func cliAsync(_ arguments: [String], environment: [String: String] = [:]) async throws -> RunResult {
    try await runAsync(cli, arguments, environment: environment)
  }

  /// Runs `executable` on a separate thread, so the in-process hub keeps serving meanwhile.
  static func runAsync(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) async throws -> RunResult {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        do { continuation.resume(returning: try run(executable, arguments, environment: environment)) } catch {
          continuation.resume(throwing: error)
        }
      }
    }
  }

  /// Collects events from `stream` in the background.
  final class EventLog: Sendable {
    private let storage = Mutexed<[ModelDownloadEvent]>([])
    private let task: Task<Void, Never>

    init(_ stream: AsyncStream<ModelDownloadEvent>) {
      let storage = storage
      task = Task { for await event in stream { storage.withLock { $0.append(event) } } }
    }

    var events: [ModelDownloadEvent] { storage.withLock { $0 } }

    /// Waits up to `timeout` seconds for an event matching `predicate`.
    func wait(timeout: TimeInterval = 30, _ predicate: (ModelDownloadEvent) -> Bool) async -> Bool {
      let deadline = Date().addingTimeInterval(timeout)
      while Date() < deadline {
        if events.contains(where: predicate) { return true }
        try? await Task.sleep(nanoseconds: 10_000_000)
      }
      return false
    }

    /// Fails the test unless an event matching `predicate` arrives within `timeout` seconds.
    func expect(timeout: TimeInterval = 30, file: StaticString = #filePath, line: UInt = #line,
                _ predicate: (ModelDownloadEvent) -> Bool) async {
      let seen = await wait(timeout: timeout, predicate)
      XCTAssertTrue(seen, "no matching event among \(events.suffix(5))", file: file, line: line)
    }

    deinit { task.cancel() }
  }
}

/// A lock-protected value for test bookkeeping.
final class Mutexed<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
