import Crypto
import Foundation
import ModelHubAPI

extension HubRollout {
  /// Every version the rollout can serve.
  var versions: Set<Int> { Set(variants.map(\.version) + rules.map(\.version)) }
}

/// Picks the version an installation gets: the first matching targeting rule, else a weighted
/// variant chosen by a sticky bucket, else the latest published version. A client without an
/// installation id cannot be bucketed: it gets the rollout's stable variant (see
/// ``stableVariant(of:published:)``), never a canary.
enum RolloutAssigner {
  /// Who is asking (from the `:download` request headers).
  struct Client: Sendable {
    var installationID: String?
    var platform: String?
    var appVersion: String?
  }

  /// Checks a rollout's shape (not whether its versions are published) against
  /// ``HubLimits``.
  static func check(_ rollout: HubRollout) throws(HubError) {
    guard !rollout.variants.isEmpty || !rollout.rules.isEmpty else {
      throw .invalidArgument("A rollout needs at least one variant or rule.")
    }
    guard rollout.variants.count <= HubLimits.variantsPerRollout else {
      throw .invalidArgument(
        "A rollout has at most \(HubLimits.variantsPerRollout) variants (this one has \(rollout.variants.count)).")
    }
    guard rollout.rules.count <= HubLimits.rulesPerRollout else {
      throw .invalidArgument(
        "A rollout has at most \(HubLimits.rulesPerRollout) rules (this one has \(rollout.rules.count)).")
    }
    if !rollout.variants.isEmpty {
      for variant in rollout.variants where !(0...100).contains(variant.weight) {
        throw .invalidArgument("Variant weights are percentages from 0 to 100 (got \(variant.weight)).")
      }
      let total = rollout.variants.reduce(0) { $0 + $1.weight }
      guard total == 100 else {
        throw .invalidArgument("Variant weights must add up to 100 (they add up to \(total)).")
      }
    }
    var ids = 0
    for (index, rule) in rollout.rules.enumerated() {
      for bound in [rule.minAppVersion, rule.maxAppVersion].compactMap({ $0 }) where AppVersion(bound) == nil {
        throw .invalidArgument("Rule \(index): '\(bound.prefix(40))' is not a version like 1.2.3.")
      }
      if let platforms = rule.platforms {
        guard platforms.count <= HubLimits.platformsPerRule else {
          throw .invalidArgument("Rule \(index) lists more than the limit of \(HubLimits.platformsPerRule) platforms.")
        }
        for platform in platforms where !isPrintable(platform, upTo: HubLimits.headerBytes) {
          throw .invalidArgument(
            "Rule \(index): platform '\(platform.prefix(40))' must be 1 to \(HubLimits.headerBytes) printable ASCII characters."
          )
        }
      }
      if let list = rule.installationIds {
        ids += list.count
        guard ids <= HubLimits.installationIDsPerRollout else {
          throw .invalidArgument(
            "A rollout lists at most \(HubLimits.installationIDsPerRollout) installation ids over all its rules (rule \(index) goes past it)."
          )
        }
        for id in list where !isPrintable(id, upTo: HubLimits.installationIDCharacters) {
          throw .invalidArgument(
            "Rule \(index): installation id '\(id.prefix(40))' must be 1 to \(HubLimits.installationIDCharacters) printable ASCII characters."
          )
        }
      }
    }
  }

  /// 1 to `limit` characters from `!` to `~` (what a client can send in a header and match).
  private static func isPrintable(_ text: String, upTo limit: Int) -> Bool {
    (1...limit).contains(text.utf8.count) && text.utf8.allSatisfy { (0x21...0x7E).contains($0) }
  }

  /// The sticky bucket, 0..<10000, of an installation for a model.
  static func bucket(model: String, installationID: String) -> Int {
    let digest = SHA256.hash(data: Data("\(model)\n\(installationID)".utf8))
    let value = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    return Int(value % 10_000)
  }

  /// The version to serve and why, or nil if nothing is published.
  static func assign(model: String, rollout: HubRollout?, published: Set<Int>, client: Client) -> (
    version: Int, assignment: HubAssignment
  )? {
    if let rollout {
      for (index, rule) in rollout.rules.enumerated() where published.contains(rule.version) && matches(rule, client) {
        return (rule.version, HubAssignment(reason: .rule, rule: index))
      }
      if !rollout.variants.isEmpty, client.installationID == nil,
        let (index, variant) = stableVariant(of: rollout, published: published)
      {
        return (variant.version, HubAssignment(reason: .stable, variant: index))
      }
      if !rollout.variants.isEmpty, let id = client.installationID {
        let bucket = bucket(model: model, installationID: id)
        var upper = 0
        for (index, variant) in rollout.variants.enumerated() {
          upper += variant.weight * 100
          if bucket < upper, published.contains(variant.version) {
            return (variant.version, HubAssignment(reason: .variant, variant: index, bucket: bucket))
          }
        }
      }
    }
    guard let latest = published.max() else { return nil }
    return (latest, HubAssignment(reason: .latest))
  }

  /// The variant served to clients without an installation id: the one with the largest weight,
  /// ties going to the lower version; only published versions count.
  static func stableVariant(of rollout: HubRollout, published: Set<Int>) -> (Int, HubRollout.Variant)? {
    rollout.variants.enumerated().filter { published.contains($0.element.version) }.min { a, b in
      a.element.weight != b.element.weight ? a.element.weight > b.element.weight : a.element.version < b.element.version
    }.map { ($0.offset, $0.element) }
  }

  private static func matches(_ rule: HubRollout.Rule, _ client: Client) -> Bool {
    if let platforms = rule.platforms {
      guard let platform = client.platform?.lowercased(), platforms.contains(where: { $0.lowercased() == platform })
      else { return false }
    }
    if let ids = rule.installationIds {
      guard let id = client.installationID, ids.contains(id) else { return false }
    }
    if rule.minAppVersion != nil || rule.maxAppVersion != nil {
      guard let version = client.appVersion.flatMap(AppVersion.init) else { return false }
      if let low = rule.minAppVersion.flatMap(AppVersion.init), version < low { return false }
      if let high = rule.maxAppVersion.flatMap(AppVersion.init), high < version { return false }
    }
    return true
  }
}

/// A dotted app version (`2`, `2.4`, `2.4.1`), compared numerically; missing parts are 0.
struct AppVersion: Comparable, Sendable {
  let parts: [Int]

  init?(_ text: String) {
    let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...4).contains(pieces.count) else { return nil }
    var parts: [Int] = []
    for piece in pieces {
      guard (1...9).contains(piece.count), piece.allSatisfy(\.isASCII), let value = Int(piece), value >= 0 else {
        return nil
      }
      parts.append(value)
    }
    self.parts = parts
  }

  static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
    for index in 0..<max(lhs.parts.count, rhs.parts.count) {
      let a = index < lhs.parts.count ? lhs.parts[index] : 0
      let b = index < rhs.parts.count ? rhs.parts[index] : 0
      if a != b { return a < b }
    }
    return false
  }

  static func == (lhs: AppVersion, rhs: AppVersion) -> Bool { !(lhs < rhs) && !(rhs < lhs) }
}
