import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// When a download may happen, as Firebase's `ModelDownloadConditions`.
///
/// What each condition maps to:
/// - ``allowsCellularAccess`` sets `URLSessionConfiguration.allowsCellularAccess` of the session
///   that fetches the model. On Apple platforms a download then fails with a network error when
///   only cellular is available. On Linux (FoundationNetworking, libcurl) the property is kept on
///   the configuration but nothing reads it: Linux has no notion of a cellular interface, so
///   downloads always use whatever route the system has.
/// - ``allowsBackgroundDownloading`` sets `URLSessionConfiguration.shouldUseExtendedBackgroundIdleMode`
///   on Apple platforms (connections are kept open when the app moves to the background). It does
///   not create a background `URLSession` (those only run download tasks in another process,
///   while this client streams through a delegate to hash and resume). On Linux there are no
///   background sessions and no app suspension: the flag maps to nothing and a download simply
///   continues while the process runs.
public struct ModelDownloadConditions: Sendable, Equatable, Codable {
  /// Whether the download may use a cellular connection (default true).
  public var allowsCellularAccess: Bool
  /// Whether the download may continue while the app is in the background (default false).
  public var allowsBackgroundDownloading: Bool

  /// Creates conditions.
  public init(allowsCellularAccess: Bool = true, allowsBackgroundDownloading: Bool = false) {
    self.allowsCellularAccess = allowsCellularAccess
    self.allowsBackgroundDownloading = allowsBackgroundDownloading
  }

  /// The session configuration a download under these conditions uses: ephemeral (no cookies,
  /// no shared cache; the store is the cache), with the conditions applied as documented above.
  public func sessionConfiguration(timeout: TimeInterval) -> URLSessionConfiguration {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.timeoutIntervalForRequest = timeout
    configuration.allowsCellularAccess = allowsCellularAccess
    #if canImport(Darwin)
      configuration.shouldUseExtendedBackgroundIdleMode = allowsBackgroundDownloading
    #endif
    return configuration
  }
}
