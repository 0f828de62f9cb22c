import Crypto
import Foundation
import ModelHubAPI

extension HubRollout {
  /// Every version number the rollout names directly (not through an alias).
  var versions: Set<Int> { Set(variants.compactMap(\.version) + rules.compactMap(\.version)) }
  /// Every alias the rollout names.
  var aliasNames: Set<String> { Set(variants.compactMap(\.alias) + rules.compactMap(\.alias)) }
}

/// Picks the version an installation gets: the first matching targeting rule, else a weighted
/// variant chosen by a sticky bucket, else the latest published version. A client without an
/// installation id cannot be bucketed: it gets the rollout's stable variant (see
/// ``stableVariant(of:served:)``), never a canary. A rule or variant naming an alias serves the
/// version the alias names at the time of the request.
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
    for (index, variant) in rollout.variants.enumerated() {
      try checkTarget(version: variant.version, alias: variant.alias, of: "Variant \(index)")
    }
    for (index, rule) in rollout.rules.enumerated() {
      try checkTarget(version: rule.version, alias: rule.alias, of: "Rule \(index)")
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

  /// Exactly one of a version and an alias, the alias well formed.
  private static func checkTarget(version: Int?, alias: String?, of what: String) throws(HubError) {
    switch (version, alias) {
    case (nil, nil):
      throw .invalidArgument("\(what) names no version: give \"version\" or \"alias\".")
    case (.some, .some):
      throw .invalidArgument("\(what) gives both \"version\" and \"alias\": give one of them.")
    case (nil, let name?) where !HubAliasName.isValid(name):
      throw .invalidArgument("\(what): alias '\(name.prefix(80))' is not valid: use \(HubAliasName.ruleDescription).")
    default: break
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

  /// What a model serves from: its published versions and its aliases (each naming a published
  /// version).
  struct Served: Sendable {
    var published: Set<Int>
    var aliases: [String: Int] = [:]

    /// The published version `version`/`alias` names, with the alias when one named it; nil
    /// when it is not published or the alias is not set.
    func resolve(version: Int?, alias: String?) -> (version: Int, alias: String?)? {
      switch HubRolloutTarget(version: version, alias: alias) {
      case .version(let number)?: published.contains(number) ? (number, nil) : nil
      case .alias(let name)?: aliases[name].flatMap { published.contains($0) ? ($0, name) : nil }
      case nil: nil
      }
    }
  }

  /// The version to serve and why, or nil if nothing is published.
  static func assign(model: String, rollout: HubRollout?, served: Served, client: Client) -> (
    version: Int, assignment: HubAssignment
  )? {
    if let rollout {
      for (index, rule) in rollout.rules.enumerated() where matches(rule, client) {
        if let (number, alias) = served.resolve(version: rule.version, alias: rule.alias) {
          return (number, HubAssignment(reason: .rule, rule: index, alias: alias))
        }
      }
      if !rollout.variants.isEmpty, client.installationID == nil,
        let (index, number, alias) = stableVariant(of: rollout, served: served)
      {
        return (number, HubAssignment(reason: .stable, variant: index, alias: alias))
      }
      if !rollout.variants.isEmpty, let id = client.installationID {
        let bucket = bucket(model: model, installationID: id)
        var upper = 0
        for (index, variant) in rollout.variants.enumerated() {
          upper += variant.weight * 100
          if bucket < upper, let (number, alias) = served.resolve(version: variant.version, alias: variant.alias) {
            return (number, HubAssignment(reason: .variant, variant: index, bucket: bucket, alias: alias))
          }
        }
      }
    }
    guard let latest = served.published.max() else { return nil }
    return (latest, HubAssignment(reason: .latest))
  }

  /// The variant served to clients without an installation id: the one with the largest weight,
  /// ties going to the lower version; only variants naming a published version count (through
  /// their alias, if they name one).
  static func stableVariant(of rollout: HubRollout, served: Served) -> (
    index: Int, version: Int, alias: String?
  )? {
    var best: (index: Int, version: Int, alias: String?, weight: Int)?
    for (index, variant) in rollout.variants.enumerated() {
      guard let (number, alias) = served.resolve(version: variant.version, alias: variant.alias) else { continue }
      if let current = best,
        current.weight > variant.weight || (current.weight == variant.weight && current.version <= number)
      {
        continue
      }
      best = (index, number, alias, variant.weight)
    }
    return best.map { ($0.index, $0.version, $0.alias) }
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
