import Foundation
import GRDB
import ModelHubAPI

/// The serving state read from SQLite for ``HubServingStore``.
extension HubStore {
  func loadServing(_ part: HubServingPart, apply: @escaping @Sendable (HubServingLoad) -> Void) async throws {
    let changes = self.changes
    // On the writer queue: loads are serialized with every write of this process, so a later
    // load never reflects fewer commits than an earlier one.
    try await self.database.writeWithoutTransaction { db in
      var load = HubServingLoad.keys([:])
      try db.inTransaction(.deferred) {
        load = try Self.load(part, db, changes: changes)
        return .commit
      }
      apply(load)
    }
  }

  func changeMarker() -> HubChangeMarker { changes.read() }

  private static func load(_ part: HubServingPart, _ db: Database, changes: SQLiteChangeMarker) throws
    -> HubServingLoad
  {
    switch part {
    case .all:
      let marker = changes.read()
      var snapshot = HubServingSnapshot(keys: try Self.servingKeys(db))
      let versions = try VersionRecord.filter(Column("published") == true).fetchAll(db)
      let byModel = Dictionary(grouping: versions, by: \.model)
      let aliases = Dictionary(grouping: try AliasRecord.fetchAll(db), by: \.model)
      for model in try ModelRecord.fetchAll(db) {
        snapshot.models[model.name] = Self.served(model, byModel[model.name] ?? [], aliases[model.name] ?? [])
      }
      return .all(snapshot, marker: marker)
    case .keys:
      return .keys(try Self.servingKeys(db))
    case .model(let name):
      guard let model = try ModelRecord.fetchOne(db, key: name) else { return .model(name, nil) }
      let versions = try VersionRecord.filter(Column("model") == name && Column("published") == true).fetchAll(db)
      let aliases = try AliasRecord.filter(Column("model") == name).fetchAll(db)
      return .model(name, Self.served(model, versions, aliases))
    }
  }

  private static func servingKeys(_ db: Database) throws -> [String: HubKeyScope] {
    let rows = try APIKeyRecord.filter(Column("revokeTime") == nil).fetchAll(db)
    return Dictionary(rows.map { ($0.keyHash, $0.scope) }, uniquingKeysWith: { a, _ in a })
  }

  private static func served(_ model: ModelRecord, _ versions: [VersionRecord], _ aliases: [AliasRecord])
    -> HubServedModel
  {
    HubServedModel(
      rollout: model.rollout,
      published: Dictionary(
        versions.map { ($0.version, HubServedVersion(modelHash: $0.modelHash, sizeBytes: $0.sizeBytes)) },
        uniquingKeysWith: { a, _ in a }),
      aliases: Dictionary(aliases.map { ($0.alias, $0.version) }, uniquingKeysWith: { a, _ in a }))
  }
}

extension HubStore: HubMetadataStore {}
