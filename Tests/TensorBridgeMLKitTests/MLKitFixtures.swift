import Foundation
import TensorBridgeMLKit
import TestSupport
import XCTest

/// Managers over a test hub, fixture paths, notification recorders and reference files.
enum MLKitFixtures {
  /// A manager over `hub` with its own store folder and notification center.
  static func manager(_ hub: TestHub, center: NotificationCenter = NotificationCenter()) throws -> ModelManager {
    ModelManager(
      configuration: ModelDownloaderConfiguration(
        hubURL: hub.url, clientKey: hub.clientKey, directory: try TestPaths.temporaryDirectory("mlkit-store"),
        maxAttempts: 2, initialBackoff: 0.01, requestTimeout: 10, notificationCenter: center))
  }

  /// A committed model's path (Tests/Fixtures/models/NAME.tflite).
  static func modelPath(_ name: String) -> String { TestPaths.fixtureModel(name).path }

  /// A file under Tests/Fixtures/vision.
  static func vision(_ relative: String) -> URL {
    TestPaths.fixtures.appendingPathComponent("vision").appendingPathComponent(relative)
  }

  /// Collects the ML Kit download notifications posted on `center`.
  final class NotificationLog: @unchecked Sendable {
    // @unchecked: `seen` is only touched under `lock`.
    private let lock = NSLock()
    private var seen: [(name: Notification.Name, remote: CustomRemoteModel?, error: MLKitError?)] = []
    private var observers: [NSObjectProtocol] = []
    private let center: NotificationCenter

    init(_ center: NotificationCenter) {
      self.center = center
      for name in [Notification.Name.firebaseMLModelDownloadDidSucceed, .firebaseMLModelDownloadDidFail] {
        observers.append(
          center.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
            let remote = note.userInfo?[ModelDownloadUserInfoKey.remoteModel] as? CustomRemoteModel
            let error = note.userInfo?[ModelDownloadUserInfoKey.error] as? MLKitError
            self?.append((note.name, remote, error))
          })
      }
    }

    private func append(_ entry: (name: Notification.Name, remote: CustomRemoteModel?, error: MLKitError?)) {
      lock.lock()
      defer { lock.unlock() }
      seen.append(entry)
    }

    var entries: [(name: Notification.Name, remote: CustomRemoteModel?, error: MLKitError?)] {
      lock.lock()
      defer { lock.unlock() }
      return seen
    }

    /// Waits up to `timeout` seconds for a notification named `name`.
    func wait(for name: Notification.Name, timeout: TimeInterval = 30) async -> (
      remote: CustomRemoteModel?, error: MLKitError?
    )? {
      let deadline = Date().addingTimeInterval(timeout)
      while Date() < deadline {
        if let entry = entries.first(where: { $0.name == name }) { return (entry.remote, entry.error) }
        try? await Task.sleep(nanoseconds: 5_000_000)
      }
      return nil
    }

    deinit { observers.forEach(center.removeObserver) }
  }
}

/// A Python LiteRT reference: Tests/Fixtures/models/NAME.reference.json.
struct ModelReference: Decodable {
  struct Case: Decodable {
    let inputs: [TensorValues]
    let outputs: [TensorValues]
  }

  struct TensorValues: Decodable {
    let index: Int
    let dtype: String
    let shape: [Int]
    let data: [Double]
  }

  let cases: [Case]

  static func load(_ name: String) throws -> ModelReference {
    let url = TestPaths.fixtures.appendingPathComponent("models/\(name).reference.json")
    return try JSONDecoder().decode(ModelReference.self, from: Data(contentsOf: url))
  }
}

/// Nested `NSNumber` arrays flattened (row-major) with their shape, to compare with references.
func flattened(_ value: Any) -> (numbers: [Double], shape: [Int])? {
  if let number = value as? NSNumber { return ([number.doubleValue], []) }
  guard let array = value as? [Any] else { return nil }
  var numbers: [Double] = []
  var inner: [Int] = []
  for element in array {
    guard let (values, shape) = flattened(element) else { return nil }
    numbers += values
    inner = shape
  }
  return (numbers, [array.count] + inner)
}
