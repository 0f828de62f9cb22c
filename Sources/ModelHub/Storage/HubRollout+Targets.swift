import ModelHubAPI

/// The rules both metadata stores apply, inside their transactions, to what a rollout names.
extension HubRollout {
  /// Throws unless every version the rollout names is published and every alias it names is set
  /// on model `name` (an alias always names a published version).
  /// - Throws: ``HubError/failedPrecondition(_:)`` naming the first version or alias that is not.
  func checkTargets(model name: String, published: Set<Int>, aliases: Set<String>) throws(HubError) {
    for number in versions.sorted() where !published.contains(number) {
      throw .failedPrecondition("Version \(number) of '\(name)' is not published.")
    }
    for alias in aliasNames.sorted() where !aliases.contains(alias) {
      throw .failedPrecondition(
        "Alias '\(alias)' of '\(name)' is not set: set it (hub alias set) before naming it in the rollout.")
    }
  }

  /// Throws if the rollout names `alias`, which then cannot be removed (moving it is fine).
  /// - Throws: ``HubError/failedPrecondition(_:)``.
  func checkAliasRemovable(_ alias: String, model name: String) throws(HubError) {
    guard aliasNames.contains(alias) else { return }
    throw .failedPrecondition(
      "Alias '\(alias)' is in the rollout of '\(name)'; change the rollout before removing the alias.")
  }
}
