import Foundation
import ModelHubAPI
import PostgresNIO

/// Rollouts and aliases, one transaction each, under the model's row lock.
extension PostgresHubStore {
  func setRollout(_ name: String, _ rollout: HubRollout?, now: Date) async throws -> HubRollout? {
    try HubName.check(name)
    if let rollout { try RolloutAssigner.check(rollout) }
    return try await write { connection in
      var model = try await fetchModel(connection, name, lock: true)
      if let rollout {
        var published = Set<Int>()
        for try await number in try await connection.query(
          "SELECT version FROM version WHERE model = \(name) AND published", logger: logger
        ).decode(Int.self) {
          published.insert(number)
        }
        var aliases = Set<String>()
        for try await alias in try await connection.query(
          "SELECT alias FROM alias WHERE model = \(name)", logger: logger
        ).decode(String.self) {
          aliases.insert(alias)
        }
        try rollout.checkTargets(model: name, published: published, aliases: aliases)
      }
      model.rollout = rollout
      model.touch(now)
      try await update(connection, model)
      return rollout
    }
  }

  func rollout(of name: String) async throws -> HubRollout? {
    try HubName.check(name)
    return try await read { connection in try await fetchModel(connection, name).rollout }
  }

  func setAlias(_ name: String, _ alias: String, version number: Int, now: Date) async throws -> HubModelVersion {
    try HubName.check(name)
    try HubStore.checkAlias(alias)
    return try await write { connection in
      _ = try await fetchModel(connection, name, lock: true)
      let version = try await fetchVersion(connection, name, number)
      try version.checkAliasable()
      try await connection.query(
        """
        INSERT INTO alias (model, alias, version, updateTime) VALUES (\(name), \(alias), \(number), \(now))
        ON CONFLICT (model, alias) DO UPDATE SET version = EXCLUDED.version, updateTime = EXCLUDED.updateTime
        """, logger: logger)
      return try await wireVersion(connection, version)
    }
  }

  func removeAlias(_ name: String, _ alias: String) async throws -> HubModelVersion {
    try HubName.check(name)
    try HubStore.checkAlias(alias)
    return try await write { connection in
      let model = try await fetchModel(connection, name, lock: true)
      try model.rollout?.checkAliasRemovable(alias, model: name)
      var removed: Int?
      for try await number in try await connection.query(
        "DELETE FROM alias WHERE model = \(name) AND alias = \(alias) RETURNING version", logger: logger
      ).decode(Int.self) {
        removed = number
      }
      guard let removed else { throw HubError.aliasNotFound(model: name, alias: alias) }
      return try await wireVersion(connection, try await fetchVersion(connection, name, removed))
    }
  }
}
