import Foundation
import ModelHubAPI

/// One model: its versions with their validation reports, the upload area, the rollout editor
/// and the downloads chart.
struct ModelPage: Sendable {
  var frame: ConsoleFrame
  var name: String
  var displayName: String
  var tags: [String]
  var created: String
  var updated: String
  var versions: [VersionView]
  var hasVersions: Bool
  var rollout: RolloutView
  var chart: DownloadChart
  var maxUploadBytes: Int64
  var maxUpload: String

  init(
    frame: ConsoleFrame, model: HubModel, versions: [HubModelVersion], rollout: HubRollout?,
    downloads: HubDownloadCounts, maxUploadBytes: Int64
  ) {
    self.frame = frame
    name = model.name
    displayName = model.displayName
    tags = model.tags
    created = ConsoleFormat.time(model.createTime)
    updated = ConsoleFormat.time(model.updateTime)
    self.versions = versions.map(VersionView.init)
    if !self.versions.isEmpty { self.versions[0].newest = true }
    hasVersions = !versions.isEmpty
    self.rollout = RolloutView(
      rollout: rollout, published: versions.filter(\.published).map(\.version).sorted(),
      aliases: Dictionary(versions.flatMap { version in (version.aliases ?? []).map { ($0, version.version) } }) {
        a, _ in a
      })
    chart = DownloadChart(downloads)
    self.maxUploadBytes = maxUploadBytes
    maxUpload = ConsoleFormat.bytes(maxUploadBytes)
  }
}

/// The API keys page: every key (id, scope, times; never a secret), create and revoke.
struct KeysPage: Sendable {
  /// One key.
  struct Row: Sendable {
    var id: String
    var scope: String
    var created: String
    var revoked: String
    var active: Bool
    /// The key this session was opened with (revoking it would end the session: not offered).
    var isCurrent: Bool
  }

  var frame: ConsoleFrame
  var keys: [Row]

  init(frame: ConsoleFrame, keys: [HubAPIKeyInfo]) {
    self.frame = frame
    self.keys = keys.map { key in
      Row(
        id: key.id, scope: key.scope.rawValue, created: ConsoleFormat.time(key.createTime),
        revoked: key.revokeTime.map(ConsoleFormat.time) ?? "", active: key.revokeTime == nil,
        isCurrent: key.id == frame.keyID)
    }
  }
}

/// The sign-in page, with the reason the last attempt failed or a notice (signed out).
struct SignInPage: Sendable {
  var frame = ConsoleFrame(title: "Sign in")
  var error: String?
  var notice: String?
}

/// A page for a request the console cannot answer (no such model, an admin-only page…).
struct ErrorPage: Sendable {
  var frame: ConsoleFrame
  var status: Int
  var message: String
}
