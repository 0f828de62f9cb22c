import Foundation
import GRDB

/// One versioned change of the hub's schema, written for both backends side by side: the SQLite
/// form (a GRDB migration, applied by `DatabaseMigrator`, recorded in `grdb_migrations`) and the
/// PostgreSQL form (SQL statements, recorded in `schema_migrations`). Never edit a shipped
/// migration; add the next one to ``HubMigration/all``.
struct HubMigration: Sendable {
  /// The identifier both backends record once the migration is applied (`v1`, `v4-aliases`).
  let id: String
  /// The SQLite form.
  let sqlite: @Sendable (Database) throws -> Void
  /// The PostgreSQL form, run in order inside one transaction.
  let postgres: [String]

  /// Every migration, oldest first: the schema this binary expects is all of them applied.
  static let all: [HubMigration] = [
    HubMigration(id: "v1", sqlite: HubDatabase.createCoreTables, postgres: PostgresSchema.v1),
    HubMigration(id: "v2-key-revocation", sqlite: HubDatabase.addKeyRevocation, postgres: PostgresSchema.v2),
    HubMigration(id: "v3-model-signing", sqlite: HubDatabase.createSigningTables, postgres: PostgresSchema.v3),
    HubMigration(id: "v4-aliases", sqlite: HubDatabase.createAliasTable, postgres: PostgresSchema.v4),
    HubMigration(
      id: "v5-download-counts", sqlite: HubDatabase.createDownloadCountTable, postgres: PostgresSchema.v5),
    HubMigration(id: "v6-url-signing-key", sqlite: URLSigningKey.createTable, postgres: URLSigningKey.postgres),
  ]

  /// The identifiers of ``all``, in order.
  static var identifiers: [String] { all.map(\.id) }
}

/// The PostgreSQL form of each migration: the same tables, columns and constraints as the SQLite
/// form (names unquoted, so PostgreSQL folds them to lower case), JSON kept as text, times as
/// `timestamptz`, bytes as `bytea`. Every table holding serving state has a statement trigger
/// notifying `tensorbridge_changes`, so a change made by any client — a row edited by hand
/// included — reaches every hub node; `downloadCount` has none (it is not serving state, and a
/// batch of counts written every few seconds must not make every node reload).
enum PostgresSchema {
  /// The statement trigger that notifies the hub nodes of a change to `table`.
  static func notifying(_ table: String) -> String {
    """
    CREATE TRIGGER \(table)_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON \(table)
    FOR EACH STATEMENT EXECUTE FUNCTION tensorbridge_notify()
    """
  }

  static let v1 = [
    """
    CREATE FUNCTION tensorbridge_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_notify('tensorbridge_changes', TG_TABLE_NAME); RETURN NULL; END $$
    """,
    """
    CREATE TABLE model (
      name text PRIMARY KEY, displayName text NOT NULL, tags text NOT NULL,
      createTime timestamptz NOT NULL, updateTime timestamptz NOT NULL, revision bigint NOT NULL, rollout text)
    """,
    """
    CREATE TABLE version (
      model text NOT NULL REFERENCES model(name) ON DELETE CASCADE, version bigint NOT NULL,
      modelHash text NOT NULL, sizeBytes bigint NOT NULL, createTime timestamptz NOT NULL,
      published boolean NOT NULL, validation text NOT NULL, PRIMARY KEY (model, version))
    """,
    "CREATE INDEX version_modelHash ON version(modelHash)",
    """
    CREATE TABLE apiKey (
      id text PRIMARY KEY, keyHash text NOT NULL UNIQUE, scope text NOT NULL, createTime timestamptz NOT NULL)
    """,
    notifying("model"), notifying("version"), notifying("apiKey"),
  ]

  static let v2 = ["ALTER TABLE apiKey ADD COLUMN revokeTime timestamptz"]

  static let v3 = [
    """
    CREATE TABLE signingKey (
      id text PRIMARY KEY, hint text NOT NULL UNIQUE, publicKey text NOT NULL, sealedPrivateKey bytea,
      role text NOT NULL CHECK (role IN ('signing', 'verifying', 'retired')),
      createTime timestamptz NOT NULL, retireTime timestamptz)
    """,
    "CREATE UNIQUE INDEX signingKey_oneSigning ON signingKey(role) WHERE role = 'signing'",
    """
    CREATE TABLE versionSignature (
      model text NOT NULL, version bigint NOT NULL, keyID text NOT NULL REFERENCES signingKey(id),
      bundle bytea NOT NULL, createTime timestamptz NOT NULL, PRIMARY KEY (model, version),
      FOREIGN KEY (model, version) REFERENCES version(model, version) ON DELETE CASCADE)
    """,
    notifying("signingKey"), notifying("versionSignature"),
  ]

  static let v4 = [
    """
    CREATE TABLE alias (
      model text NOT NULL,
      alias text NOT NULL CHECK (alias ~ '^[a-z0-9-]{1,40}$'),
      version bigint NOT NULL, updateTime timestamptz NOT NULL, PRIMARY KEY (model, alias),
      FOREIGN KEY (model, version) REFERENCES version(model, version) ON DELETE CASCADE)
    """,
    notifying("alias"),
  ]

  static let v5 = [
    """
    CREATE TABLE downloadCount (
      model text NOT NULL, version bigint NOT NULL,
      day text NOT NULL CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      count bigint NOT NULL CHECK (count >= 0), PRIMARY KEY (model, version, day),
      FOREIGN KEY (model, version) REFERENCES version(model, version) ON DELETE CASCADE)
    """
  ]
}
