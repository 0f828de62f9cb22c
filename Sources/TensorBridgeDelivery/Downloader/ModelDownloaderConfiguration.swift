import Foundation

/// Where the hub is, who is asking, where models are kept and how hard to try.
public struct ModelDownloaderConfiguration: Sendable {
  /// The hub's base URL, such as `https://models.example.com`.
  public var hubURL: URL
  /// A client-scope API key, sent as `Authorization: Bearer …`.
  public var clientKey: String
  /// The store's folder. Default: `Application Support/TensorBridgeModels` on Apple platforms,
  /// `$XDG_DATA_HOME/tensorbridge/models` (or `~/.local/share/tensorbridge/models`) on Linux.
  public var directory: URL
  /// This app installation's stable id for rollouts; nil reads (or creates and saves) one in
  /// the store folder.
  public var installationID: String?
  /// Sent as `X-Platform` (default: `linux`, `macos`, `ios`…).
  public var platform: String
  /// Sent as `X-App-Version`, for rollout rules on app versions.
  public var appVersion: String?
  /// Attempts per request for connection failures, 5xx answers and answers that end early
  /// (at least 1).
  public var maxAttempts: Int
  /// The most time, in seconds, spent retrying one request: no retry starts (backoff included)
  /// past this, whatever ``maxAttempts`` allows.
  public var maxRetryDuration: TimeInterval
  /// The wait before the first retry; each further retry waits `backoffMultiplier` times longer.
  public var initialBackoff: TimeInterval
  /// How much longer each further retry waits.
  public var backoffMultiplier: Double
  /// Seconds without data before a request fails.
  public var requestTimeout: TimeInterval
  /// Where download notifications are posted.
  public var notificationCenter: NotificationCenter
  /// The keys that must sign downloaded versions and the policy (default: off, no keys). With
  /// keys, every version is checked against its hub signature before it is installed.
  public var signatureVerification: ModelSignatureVerification
  /// Keeps models AES-GCM encrypted in the store under the app's key (default nil: plain
  /// files). Use one store folder per setting: files of the other kind are not read.
  public var encryption: ModelStoreEncryption?

  /// Creates a configuration.
  public init(
    hubURL: URL, clientKey: String, directory: URL? = nil, installationID: String? = nil,
    platform: String = ModelDownloaderConfiguration.currentPlatform, appVersion: String? = nil,
    maxAttempts: Int = 4, initialBackoff: TimeInterval = 0.5, backoffMultiplier: Double = 2,
    requestTimeout: TimeInterval = 60, notificationCenter: NotificationCenter = .default,
    maxRetryDuration: TimeInterval = 120, signatureVerification: ModelSignatureVerification = .off,
    encryption: ModelStoreEncryption? = nil
  ) {
    self.hubURL = hubURL
    self.clientKey = clientKey
    self.directory = directory ?? Self.defaultDirectory
    self.installationID = installationID
    self.platform = platform
    self.appVersion = appVersion
    self.maxAttempts = max(1, maxAttempts)
    self.initialBackoff = max(0, initialBackoff)
    self.backoffMultiplier = max(1, backoffMultiplier)
    self.maxRetryDuration = max(0, maxRetryDuration)
    self.requestTimeout = requestTimeout
    self.notificationCenter = notificationCenter
    self.signatureVerification = signatureVerification
    self.encryption = encryption
  }

  /// The name of the platform this code runs on, as the hub's rollout rules spell it.
  public static var currentPlatform: String {
    #if os(iOS)
      "ios"
    #elseif os(macOS)
      "macos"
    #elseif os(Linux)
      "linux"
    #else
      "other"
    #endif
  }

  /// The default store folder.
  public static var defaultDirectory: URL {
    #if canImport(Darwin)
      let base =
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
        ?? FileManager.default.temporaryDirectory
      return base.appendingPathComponent("TensorBridgeModels", isDirectory: true)
    #else
      let environment = ProcessInfo.processInfo.environment
      if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
        return URL(fileURLWithPath: xdg).appendingPathComponent("tensorbridge/models", isDirectory: true)
      }
      return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(
        ".local/share/tensorbridge/models", isDirectory: true)
    #endif
  }

  /// Whether a retry may start after `attempts` failed attempts that began at `started`.
  func mayRetry(after attempts: Int, startedAt started: Date, now: Date = Date()) -> Bool {
    attempts < maxAttempts && now.timeIntervalSince(started) + backoff(beforeRetry: attempts) <= maxRetryDuration
  }

  /// The wait before retry number `retry` (1 for the first retry).
  func backoff(beforeRetry retry: Int) -> TimeInterval {
    initialBackoff * pow(backoffMultiplier, Double(max(0, retry - 1)))
  }
}
