import ModelHubAPI

/// The serving state built from the stored records, the same whichever database they were read
/// from (SQLite or PostgreSQL).
extension HubServingSnapshot {
  /// The snapshot of the usable keys and every model: `models` with their `published` versions
  /// and their `aliases`.
  init(keys: [APIKeyRecord], published: [VersionRecord], aliases: [AliasRecord], models: [ModelRecord]) {
    self.init(keys: Self.keys(keys))
    let byModel = Dictionary(grouping: published, by: \.model)
    let aliases = Dictionary(grouping: aliases, by: \.model)
    for model in models {
      self.models[model.name] = HubServedModel(
        model, published: byModel[model.name] ?? [], aliases: aliases[model.name] ?? [])
    }
  }

  /// The scopes of the usable (unrevoked) key records by the hash of their secrets.
  static func keys(_ records: [APIKeyRecord]) -> [String: HubKeyScope] {
    Dictionary(records.map { ($0.keyHash, $0.scope) }, uniquingKeysWith: { a, _ in a })
  }
}

extension HubServedModel {
  /// The serving state of `model`: its rollout, its `published` versions and its `aliases`.
  init(_ model: ModelRecord, published: [VersionRecord], aliases: [AliasRecord]) {
    self.init(
      rollout: model.rollout,
      published: Dictionary(
        published.map { ($0.version, HubServedVersion(modelHash: $0.modelHash, sizeBytes: $0.sizeBytes)) },
        uniquingKeysWith: { a, _ in a }),
      aliases: Dictionary(aliases.map { ($0.alias, $0.version) }, uniquingKeysWith: { a, _ in a }))
  }
}
