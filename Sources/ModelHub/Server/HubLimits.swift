import ModelHubAPI

/// Every limit the hub documents (README, OpenAPI), in one place. Each holds exactly at its
/// boundary: a value at the limit is accepted, one past it is refused with a 4xx naming the
/// limit (`LimitTests` checks each one).
enum HubLimits {
  /// Model names and tags: 1 to 60 of `[A-Za-z0-9_-]`.
  static let nameCharacters = HubName.maxLength
  /// Tags per model.
  static let tagsPerModel = 20
  /// `displayName` characters (one line).
  static let displayNameCharacters = 200
  /// `X-Installation-Id`, `X-Platform` and `X-App-Version` header values, in bytes.
  static let headerBytes = 200
  /// `pageSize` of `GET /v1/models`.
  static let pageSize = 100
  /// Weighted variants per rollout.
  static let variantsPerRollout = 20
  /// Targeting rules per rollout.
  static let rulesPerRollout = 100
  /// Installation ids listed in one rollout, over all its rules.
  static let installationIDsPerRollout = 10_000
  /// Characters of a listed installation id (printable ASCII, as the header can carry).
  static let installationIDCharacters = headerBytes
  /// Platforms per rule.
  static let platformsPerRule = 20
  /// JSON request bodies other than rollouts, in bytes.
  static let jsonBodyBytes = 64 * 1024
  /// The body of `PUT /v1/models/{name}/rollout`, in bytes: 8 MiB, so that every rollout within
  /// the limits above fits even written as compact JSON with every id at its longest and every
  /// character escaped (about 5 MB).
  static let rolloutBodyBytes = 8 * 1024 * 1024
}
