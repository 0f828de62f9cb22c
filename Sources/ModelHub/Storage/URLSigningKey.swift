import Foundation
import GRDB

/// The one download-URL key of a hub store, kept in the metadata database (table
/// `urlSigningKey`, one row) so that every node sharing the database signs and accepts the same
/// URLs. The first node to open the store puts its data folder's `signing.key` there (so URLs it
/// issued before stay valid); every node then uses the stored key.
enum URLSigningKey {
  /// The table.
  static let table = "urlSigningKey"

  /// Migration `v6-url-signing-key` (SQLite form).
  @Sendable static func createTable(_ db: Database) throws {
    try db.create(table: table) { t in
      t.primaryKey("id", .integer).check(sql: "id = 1")
      t.column("secret", .blob).notNull().check(sql: "length(secret) = 32")
      t.column("createTime", .datetime).notNull()
    }
  }

  /// Migration `v6-url-signing-key` (PostgreSQL form; no notification: the key never changes).
  static let postgres = [
    """
    CREATE TABLE urlSigningKey (
      id integer PRIMARY KEY CHECK (id = 1), secret bytea NOT NULL CHECK (length(secret) = 32),
      createTime timestamptz NOT NULL)
    """
  ]

  /// The stored key, `candidate` stored first when there is none.
  static func sqlite(_ database: DatabasePool, candidate: Data, now: Date) async throws -> Data {
    try await database.write { db in
      try db.execute(
        sql: "INSERT INTO urlSigningKey (id, secret, createTime) VALUES (1, ?, ?) ON CONFLICT (id) DO NOTHING",
        arguments: [candidate, now])
      guard let secret = try Data.fetchOne(db, sql: "SELECT secret FROM urlSigningKey WHERE id = 1") else {
        throw HubError.internalError("the download-URL key is missing from the database")
      }
      return secret
    }
  }
}
