import Foundation
import ModelHubAPI
import PostgresNIO

/// Reading and writing the hub's records as PostgreSQL rows: the same record types as the SQLite
/// store, JSON columns as text.
extension PostgresHubStore {
  static let modelColumns = "name, displayName, tags, createTime, updateTime, revision, rollout"
  static let versionColumns = "model, version, modelHash, sizeBytes, createTime, published, validation"

  // MARK: Models

  /// The models `query` selects (with ``modelColumns``).
  func models(_ connection: PostgresConnection, _ query: PostgresQuery) async throws -> [ModelRecord] {
    var records: [ModelRecord] = []
    let rows = try await connection.query(query, logger: logger)
    for try await (name, displayName, tags, createTime, updateTime, revision, rollout) in rows.decode(
      (String, String, String, Date, Date, Int, String?).self)
    {
      records.append(
        ModelRecord(
          name: name, displayName: displayName, tags: try Self.json([String].self, tags, "model", "tags"),
          createTime: createTime, updateTime: updateTime, revision: revision,
          rollout: try rollout.map { try Self.json(HubRollout.self, $0, "model", "rollout") }))
    }
    return records
  }

  /// Model `name`, its row locked until the transaction ends when `lock` is true.
  /// - Throws: ``HubError/modelNotFound(_:)``.
  func fetchModel(_ connection: PostgresConnection, _ name: String, lock: Bool = false) async throws -> ModelRecord {
    let suffix = lock ? " FOR UPDATE" : ""
    let query: PostgresQuery =
      "SELECT \(unescaped: Self.modelColumns) FROM model WHERE name = \(name)\(unescaped: suffix)"
    guard let record = try await models(connection, query).first else { throw HubError.modelNotFound(name) }
    return record
  }

  /// Writes a changed model row back.
  func update(_ connection: PostgresConnection, _ record: ModelRecord) async throws {
    let tags = try Self.jsonText(record.tags)
    let rollout = try record.rollout.map(Self.jsonText)
    try await connection.query(
      """
      UPDATE model SET displayName = \(record.displayName), tags = \(tags), updateTime = \(record.updateTime),
        revision = \(record.revision), rollout = \(rollout) WHERE name = \(record.name)
      """, logger: logger)
  }

  /// The wire form of a model, with its latest and latest published version numbers.
  func wireModel(_ connection: PostgresConnection, _ record: ModelRecord) async throws -> HubModel {
    let rows = try await connection.query(
      """
      SELECT MAX(version), MAX(version) FILTER (WHERE published) FROM version WHERE model = \(record.name)
      """, logger: logger)
    var latest: Int?
    var published: Int?
    for try await (all, shown) in rows.decode((Int?, Int?).self) { (latest, published) = (all, shown) }
    return record.wire(latestVersion: latest, latestPublishedVersion: published)
  }

  // MARK: Versions

  /// The versions `query` selects (with ``versionColumns``).
  func versions(_ connection: PostgresConnection, _ query: PostgresQuery) async throws -> [VersionRecord] {
    var records: [VersionRecord] = []
    let rows = try await connection.query(query, logger: logger)
    for try await (model, version, hash, size, createTime, published, validation) in rows.decode(
      (String, Int, String, Int64, Date, Bool, String).self)
    {
      records.append(
        VersionRecord(
          model: model, version: version, modelHash: hash, sizeBytes: size, createTime: createTime,
          published: published,
          validation: try Self.json(HubValidationReport.self, validation, "version", "validation")))
    }
    return records
  }

  /// Version `number` of model `name`.
  /// - Throws: ``HubError/modelNotFound(_:)``, ``HubError/versionNotFound(model:version:)``.
  func fetchVersion(_ connection: PostgresConnection, _ name: String, _ number: Int) async throws -> VersionRecord {
    _ = try await fetchModel(connection, name)
    let query: PostgresQuery =
      "SELECT \(unescaped: Self.versionColumns) FROM version WHERE model = \(name) AND version = \(number)"
    guard let record = try await versions(connection, query).first else {
      throw HubError.versionNotFound(model: name, version: number)
    }
    return record
  }

  /// The wire form of a version, with the id of the key that signed it and its aliases.
  func wireVersion(_ connection: PostgresConnection, _ record: VersionRecord) async throws -> HubModelVersion {
    var wire = record.wire
    let keys = try await connection.query(
      "SELECT keyID FROM versionSignature WHERE model = \(record.model) AND version = \(record.version)",
      logger: logger)
    for try await keyID in keys.decode(String.self) { wire.signingKeyID = keyID }
    wire.aliases = try await aliases(connection, record.model, record.version)
    return wire
  }

  /// The aliases naming `version` of model `name`, sorted.
  func aliases(_ connection: PostgresConnection, _ name: String, _ version: Int) async throws -> [String] {
    try await strings(
      connection, "SELECT alias FROM alias WHERE model = \(name) AND version = \(version) ORDER BY alias")
  }

  // MARK: Values

  /// The first column of every row of `query`, as text.
  func strings(_ connection: PostgresConnection, _ query: PostgresQuery) async throws -> [String] {
    var values: [String] = []
    for try await value in try await connection.query(query, logger: logger).decode(String.self) {
      values.append(value)
    }
    return values
  }

  /// Takes the transaction-scoped advisory lock of blob `hash` (held until commit or rollback).
  func lockBlob(_ connection: PostgresConnection, _ hash: String) async throws {
    try await connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\(hash), 0))", logger: logger)
  }

  /// Whether any committed version refers to blob `hash`.
  func isReferenced(_ connection: PostgresConnection, _ hash: String) async throws -> Bool {
    try await !strings(connection, "SELECT model FROM version WHERE modelHash = \(hash) LIMIT 1").isEmpty
  }

  static func json<T: Decodable>(_ type: T.Type, _ text: String, _ table: String, _ column: String) throws -> T {
    do { return try JSONDecoder().decode(type, from: Data(text.utf8)) } catch {
      throw HubPostgresError.malformedRow(table: table, column: column)
    }
  }

  static func jsonText<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}
