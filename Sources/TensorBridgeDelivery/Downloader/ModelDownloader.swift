import Foundation
import ModelHubAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Gets the right model onto the device from a ModelHub, verified, under the app's conditions;
/// shaped like Firebase's `ModelDownloader`.
///
/// ```swift
/// let downloader = ModelDownloader(hubURL: URL(string: "https://models.example.com")!, clientKey: key)
/// let model = try await downloader.getModel(name: "flowers", downloadType: .localModelUpdateInBackground,
///                                           conditions: ModelDownloadConditions(allowsCellularAccess: false))
/// let interpreter = try Interpreter(modelPath: model.path)
/// ```
///
/// One downloader may be shared by any number of tasks: it is an actor, and concurrent calls
/// for one model share a single download.
public actor ModelDownloader {
  /// The configuration this downloader was made with.
  public nonisolated let configuration: ModelDownloaderConfiguration
  let store: ModelStore
  private let broadcaster = EventBroadcaster()
  private nonisolated let progressHandlers = ProgressHandlers()
  private var inFlight: [Wanted: Task<CustomModel, any Error>] = [:]
  /// Files hashed by this instance: `name` → hash, so a file is read whole once per launch.
  private var verified: [String: String] = [:]
  private var installation: String?

  /// Creates a downloader from a full configuration.
  public init(configuration: ModelDownloaderConfiguration) {
    self.configuration = configuration
    store = ModelStore(directory: configuration.directory, encryption: configuration.encryption)
    installation = configuration.installationID
  }

  /// Creates a downloader for the hub at `hubURL` with a client key, keeping models in
  /// `directory` (default: ``ModelDownloaderConfiguration/defaultDirectory``).
  public init(hubURL: URL, clientKey: String, directory: URL? = nil, installationID: String? = nil) {
    self.init(
      configuration: ModelDownloaderConfiguration(
        hubURL: hubURL, clientKey: clientKey, directory: directory, installationID: installationID))
  }

  /// Events of every download from now on: started, progress, succeeded, failed.
  ///
  /// Each read subscribes a new stream, so read it before calling ``getModel(name:downloadType:conditions:)``
  /// (not inside the task that iterates it). A download's events are all in the stream before the
  /// call returns: cancel the iterating task then and it still receives them, then ends.
  public nonisolated var events: AsyncStream<ModelDownloadEvent> { broadcaster.subscribe() }

  /// This installation's id, sent to the hub for rollouts (read or created in the store folder
  /// when the configuration gives none).
  public func installationID() throws -> String {
    if let installation { return installation }
    let id = try store.installationID()
    installation = id
    return id
  }

  // MARK: getModel

  /// Returns the model `name` following `downloadType` (see ``ModelDownloadType``), downloading
  /// under `conditions` when needed.
  /// - Throws: ``ModelDownloaderError``.
  public func getModel(
    name: String, downloadType: ModelDownloadType,
    conditions: ModelDownloadConditions = ModelDownloadConditions()
  ) async throws -> CustomModel {
    try await getModel(name: name, alias: nil, downloadType: downloadType, conditions: conditions)
  }

  /// Returns the version of model `name` that `alias` names on the hub (`stable`, `canary`…;
  /// the rollout is bypassed), following `downloadType` like ``getModel(name:downloadType:conditions:)``.
  /// The device keeps one copy per model name: asking with another alias (or none) replaces it.
  /// A signed version older than the installed one is still refused (`.rollback`).
  /// - Parameters:
  ///   - name: The model's name.
  ///   - alias: An alias of the model (`^[a-z0-9-]{1,40}$`), or nil for the rollout's choice.
  ///   - downloadType: Whether to use the local copy, update it in the background, or ask first.
  ///   - conditions: The conditions downloads run under.
  /// - Returns: The model.
  /// - Throws: ``ModelDownloaderError``: `.invalidAlias` for a malformed alias, `.aliasNotFound`
  ///   when the model has no such alias.
  public func getModel(
    name: String, alias: String?, downloadType: ModelDownloadType,
    conditions: ModelDownloadConditions = ModelDownloadConditions()
  ) async throws -> CustomModel {
    guard HubName.isValid(name) else { throw ModelDownloaderError.invalidModelName(name) }
    if let alias, !HubAliasName.isValid(alias) { throw ModelDownloaderError.invalidAlias(alias) }
    let wanted = Wanted(name: name, alias: alias)
    switch downloadType {
    case .localModel:
      if let local = try localModel(name) { return local }
      return try await latest(wanted, conditions: conditions)
    case .localModelUpdateInBackground:
      if let local = try localModel(name) {
        if inFlight[wanted] == nil { _ = startLatest(wanted, conditions: conditions) }
        return local
      }
      return try await latest(wanted, conditions: conditions)
    case .latestModel:
      return try await latest(wanted, conditions: conditions)
    }
  }

  /// The completion-handler form of ``getModel(name:downloadType:conditions:)``, as Firebase's,
  /// with an optional progress handler (fraction 0…1, monotonic). Handlers run on an arbitrary
  /// thread.
  public nonisolated func getModel(
    name: String, downloadType: ModelDownloadType,
    conditions: ModelDownloadConditions = ModelDownloadConditions(),
    progressHandler: (@Sendable (Float) -> Void)? = nil,
    completion: @escaping @Sendable (Result<CustomModel, ModelDownloaderError>) -> Void
  ) {
    // Registered before the call starts and called on the download's own queue, so every
    // progress step reaches the handler before the completion does.
    let registration = progressHandler.map { progressHandlers.add(name: name, $0) }
    Task {
      defer { if let registration { progressHandlers.remove(name: name, registration) } }
      do {
        completion(.success(try await getModel(name: name, downloadType: downloadType, conditions: conditions)))
      } catch let error as ModelDownloaderError {
        completion(.failure(error))
      } catch {
        completion(.failure(.cancelled(model: name)))
      }
    }
  }

  // MARK: The local store

  /// Whether a downloaded, intact copy of `name` is on this device.
  public func isModelDownloaded(name: String) -> Bool {
    (try? localModel(name)) != nil
  }

  /// Every downloaded model (as recorded; sizes checked, hashes checked when the model is used).
  /// In an encrypted store these carry no ``CustomModel/data``: `getModel` decrypts.
  public func listDownloadedModels() -> [CustomModel] {
    store.list().map { store.model($0) }
  }

  /// Removes the downloaded copy of `name`.
  /// - Throws: ``ModelDownloaderError/modelNotDownloaded(_:)`` when there is none.
  public func deleteDownloadedModel(name: String) throws {
    try store.delete(name)
    verified[name] = nil
  }

  /// The installed copy of `name` if its bytes still have the recorded hash (hashed once per
  /// downloader instance). A copy that fails the check is removed from the store. In an
  /// encrypted store the copy is decrypted into memory each time; a damaged one is removed and
  /// thrown as ``ModelDownloaderError/encryptedModelDamaged(path:reason:)``.
  func localModel(_ name: String) throws -> CustomModel? {
    guard let manifest = store.installed(name) else { return nil }
    if store.encryption != nil {
      do throws(ModelDownloaderError) {
        return store.model(manifest, data: try store.decrypt(manifest))
      } catch {
        if case .encryptedModelDamaged = error { try? store.delete(name) }
        verified[name] = nil
        throw error
      }
    }
    if verified[name] != manifest.hash {
      let file = store.file(name, hash: manifest.hash)
      guard let actual = try? store.hash(of: file), actual.hash == manifest.hash, actual.size == manifest.size else {
        try? store.delete(name)
        verified[name] = nil
        return nil
      }
      verified[name] = manifest.hash
    }
    return store.model(manifest)
  }

  // MARK: Updating

  /// Waits for the shared update of `name`, starting one if none runs.
  ///
  /// The download is shared, so cancelling one caller does not stop it for the others; that
  /// caller stops waiting at once with ``ModelDownloaderError/cancelled(model:)``.
  private func latest(_ wanted: Wanted, conditions: ModelDownloadConditions) async throws -> CustomModel {
    let task = inFlight[wanted] ?? startLatest(wanted, conditions: conditions)
    return try await SharedWait.value(of: task, cancelled: ModelDownloaderError.cancelled(model: wanted.name))
  }

  private func startLatest(_ wanted: Wanted, conditions: ModelDownloadConditions) -> Task<CustomModel, any Error> {
    let task = Task { try await self.update(wanted, conditions: conditions) }
    inFlight[wanted] = task
    return task
  }

  private func finishUpdate(_ wanted: Wanted) { inFlight[wanted] = nil }

  /// Asks the hub which version this installation should have and installs it if it differs.
  private func update(_ wanted: Wanted, conditions: ModelDownloadConditions) async throws -> CustomModel {
    let name = wanted.name
    defer { finishUpdate(wanted) }
    let session = URLSession(configuration: conditions.sessionConfiguration(timeout: configuration.requestTimeout))
    defer { session.finishTasksAndInvalidate() }
    do {
      let local = try localModel(name)
      guard let info = try await retrying({ try await self.info(wanted, localHash: local?.hash, session: session) })
      else {
        if let local { return local }
        throw ModelDownloaderError.modelNotDownloaded(name)
      }
      if let local, let manifest = store.installed(name), info.modelHash == manifest.hash {
        var updated = manifest
        if updated.version != info.version {
          // The same bytes under another version number: the new number must be signed too.
          _ = try await approve(name, info: info, session: session)
          updated.version = info.version
          try store.writeManifest(updated)
        }
        return local.version == info.version ? local : store.model(updated, data: local.data)
      }
      let approval = try await approve(name, info: info, session: session)
      let model = try await download(wanted, info: info, approval: approval, conditions: conditions, session: session)
      broadcaster.send(.succeeded(model))
      configuration.notificationCenter.post(
        name: .modelDownloadDidSucceed, object: nil,
        userInfo: [ModelDownloadUserInfoKey.remoteModel: model, ModelDownloadUserInfoKey.modelName: name])
      return model
    } catch let error as ModelDownloaderError {
      broadcaster.send(.failed(name: name, error: error))
      configuration.notificationCenter.post(
        name: .modelDownloadDidFail, object: nil,
        userInfo: [ModelDownloadUserInfoKey.error: error, ModelDownloadUserInfoKey.modelName: name])
      throw error
    }
  }

  private func info(_ wanted: Wanted, localHash: String?, session: URLSession) async throws -> HubDownloadInfo? {
    try await HubDownloadClient(configuration: configuration).downloadInfo(
      name: wanted.name, alias: wanted.alias, installationID: try installationID(), localHash: localHash,
      session: session)
  }

  /// Fetches the file `info` describes, refreshing an expired URL once, retrying transient
  /// failures with backoff (resuming each time) within the configuration's attempt and time
  /// limits, verifying, then installing. Nothing is installed unless the whole file verifies.
  private func download(
    _ wanted: Wanted, info firstInfo: HubDownloadInfo, approval firstApproval: ReleaseVerifier.Approval,
    conditions: ModelDownloadConditions, session: URLSession
  ) async throws -> CustomModel {
    let name = wanted.name
    var approval = firstApproval
    try store.prepareFolder(name)
    var info = firstInfo
    var refreshed = false
    var attempt = 0
    let started = Date()
    while true {
      attempt += 1
      let partial = store.partial(name, hash: info.modelHash)
      store.removeStalePartials(name, keeping: partial.lastPathComponent)
      guard let url = URL(string: info.downloadUri) else {
        throw ModelDownloaderError.invalidResponse(url: info.downloadUri, reason: "not a URL")
      }
      let current = info
      let broadcaster = broadcaster
      let transfer = FileTransfer(
        url: url, destination: partial, model: name, expectedSize: info.sizeBytes, expectedHash: info.modelHash,
        encryption: configuration.encryption,
        onStart: { resumed in
          broadcaster.send(
            .started(name: name, version: current.version, totalBytes: current.sizeBytes, resumedFrom: resumed))
        },
        onProgress: ProgressThrottle(
          name: name, total: info.sizeBytes, broadcaster: broadcaster, handlers: progressHandlers
        ).report)
      do {
        let outcome = try await transfer.run(
          configuration: conditions.sessionConfiguration(timeout: configuration.requestTimeout))
        guard outcome.hash == info.modelHash else {
          unlink(partial.path)
          throw ModelDownloaderError.hashMismatch(model: name, expected: info.modelHash, actual: outcome.hash)
        }
        do {
          try ReleaseVerifier(verification: configuration.signatureVerification)
            .check(approval, sha256Hex: outcome.hash, name: name, version: info.version)
        } catch {
          unlink(partial.path)
          throw error
        }
        let manifest = try store.install(name: name, version: info.version, hash: info.modelHash, size: outcome.size)
        verified[name] = manifest.hash
        if store.encryption != nil { return store.model(manifest, data: try store.decrypt(manifest)) }
        return store.model(manifest)
      } catch let error as ModelDownloaderError {
        if case .httpStatus(_, 403, "URL_EXPIRED", _) = error {
          guard !refreshed else { throw ModelDownloaderError.downloadURLExpired(model: name) }
          refreshed = true
          let localHash = store.installed(name)?.hash
          guard let fresh = try await retrying({ try await self.info(wanted, localHash: localHash, session: session) })
          else {
            if let local = try localModel(name) { return local }
            throw ModelDownloaderError.modelNotDownloaded(name)
          }
          approval = try await approve(name, info: fresh, session: session)
          info = fresh
          attempt -= 1
          continue
        }
        guard error.isTransient, configuration.mayRetry(after: attempt, startedAt: started) else {
          throw Self.counting(error, attempts: attempt)
        }
        try await sleep(configuration.backoff(beforeRetry: attempt), name: name)
      }
    }
  }

  /// Runs `body`, retrying connection failures and 5xx answers with backoff, at most
  /// ``ModelDownloaderConfiguration/maxAttempts`` times and within
  /// ``ModelDownloaderConfiguration/maxRetryDuration``.
  func retrying<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
    var attempt = 0
    let started = Date()
    while true {
      attempt += 1
      do { return try await body() } catch let error as ModelDownloaderError {
        guard error.isTransient, configuration.mayRetry(after: attempt, startedAt: started) else {
          throw Self.counting(error, attempts: attempt)
        }
        try await sleep(configuration.backoff(beforeRetry: attempt), name: "")
      }
    }
  }

  private func sleep(_ seconds: TimeInterval, name: String) async throws {
    do { try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1e9)) } catch {
      throw ModelDownloaderError.cancelled(model: name)
    }
  }

  /// A network error carrying the number of attempts made.
  private static func counting(_ error: ModelDownloaderError, attempts: Int) -> ModelDownloaderError {
    if case .network(let url, let reason, _) = error { return .network(url: url, reason: reason, attempts: attempts) }
    return error
  }
}

/// Sends progress at most every 1/200 of the file (and always the last byte), so that events
/// stay few and monotonic.
private final class ProgressThrottle: Sendable {
  private let name: String
  private let total: Int64
  private let step: Int64
  private let broadcaster: EventBroadcaster
  private let handlers: ProgressHandlers
  private let last = LockedValue<Int64>(-1)

  init(name: String, total: Int64, broadcaster: EventBroadcaster, handlers: ProgressHandlers) {
    self.name = name
    self.total = total
    step = max(64 * 1024, total / 200)
    self.broadcaster = broadcaster
    self.handlers = handlers
  }

  @Sendable func report(_ written: Int64) {
    let send = last.withLock { last -> Bool in
      guard written > last, written == total || written - max(0, last) >= step || last < 0 else { return false }
      last = written
      return true
    }
    guard send else { return }
    broadcaster.send(.progress(name: name, bytesWritten: written, totalBytes: total))
    handlers.report(name: name, fraction: Float(Double(written) / Double(total)))
  }
}

extension ModelDownloader {
  /// What a caller asked for: a model, by the rollout's choice or by an alias. Updates in flight
  /// are shared between callers asking for the same thing.
  struct Wanted: Hashable, Sendable {
    var name: String
    var alias: String?
  }
}
