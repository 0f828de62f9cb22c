import Foundation
import TensorBridgeDelivery
import TestSupport
import XCTest

/// Fixture models, temporary folders, downloaders and event logs.
enum Fixtures {
  /// A committed fixture model's bytes.
  static func model(_ name: String) throws -> Data {
    try Data(contentsOf: TestPaths.fixtureModel(name))
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
    try TestPaths.temporaryDirectory("delivery-\(label)")
  }

  /// A downloader with tiny backoffs for tests.
  static func downloader(
    _ hub: URL, key: String, directory: URL, attempts: Int = 3,
    center: NotificationCenter = NotificationCenter()
  ) -> ModelDownloader {
    ModelDownloader(
      configuration: ModelDownloaderConfiguration(
        hubURL: hub, clientKey: key, directory: directory, maxAttempts: attempts, initialBackoff: 0.01,
        backoffMultiplier: 2, requestTimeout: 10, notificationCenter: center))
  }

  /// The lowercase hex SHA-256 computed by `sha256sum`.
  static func sha256sum(_ data: Data) throws -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
    try data.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/sha256sum"), [file.path])
    return String(result.stdout.prefix(64))
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
    func expect(
      timeout: TimeInterval = 30, file: StaticString = #filePath, line: UInt = #line,
      _ predicate: (ModelDownloadEvent) -> Bool
    ) async {
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
