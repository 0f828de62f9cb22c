import Foundation
import ModelHubAPI
import PostgresNIO

/// The serving state read from PostgreSQL for ``HubServingStore``, and the change marker that
/// follows every node's commits through LISTEN/NOTIFY.
extension PostgresHubStore: HubMetadataStore {
  func loadServing(_ part: HubServingPart, apply: @escaping @Sendable (HubServingLoad) -> Void) async throws {
    // One load at a time in this process, each reading after the previous one was applied, so a
    // later load never reflects fewer commits than an earlier one.
    try await loads.run {
      let marker = listener.marker()
      let load = try await read { connection in try await self.load(part, connection, marker: marker) }
      apply(load)
    }
  }

  func changeMarker() -> HubChangeMarker { listener.marker() }

  private func load(_ part: HubServingPart, _ connection: PostgresConnection, marker: HubChangeMarker) async throws
    -> HubServingLoad
  {
    switch part {
    case .all:
      let snapshot = HubServingSnapshot(
        keys: try await unrevokedKeys(connection),
        published: try await versions(
          connection, "SELECT \(unescaped: Self.versionColumns) FROM version WHERE published"),
        aliases: try await aliasRows(connection, nil),
        models: try await models(connection, "SELECT \(unescaped: Self.modelColumns) FROM model"))
      return .all(snapshot, marker: marker)
    case .keys:
      return .keys(HubServingSnapshot.keys(try await unrevokedKeys(connection)))
    case .model(let name):
      guard
        let model = try await models(
          connection, "SELECT \(unescaped: Self.modelColumns) FROM model WHERE name = \(name)"
        )
        .first
      else { return .model(name, nil) }
      let versions = try await versions(
        connection, "SELECT \(unescaped: Self.versionColumns) FROM version WHERE model = \(name) AND published")
      return .model(name, HubServedModel(model, published: versions, aliases: try await aliasRows(connection, name)))
    }
  }

  private func unrevokedKeys(_ connection: PostgresConnection) async throws -> [APIKeyRecord] {
    try await keyRecords(connection, "SELECT \(unescaped: Self.keyColumns) FROM apiKey WHERE revokeTime IS NULL")
  }

  private func aliasRows(_ connection: PostgresConnection, _ name: String?) async throws -> [AliasRecord] {
    let query: PostgresQuery =
      if let name {
        "SELECT model, alias, version, updateTime FROM alias WHERE model = \(name)"
      } else {
        "SELECT model, alias, version, updateTime FROM alias"
      }
    var records: [AliasRecord] = []
    for try await (model, alias, version, updateTime) in try await connection.query(query, logger: logger).decode(
      (String, String, Int, Date).self)
    {
      records.append(AliasRecord(model: model, alias: alias, version: version, updateTime: updateTime))
    }
    return records
  }
}
