import ModelHubAPI

/// The rules both metadata stores apply, inside their transactions, to unpublishing and
/// aliasing a version.
extension VersionRecord {
  /// Throws unless the version may be unpublished: its model's `rollout` does not serve it and
  /// no alias names it (a version an alias names stays published).
  /// - Parameter aliases: The aliases naming this version, sorted.
  /// - Throws: ``HubError/failedPrecondition(_:)``.
  func checkUnpublishable(rollout: HubRollout?, aliases: [String]) throws(HubError) {
    if let rollout, rollout.versions.contains(version) {
      throw .failedPrecondition("Version \(version) is in the rollout of '\(model)'; change the rollout first.")
    }
    guard aliases.isEmpty else {
      throw .failedPrecondition(
        "Version \(version) of '\(model)' is named by alias \(aliases.joined(separator: ", ")); move or remove the alias first."
      )
    }
  }

  /// Throws unless the version is published: an alias names published versions only.
  /// - Throws: ``HubError/failedPrecondition(_:)``.
  func checkAliasable() throws(HubError) {
    guard published else {
      throw .failedPrecondition("Version \(version) of '\(model)' is not published; publish it before aliasing it.")
    }
  }
}
