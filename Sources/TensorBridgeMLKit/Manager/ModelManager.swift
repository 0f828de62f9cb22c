import Foundation
import TensorBridgeDelivery

/// ML Kit's `ModelManager` over a TensorBridge ``ModelDownloader``: downloads hosted models,
/// reports progress through a Foundation `Progress`, posts
/// ``Foundation/Notification/Name/firebaseMLModelDownloadDidSucceed`` /
/// ``Foundation/Notification/Name/firebaseMLModelDownloadDidFail``, and answers which file to
/// load.
///
/// ```swift
/// ModelManager.configure(hubURL: URL(string: "https://models.example.com")!, clientKey: key)
/// let remoteModel = CustomRemoteModel(name: "flowers")
/// let progress = ModelManager.modelManager().download(remoteModel, conditions: ModelDownloadConditions())
/// ```
public final class ModelManager: Sendable {
  enum State: Sendable {
    case configured(ModelDownloader)
    case unconfigured(missing: String)
  }

  let state: State
  /// Where the download notifications are posted.
  public let notificationCenter: NotificationCenter

  init(state: State, notificationCenter: NotificationCenter) {
    self.state = state
    self.notificationCenter = notificationCenter
  }

  /// A manager over its own downloader made from `configuration` (notifications go to the
  /// configuration's center). Most apps use ``modelManager()`` instead.
  public convenience init(configuration: ModelDownloaderConfiguration) {
    self.init(
      state: .configured(ModelDownloader(configuration: configuration)),
      notificationCenter: configuration.notificationCenter)
  }

  /// The shared manager, as ML Kit's `ModelManager.modelManager()`: the one set by
  /// ``configure(hubURL:clientKey:directory:notificationCenter:)``, else one made from
  /// `TENSORBRIDGE_HUB_URL`, `TENSORBRIDGE_CLIENT_KEY` (and `TENSORBRIDGE_MODELS_DIR`). Without
  /// either, its operations fail with ``MLKitError/notConfigured(missing:)``.
  public static func modelManager() -> ModelManager { ModelManagerSettings.current() }

  /// Sets the hub the shared manager downloads from: what ML Kit took from the Firebase app's
  /// configuration. Call once at launch, before ``modelManager()``.
  /// - Parameters:
  ///   - hubURL: the ModelHub's base URL.
  ///   - clientKey: a client-scope key of that hub.
  ///   - directory: the on-device store (default: the platform's, see ``ModelDownloaderConfiguration/defaultDirectory``).
  ///   - notificationCenter: where download notifications are posted (default `.default`).
  public static func configure(
    hubURL: URL, clientKey: String, directory: URL? = nil,
    notificationCenter: NotificationCenter = .default
  ) {
    configure(
      ModelDownloaderConfiguration(
        hubURL: hubURL, clientKey: clientKey, directory: directory,
        notificationCenter: notificationCenter))
  }

  /// Sets the shared manager from a full downloader configuration (retries, timeouts, platform).
  public static func configure(_ configuration: ModelDownloaderConfiguration) {
    ModelManagerSettings.replace(with: ModelManager(configuration: configuration))
  }

  /// The downloader underneath, for TensorBridge's own API (events, `getModel`).
  /// - Throws: ``MLKitError/notConfigured(missing:)``.
  public func downloader() throws(MLKitError) -> ModelDownloader {
    switch state {
    case .configured(let downloader): return downloader
    case .unconfigured(let missing): throw .notConfigured(missing: missing)
    }
  }

  // MARK: Downloading

  /// Starts downloading `remoteModel` if it is not on the device or the hub has a newer version,
  /// as ML Kit's `download(_:conditions:)`. Posts
  /// ``Foundation/Notification/Name/firebaseMLModelDownloadDidSucceed`` or
  /// ``Foundation/Notification/Name/firebaseMLModelDownloadDidFail`` when done.
  /// - Returns: a `Progress` whose `fractionCompleted` follows the bytes on disk and is 1.0 once
  ///   the model is installed (or was already current).
  @discardableResult
  public func download(_ remoteModel: CustomRemoteModel, conditions: ModelDownloadConditions) -> Progress {
    let progress = Progress(totalUnitCount: Self.progressUnits)
    let tracker = ProgressTracker(progress)
    let center = notificationCenter
    let downloader: ModelDownloader
    do { downloader = try self.downloader() } catch {
      Self.postFailure(remoteModel, error: error, center: center)
      return progress
    }
    downloader.getModel(
      name: remoteModel.name, downloadType: .latestModel, conditions: conditions,
      progressHandler: { fraction in tracker.advance(to: fraction) },
      completion: { result in
        switch result {
        case .success:
          tracker.finish()
          center.post(
            name: .firebaseMLModelDownloadDidSucceed, object: nil,
            userInfo: [ModelDownloadUserInfoKey.remoteModel: remoteModel])
        case .failure(let error):
          Self.postFailure(remoteModel, error: .download(error), center: center)
        }
      })
    return progress
  }

  /// Whether a verified copy of `remoteModel` is on this device. (Asynchronous where ML Kit's
  /// was not: the store is owned by an actor.)
  public func isModelDownloaded(_ remoteModel: CustomRemoteModel) async -> Bool {
    guard let downloader = try? downloader() else { return false }
    return await downloader.isModelDownloaded(name: remoteModel.name)
  }

  /// The path of the downloaded copy of `remoteModel`, as ML Kit's `getLatestModelFilePath`.
  /// - Throws: ``MLKitError/modelNotDownloaded(name:)`` when there is none.
  public func latestModelFilePath(_ remoteModel: CustomRemoteModel) async throws(MLKitError) -> String {
    try await resolvePath(remote: remoteModel, local: nil)
  }

  /// The completion-handler form of ``latestModelFilePath(_:)``: the path, or nil and the error.
  public func getLatestModelFilePath(
    _ remoteModel: CustomRemoteModel,
    completion: @escaping @Sendable (String?, MLKitError?) -> Void
  ) {
    Task {
      do throws(MLKitError) { completion(try await latestModelFilePath(remoteModel), nil) } catch {
        completion(nil, error)
      }
    }
  }

  /// Removes the downloaded copy of `remoteModel`.
  /// - Throws: ``MLKitError/download(_:)`` wrapping `modelNotDownloaded` when there is none.
  public func deleteDownloadedModel(_ remoteModel: CustomRemoteModel) async throws(MLKitError) {
    let downloader = try downloader()
    do { try await downloader.deleteDownloadedModel(name: remoteModel.name) } catch let error as ModelDownloaderError {
      throw .download(error)
    } catch {
      throw .download(.cancelled(model: remoteModel.name))
    }
  }

  /// The completion-handler form of ``deleteDownloadedModel(_:)``: nil on success.
  public func deleteDownloadedModel(
    _ remoteModel: CustomRemoteModel,
    completion: @escaping @Sendable (MLKitError?) -> Void
  ) {
    Task {
      do throws(MLKitError) {
        try await deleteDownloadedModel(remoteModel)
        completion(nil)
      } catch { completion(error) }
    }
  }

  // MARK: Internals

  /// The file to load for `remote`: its verified download, else `local`.
  func resolvePath(remote: CustomRemoteModel, local: CustomLocalModel?) async throws(MLKitError) -> String {
    let downloader: ModelDownloader
    do { downloader = try self.downloader() } catch {
      guard let local else { throw error }
      return local.path
    }
    do { return try await downloader.resolve(remote: remote, local: local).path } catch let error
      as ModelDownloaderError
    {
      if case .noModelAvailable = error { throw .modelNotDownloaded(name: remote.name) }
      throw .download(error)
    } catch {
      throw .download(.cancelled(model: remote.name))
    }
  }

  static let progressUnits: Int64 = 1000

  private static func postFailure(_ remoteModel: CustomRemoteModel, error: MLKitError, center: NotificationCenter) {
    center.post(
      name: .firebaseMLModelDownloadDidFail, object: nil,
      userInfo: [ModelDownloadUserInfoKey.remoteModel: remoteModel, ModelDownloadUserInfoKey.error: error])
  }
}

/// Moves a `Progress` forward only (the downloader's fractions are monotonic, but a resumed or
/// repeated download must never move it back). `Progress` is thread-safe; the lock keeps the
/// read-compare-write whole.
private final class ProgressTracker: @unchecked Sendable {
  private let progress: Progress
  private let lock = NSLock()

  init(_ progress: Progress) { self.progress = progress }

  func advance(to fraction: Float) {
    let units = Int64((Double(fraction) * Double(ModelManager.progressUnits)).rounded(.down))
    lock.lock()
    defer { lock.unlock() }
    if units > progress.completedUnitCount { progress.completedUnitCount = min(units, progress.totalUnitCount) }
  }

  func finish() {
    lock.lock()
    defer { lock.unlock() }
    progress.completedUnitCount = progress.totalUnitCount
  }
}
