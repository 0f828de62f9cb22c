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
      let snapshot = HubServingSnapshot(
        keys: try Self.unrevokedKeys(db), published: try VersionRecord.filter(Column("published") == true).fetchAll(db),
        aliases: try AliasRecord.fetchAll(db), models: try ModelRecord.fetchAll(db))
      return .all(snapshot, marker: marker)
    case .keys:
      return .keys(HubServingSnapshot.keys(try Self.unrevokedKeys(db)))
    case .model(let name):
      guard let model = try ModelRecord.fetchOne(db, key: name) else { return .model(name, nil) }
      let versions = try VersionRecord.filter(Column("model") == name && Column("published") == true).fetchAll(db)
      let aliases = try AliasRecord.filter(Column("model") == name).fetchAll(db)
      return .model(name, HubServedModel(model, published: versions, aliases: aliases))
    }
  }

  private static func unrevokedKeys(_ db: Database) throws -> [APIKeyRecord] {
    try APIKeyRecord.filter(Column("revokeTime") == nil).fetchAll(db)
  }
}

extension HubStore: HubMetadataStore {}
