/// How a model's published versions are served: targeting rules first, in order, then weighted
/// variants. Assignment is sticky: the same installation always lands in the same variant while
/// the weights stay the same.
public struct HubRollout: Codable, Sendable, Equatable {
  /// A version served to a share of installations.
  public struct Variant: Codable, Sendable, Equatable {
    /// A published version number.
    public var version: Int
    /// Percentage of installations, 0–100; all variants' weights add up to 100.
    public var weight: Int

    /// Creates a variant.
    public init(version: Int, weight: Int) {
      self.version = version
      self.weight = weight
    }
  }

  /// A version served to the installations that match every condition given.
  public struct Rule: Codable, Sendable, Equatable {
    /// A published version number.
    public var version: Int
    /// Platforms this rule applies to (case-insensitive), or any.
    public var platforms: [String]?
    /// Lowest app version included (dotted numbers), or no lower bound.
    public var minAppVersion: String?
    /// Highest app version included, or no upper bound.
    public var maxAppVersion: String?
    /// Installations this rule applies to, or any.
    public var installationIds: [String]?

    /// Creates a rule.
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
