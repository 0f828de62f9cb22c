import Foundation
import TensorBridgeDelivery

/// Where `ModelManager.modelManager()` gets its hub from: what ML Kit read from the Firebase
/// app's configuration file. Set once at launch with
/// ``ModelManager/configure(hubURL:clientKey:directory:notificationCenter:)``, or from the
/// environment the CLI uses (`TENSORBRIDGE_HUB_URL`, `TENSORBRIDGE_CLIENT_KEY`, and
/// `TENSORBRIDGE_MODELS_DIR` for the store folder).
enum ModelManagerSettings {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var shared: ModelManager?

  /// The configured manager, else one made from the environment (kept), else an unconfigured
  /// manager whose operations fail with ``MLKitError/notConfigured(missing:)``.
  static func current() -> ModelManager {
    lock.lock()
    defer { lock.unlock() }
    if let shared { return shared }
    let manager = fromEnvironment(ProcessInfo.processInfo.environment)
    if case .configured = manager.state { shared = manager }
    return manager
  }

  static func replace(with manager: ModelManager) {
    lock.lock()
    defer { lock.unlock() }
    shared = manager
  }

  static func fromEnvironment(_ environment: [String: String]) -> ModelManager {
    guard let text = environment["TENSORBRIDGE_HUB_URL"], !text.isEmpty, let url = URL(string: text) else {
      return ModelManager(state: .unconfigured(missing: "TENSORBRIDGE_HUB_URL"), notificationCenter: .default)
    }
    guard let key = environment["TENSORBRIDGE_CLIENT_KEY"], !key.isEmpty else {
      return ModelManager(state: .unconfigured(missing: "TENSORBRIDGE_CLIENT_KEY"), notificationCenter: .default)
    }
    let directory = environment["TENSORBRIDGE_MODELS_DIR"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
    return ModelManager(configuration: ModelDownloaderConfiguration(hubURL: url, clientKey: key, directory: directory))
  }
}
