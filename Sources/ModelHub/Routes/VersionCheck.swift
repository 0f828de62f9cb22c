import Foundation
import ModelHubAPI

/// The decision behind `GET /v1/models/{name}:download`, from the serving state alone: which
/// published version this installation gets and why. Shared by the router's handler
/// (``DownloadRoutes``) and the direct answer of a `304` on the connection
/// (``VersionCheckAnswerer``), so that both decide alike.
enum VersionCheck {
  /// What the client asked.
  struct Asked: Sendable {
    /// The model (already checked against the name rule).
    var model: String
    /// `?alias=`: the version this alias names, rollout bypassed.
    var alias: String?
    /// Who asks: installation id, platform, app version.
    var client: RolloutAssigner.Client
  }

  /// The chosen version.
  struct Decision: Sendable {
    var number: Int
    var version: HubServedVersion
    var assignment: HubAssignment
  }

  /// The installation id, platform and app version headers of a request, read by `header`
  /// (which may throw for a value over the limit); an empty or blank id is no id: such clients
  /// get the rollout's stable choice.
  static func client(header: (String) throws(HubError) -> String?) throws(HubError) -> RolloutAssigner.Client {
    let id = try header(HubHeaders.installationID)
    return RolloutAssigner.Client(
      installationID: id.flatMap { isBlank($0) ? nil : $0 },
      platform: try header(HubHeaders.platform), appVersion: try header(HubHeaders.appVersion))
  }

  /// Whether `text` is only whitespace (Foundation's `.whitespaces`; for ASCII, spaces and tabs,
  /// checked without Foundation on this per-request path).
  private static func isBlank(_ text: String) -> Bool {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
    return text.trimmingCharacters(in: .whitespaces).isEmpty
  }

  /// Decides from `snapshot`.
  /// - Throws: ``HubError/modelNotFound(_:)``, ``HubError/invalidArgument(_:)`` for a malformed
  ///   alias, ``HubError/aliasNotFound(model:alias:)``, ``HubError/noPublishedVersion(_:)``.
  static func decide(_ asked: Asked, in snapshot: HubServingSnapshot) throws(HubError) -> Decision {
    guard let state = snapshot.models[asked.model] else { throw .modelNotFound(asked.model) }
    let chosen: (version: Int, assignment: HubAssignment)?
    if let alias = asked.alias {
      try HubStore.checkAlias(alias)
      guard let number = state.aliases[alias] else { throw .aliasNotFound(model: asked.model, alias: alias) }
      chosen = (number, HubAssignment(reason: .alias, alias: alias))
    } else {
      chosen = RolloutAssigner.assign(
        model: asked.model, rollout: state.rollout,
        served: .init(published: Set(state.published.keys), aliases: state.aliases), client: asked.client)
    }
    guard let picked = chosen, let version = state.published[picked.version] else {
      throw .noPublishedVersion(asked.model)
    }
    return Decision(number: picked.version, version: version, assignment: picked.assignment)
  }
}
