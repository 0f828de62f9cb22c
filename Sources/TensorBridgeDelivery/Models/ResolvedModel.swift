import ModelHubAPI

/// The model file an app should load now: the downloaded one when present and verified,
/// otherwise the one bundled with the app.
public enum ResolvedModel: Sendable, Hashable {
  /// A verified download from the hub.
  case downloaded(CustomModel)
  /// The app's bundled fallback.
  case bundled(CustomLocalModel)

  /// The file to load.
  public var path: String {
    switch self {
    case .downloaded(let model): model.path
    case .bundled(let model): model.path
    }
  }
}

extension ModelDownloader {
  /// The model to use right now, without touching the network, as ML Kit's
  /// `CustomRemoteModel`/`CustomLocalModel` pair: the verified download of `remote` if there
  /// is one, else `local`, so the app's ML feature works before the first download.
  /// - Throws: ``ModelDownloaderError/noModelAvailable(name:reason:)`` when there is neither.
  public func resolve(remote: CustomRemoteModel, local: CustomLocalModel?) throws -> ResolvedModel {
    if HubName.isValid(remote.name), let model = try localModel(remote.name) { return .downloaded(model) }
    guard let local else {
      throw ModelDownloaderError.noModelAvailable(name: remote.name, reason: "nothing was downloaded yet")
    }
    return .bundled(local)
  }
}
