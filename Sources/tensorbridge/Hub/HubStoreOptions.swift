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

  func validate() throws {
    if let database {
      do { _ = try HubPostgresURL(database) } catch { throw ValidationError(error.description) }
    }
  }

  /// The parsed `--database` (nil for SQLite).
  func postgres() throws -> HubPostgresURL? {
    guard let database else { return nil }
    do { return try HubPostgresURL(database) } catch { throw CLIFailure(error.description) }
  }

  /// The store, for messages: the database URL (no password) or the data folder.
  var described: String { (try? postgres())?.map(\.description) ?? data }

  /// Opens the store.
  /// - Throws: ``CLIFailure`` naming the store and why it cannot be opened.
  func open() async throws -> HubAdminStore {
    do { return try await HubAdminStore.open(database: try postgres(), directory: URL(fileURLWithPath: data)) } catch {
      throw CLIFailure("cannot open the hub's store \(described): \(error)")
    }
  }
}
