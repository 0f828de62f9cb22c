import Foundation
import ModelHubAPI

/// The rules for creating and updating a model, the same in both stores: a request is checked
/// before the transaction opens and applied inside it.
extension ModelRecord {
  /// A new model's row, created `now`: its name, tags and display name (the name by default)
  /// checked.
  init(creating request: HubCreateModelRequest, now: Date) throws(HubError) {
    try HubName.check(request.name)
    let tags = try Self.checkTags(request.tags ?? [])
    let displayName = try Self.checkDisplayName(request.displayName ?? request.name)
    self.init(
      name: request.name, displayName: displayName, tags: tags, createTime: now,
      updateTime: now, revision: 1, rollout: nil)
  }

  /// The fields `request` replaces, checked (tags deduplicated and sorted), for
  /// ``apply(_:ifMatch:now:)``.
  static func checkUpdate(_ request: HubUpdateModelRequest) throws(HubError) -> HubUpdateModelRequest {
    let tags = try request.tags.map(checkTags)
    let displayName = try request.displayName.map(checkDisplayName)
    return HubUpdateModelRequest(displayName: displayName, tags: tags)
  }

  /// Applies an update from ``checkUpdate(_:)`` as a change made `now`, unless `ifMatch` names
  /// another etag (`*` matches any).
  mutating func apply(_ change: HubUpdateModelRequest, ifMatch: String?, now: Date) throws(HubError) {
    if let ifMatch, ifMatch != etag, ifMatch != "*" { throw .etagMismatch(current: etag) }
    if let tags = change.tags { self.tags = tags }
    if let displayName = change.displayName { self.displayName = displayName }
    touch(now)
  }

  private static func checkTags(_ tags: [String]) throws(HubError) -> [String] {
    guard tags.count <= HubLimits.tagsPerModel else {
      throw .invalidArgument("A model has at most \(HubLimits.tagsPerModel) tags (got \(tags.count)).")
    }
    for tag in tags where !HubName.isValid(tag) {
      throw .invalidArgument("Tag '\(tag.prefix(80))' is not valid: use \(HubName.ruleDescription).")
    }
    return Array(Set(tags)).sorted()
  }

  private static func checkDisplayName(_ name: String) throws(HubError) -> String {
    guard (1...HubLimits.displayNameCharacters).contains(name.count), !name.contains(where: { $0.isNewline }) else {
      throw .invalidArgument("displayName must be 1 to \(HubLimits.displayNameCharacters) characters on one line.")
    }
    return name
  }
}
