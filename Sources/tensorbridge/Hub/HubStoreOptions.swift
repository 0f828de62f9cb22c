import ArgumentParser
import Foundation
import ModelHub

/// `--data DIR [--database postgres://…]`: which hub store a command works on — the SQLite
/// database in the data folder, or a PostgreSQL database shared by several hubs (the data folder
/// then holds only this node's temporary files and blobs).
struct HubStoreOptions: ParsableArguments {
  @Option(name: .long, help: "The hub's data folder.")
  var data: String

  @Option(
    name: .long,
    help: "The hub's PostgreSQL database, postgres://user[:password]@host[:port]/database (default: SQLite in --data).")
  var database: String?

  func validate() throws { try Self.validate(database: database) }

  /// The parsed `--database` (nil for SQLite).
  func postgres() throws -> HubPostgresURL? { try Self.postgres(database) }

  /// The store, for messages: the database URL (no password) or the data folder.
  var described: String { Self.described(data: data, database: database) }

  /// Opens the store.
  /// - Throws: ``CLIFailure`` naming the store and why it cannot be opened.
  func open() async throws -> HubAdminStore { try await Self.open(data: data, database: database) }

  /// Opens the store, does `action` (`body`) in it and closes it.
  /// - Throws: ``CLIFailure`` `cannot <action> in <store>: <why>` when `body` fails, else what
  ///   opening the store throws.
  func perform<Result>(_ action: String, _ body: (HubAdminStore) async throws -> Result) async throws -> Result {
    try await Self.perform(action, data: data, database: database, body)
  }

  // For commands whose `--data` is optional (`hub keys create|revoke` also take `--hub URL`).

  /// Checks a `--database` value.
  static func validate(database: String?) throws {
    if let database {
      do { _ = try HubPostgresURL(database) } catch { throw ValidationError(error.description) }
    }
  }

  /// The parsed `--database` (nil for SQLite).
  static func postgres(_ database: String?) throws -> HubPostgresURL? {
    guard let database else { return nil }
    do { return try HubPostgresURL(database) } catch { throw CLIFailure(error.description) }
  }

  /// The store, for messages: the database URL (no password) or the data folder.
  static func described(data: String, database: String?) -> String {
    (try? postgres(database))?.map(\.description) ?? data
  }

  /// Opens the store of `data` and `database`.
  /// - Throws: ``CLIFailure`` naming the store and why it cannot be opened.
  static func open(data: String, database: String?) async throws -> HubAdminStore {
    do {
      return try await HubAdminStore.open(database: try postgres(database), directory: URL(fileURLWithPath: data))
    } catch let failure as CLIFailure {
      throw failure
    } catch {
      throw CLIFailure("cannot open the hub's store \(described(data: data, database: database)): \(error)")
    }
  }

  /// Opens the store of `data` and `database`, does `action` (`body`) in it and closes it.
  /// - Throws: ``CLIFailure`` `cannot <action> in <store>: <why>` when `body` fails, else what
  ///   opening the store throws.
  static func perform<Result>(
    _ action: String, data: String, database: String?, _ body: (HubAdminStore) async throws -> Result
  ) async throws -> Result {
    let store = try await open(data: data, database: database)
    defer { store.close() }
    do { return try await body(store) } catch {
      throw CLIFailure("cannot \(action) in \(described(data: data, database: database)): \(error)")
    }
  }
}
