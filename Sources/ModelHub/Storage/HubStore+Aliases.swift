import Foundation
import GRDB
import ModelHubAPI

/// Aliases: movable names for published versions, set, moved and removed in one transaction each.
extension HubStore {
  /// Points `alias` of model `name` at `version` (creating or moving it).
  /// - Throws: ``HubError/invalidArgument(_:)`` for a malformed alias, ``HubError/modelNotFound(_:)``,
  ///   ``HubError/versionNotFound(model:version:)``, or ``HubError/failedPrecondition(_:)`` when the
  ///   version is not published.
  func setAlias(_ name: String, _ alias: String, version number: Int, now: Date) async throws -> HubModelVersion {
    try HubName.check(name)
    try Self.checkAlias(alias)
    return try await database.write { db in
      let version = try Self.fetchVersion(db, name, number)
      try version.checkAliasable()
      try AliasRecord(model: name, alias: alias, version: number, updateTime: now).upsert(db)
      return try Self.wireVersion(db, version)
    }
  }

  /// Removes `alias` of model `name`; returns the version it named.
  /// - Throws: ``HubError/aliasNotFound(model:alias:)`` when there is no such alias.
  func removeAlias(_ name: String, _ alias: String) async throws -> HubModelVersion {
    try HubName.check(name)
    try Self.checkAlias(alias)
    return try await database.write { db in
      if let model = try ModelRecord.fetchOne(db, key: name) {
        try model.rollout?.checkAliasRemovable(alias, model: name)
      }
      guard let record = try AliasRecord.fetchOne(db, key: ["model": name, "alias": alias]) else {
        _ = try Self.fetchVersion(db, name, 1)  // MODEL_NOT_FOUND first when the model is missing.
        throw HubError.aliasNotFound(model: name, alias: alias)
      }
      try record.delete(db)
      return try Self.wireVersion(db, try Self.fetchVersion(db, name, record.version))
    }
  }

  /// The aliases naming `version` of model `name`, sorted.
  static func aliases(_ db: Database, _ name: String, _ version: Int) throws -> [String] {
    try String.fetchAll(
      db, sql: "SELECT alias FROM alias WHERE model = ? AND version = ? ORDER BY alias", arguments: [name, version])
  }

  static func checkAlias(_ alias: String) throws(HubError) {
    guard HubAliasName.isValid(alias) else {
      throw .invalidArgument("Alias '\(alias.prefix(80))' is not valid: use \(HubAliasName.ruleDescription).")
    }
  }
}
