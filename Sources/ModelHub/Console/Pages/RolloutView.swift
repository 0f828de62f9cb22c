import ModelHubAPI

/// The rollout editor's starting state (the saved rollout as form rows) and the preview of who
/// gets what. The console's script keeps the preview in step while the rows are edited.
struct RolloutView: Sendable {
  /// A version offered in a row's version menu.
  struct Option: Sendable {
    var number: Int
    var selected: Bool
  }

  /// A weighted variant row.
  struct VariantRow: Sendable {
    var options: [Option]
    var weight: Int
  }

  /// A targeting rule row.
  struct RuleRow: Sendable {
    var options: [Option]
    var platforms: String
    var minAppVersion: String
    var maxAppVersion: String
  }

  var variants: [VariantRow]
  var rules: [RuleRow]
  /// The published versions, for new rows.
  var published: [Option]
  var hasPublished: Bool
  var totalWeight: Int
  var preview: [String]

  init(rollout: HubRollout?, published numbers: [Int]) {
    let rollout = rollout ?? HubRollout(variants: [])
    func options(_ selected: Int?) -> [Option] { numbers.map { Option(number: $0, selected: $0 == selected) } }
    variants = rollout.variants.map { VariantRow(options: options($0.version), weight: $0.weight) }
    rules = rollout.rules.map { rule in
      RuleRow(
        options: options(rule.version), platforms: (rule.platforms ?? []).joined(separator: ", "),
        minAppVersion: rule.minAppVersion ?? "", maxAppVersion: rule.maxAppVersion ?? "")
    }
    published = options(nil)
    hasPublished = !numbers.isEmpty
    totalWeight = rollout.variants.reduce(0) { $0 + $1.weight }
    preview = Self.preview(rollout, latestPublished: numbers.max())
  }

  /// Sentences saying which installations get which version, in the order the hub decides.
  static func preview(_ rollout: HubRollout, latestPublished: Int?) -> [String] {
    var lines: [String] = []
    for (index, rule) in rollout.rules.enumerated() {
      var who: [String] = []
      if let platforms = rule.platforms, !platforms.isEmpty { who.append(platforms.joined(separator: " or ")) }
      switch (rule.minAppVersion, rule.maxAppVersion) {
      case (let low?, let high?): who.append("app \(low) to \(high)")
      case (let low?, nil): who.append("app \(low) or later")
      case (nil, let high?): who.append("app \(high) or earlier")
      case (nil, nil): break
      }
      if let ids = rule.installationIds, !ids.isEmpty { who.append("\(ids.count) listed installations") }
      let target = who.isEmpty ? "every installation" : who.joined(separator: ", ")
      lines.append("Rule \(index + 1): \(target) gets version \(rule.version).")
    }
    let others = rollout.rules.isEmpty ? "Every installation" : "Every other installation"
    if !rollout.variants.isEmpty {
      let shares = rollout.variants.map { "\($0.weight)% version \($0.version)" }.joined(separator: ", ")
      lines.append("\(others): \(shares) (sticky per installation).")
    } else if let latest = latestPublished {
      lines.append("\(others): the latest published version (\(latest)).")
    } else {
      lines.append("No version is published: downloads answer NO_PUBLISHED_VERSION.")
    }
    return lines
  }
}
