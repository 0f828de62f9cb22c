/// How a model's published versions are served: targeting rules first, in order, then weighted
/// variants. Assignment is sticky: the same installation always lands in the same variant while
/// the weights stay the same.
public struct HubRollout: Codable, Sendable, Equatable {
  /// A version served to a share of installations: a version number, or an alias of the model
  /// (exactly one of the two).
  public struct Variant: Codable, Sendable, Equatable {
    /// A published version number, or nil when ``alias`` names the version.
    public var version: Int?
    /// An alias of the model (`stable`, `canary`): the variant serves the version the alias
    /// names when the client asks, so moving the alias moves this share of installations
    /// without editing the rollout. Nil when ``version`` is given.
    public var alias: String?
    /// Percentage of installations, 0–100; all variants' weights add up to 100.
    public var weight: Int

    /// Creates a variant serving a version.
    public init(version: Int, weight: Int) {
      self.version = version
      self.weight = weight
    }

    /// Creates a variant serving whatever version `alias` names.
    public init(alias: String, weight: Int) {
      self.alias = alias
      self.weight = weight
    }

    /// What the variant serves.
    public var target: HubRolloutTarget? { HubRolloutTarget(version: version, alias: alias) }

    /// Creates a variant serving `target`.
    public init(_ target: HubRolloutTarget, weight: Int) {
      switch target {
      case .version(let number): self.init(version: number, weight: weight)
      case .alias(let name): self.init(alias: name, weight: weight)
      }
    }
  }

  /// A version served to the installations that match every condition given: a version
  /// number, or an alias of the model (exactly one of the two).
  public struct Rule: Codable, Sendable, Equatable {
    /// A published version number, or nil when ``alias`` names the version.
    public var version: Int?
    /// An alias of the model: the rule serves the version the alias names when the client asks.
    /// Nil when ``version`` is given.
    public var alias: String?
    /// Platforms this rule applies to (case-insensitive), or any.
    public var platforms: [String]?
    /// Lowest app version included (dotted numbers), or no lower bound.
    public var minAppVersion: String?
    /// Highest app version included, or no upper bound.
    public var maxAppVersion: String?
    /// Installations this rule applies to, or any.
    public var installationIds: [String]?

    /// Creates a rule serving a version.
    public init(
      version: Int, platforms: [String]? = nil, minAppVersion: String? = nil,
      maxAppVersion: String? = nil, installationIds: [String]? = nil
    ) {
      self.version = version
      self.platforms = platforms
      self.minAppVersion = minAppVersion
      self.maxAppVersion = maxAppVersion
      self.installationIds = installationIds
    }

    /// Creates a rule serving whatever version `alias` names.
    public init(
      alias: String, platforms: [String]? = nil, minAppVersion: String? = nil,
      maxAppVersion: String? = nil, installationIds: [String]? = nil
    ) {
      self.alias = alias
      self.platforms = platforms
      self.minAppVersion = minAppVersion
      self.maxAppVersion = maxAppVersion
      self.installationIds = installationIds
    }

    /// What the rule serves.
    public var target: HubRolloutTarget? { HubRolloutTarget(version: version, alias: alias) }
  }

  /// Weighted variants (may be empty when only rules are used; then unmatched installations get
  /// the latest published version).
  public var variants: [Variant]
  /// Targeting rules, checked in order before the variants.
  public var rules: [Rule]

  /// Creates a rollout.
  public init(variants: [Variant], rules: [Rule] = []) {
    self.variants = variants
    self.rules = rules
  }

  private enum CodingKeys: String, CodingKey { case variants, rules }

  /// Decodes a rollout; both lists default to empty.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    variants = try container.decodeIfPresent([Variant].self, forKey: .variants) ?? []
    rules = try container.decodeIfPresent([Rule].self, forKey: .rules) ?? []
  }
}

/// What a rollout's variant or rule serves: a version number, or the version an alias names at
/// the time of the request.
public enum HubRolloutTarget: Sendable, Hashable, CustomStringConvertible {
  /// A version number.
  case version(Int)
  /// An alias of the model.
  case alias(String)

  /// The target of a variant or rule's fields; nil unless exactly one is given.
  public init?(version: Int?, alias: String?) {
    switch (version, alias) {
    case (let number?, nil): self = .version(number)
    case (nil, let name?): self = .alias(name)
    default: return nil
    }
  }

  /// `3` or `canary`: how the command line writes it in `TARGET=PERCENT` (an all-digit alias
  /// is written `@2025`).
  public var label: String {
    switch self {
    case .version(let number): "\(number)"
    case .alias(let name): name.utf8.allSatisfy { (48...57).contains($0) } ? "@\(name)" : name
    }
  }

  /// Reads a ``label``: digits are a version, `@NAME` or any other text an alias (not checked
  /// here: the hub checks it).
  public init?(label: some StringProtocol) {
    if label.hasPrefix("@") {
      let name = label.dropFirst()
      guard !name.isEmpty else { return nil }
      self = .alias(String(name))
    } else if let number = Int(label), label.utf8.allSatisfy({ (48...57).contains($0) }) {
      self = .version(number)
    } else if label.isEmpty {
      return nil
    } else {
      self = .alias(String(label))
    }
  }

  /// `version 3` or `alias canary`.
  public var description: String {
    switch self {
    case .version(let number): "version \(number)"
    case .alias(let name): "alias \(name)"
    }
  }
}
