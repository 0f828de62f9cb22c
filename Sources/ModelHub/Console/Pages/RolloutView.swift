import ModelHubAPI

/// The rollout editor's starting state (the saved rollout as form rows) and the preview of who
/// gets what. The console's script keeps the preview in step while the rows are edited.
struct RolloutView: Sendable {
  /// A version or alias offered in a row's menu: value `3` or `alias:canary`.
  struct Option: Sendable {
    var value: String
    var label: String
    var selected: Bool
  }

  /// A weighted variant row.
  struct VariantRow: Sendable {
    var options: [Option]
    var weight: Int
  }

  /// A targeting rule row. Installation ids, which the editor does not show, ride along as JSON
  /// so that saving the form keeps them.
  struct RuleRow: Sendable {
    var options: [Option]
    var platforms: String
    var minAppVersion: String
    var maxAppVersion: String
    var installationIDs: String
  }

  var variants: [VariantRow]
  var rules: [RuleRow]
  /// The published versions and the aliases, for new rows.
  var published: [Option]
  var hasPublished: Bool
  var totalWeight: Int
  var preview: [String]

  /// - Parameters:
  ///   - numbers: The published versions.
  ///   - aliases: Each alias and the version it names.
  init(rollout: HubRollout?, published numbers: [Int], aliases: [String: Int] = [:]) {
    let rollout = rollout ?? HubRollout(variants: [])
    let targets =
      numbers.map { (HubRolloutTarget.version($0), "\($0)") }
      + aliases.sorted { $0.key < $1.key }.map { (HubRolloutTarget.alias($0.key), "\($0.key) (v\($0.value))") }
    func options(_ selected: HubRolloutTarget?) -> [Option] {
      targets.map { target, label in Option(value: Self.value(target), label: label, selected: target == selected) }
    }
    variants = rollout.variants.map { VariantRow(options: options($0.target), weight: $0.weight) }
    rules = rollout.rules.map { rule in
      RuleRow(
        options: options(rule.target), platforms: (rule.platforms ?? []).joined(separator: ", "),
        minAppVersion: rule.minAppVersion ?? "", maxAppVersion: rule.maxAppVersion ?? "",
        installationIDs: Self.json(rule.installationIds))
    }
    published = options(nil)
    hasPublished = !numbers.isEmpty
    totalWeight = rollout.variants.reduce(0) { $0 + $1.weight }
    preview = Self.preview(rollout, latestPublished: numbers.max(), aliases: aliases)
  }

  /// A menu value: the version number, or `alias:` and the alias.
  private static func value(_ target: HubRolloutTarget) -> String {
    switch target {
    case .version(let number): "\(number)"
    case .alias(let name): "alias:\(name)"
    }
  }

  private static func json(_ ids: [String]?) -> String {
    guard let ids, let data = try? HubJSON.encoder().encode(ids) else { return "" }
    return String(decoding: data, as: UTF8.self)
  }

  /// `version 3`, or `alias canary (v3)` (as the menu labels it, which the script's preview uses).
  private static func describe(_ target: HubRolloutTarget?, aliases: [String: Int]) -> String {
    switch target {
    case .version(let number)?: "version \(number)"
    case .alias(let name)?: aliases[name].map { "alias \(name) (v\($0))" } ?? "alias \(name) (not set)"
    case nil: "no version"
    }
  }

  /// Sentences saying which installations get which version, in the order the hub decides.
  static func preview(_ rollout: HubRollout, latestPublished: Int?, aliases: [String: Int] = [:]) -> [String] {
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
      lines.append("Rule \(index + 1): \(target) gets \(describe(rule.target, aliases: aliases)).")
    }
    let others = rollout.rules.isEmpty ? "Every installation" : "Every other installation"
    if !rollout.variants.isEmpty {
      let shares = rollout.variants.map { "\($0.weight)% \(describe($0.target, aliases: aliases))" }
        .joined(separator: ", ")
      lines.append("\(others): \(shares) (sticky per installation).")
    } else if let latest = latestPublished {
      lines.append("\(others): the latest published version (\(latest)).")
    } else {
      lines.append("No version is published: downloads answer NO_PUBLISHED_VERSION.")
    }
    return lines
  }
}
