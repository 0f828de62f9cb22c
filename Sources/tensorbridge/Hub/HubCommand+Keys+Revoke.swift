import ArgumentParser
import Foundation
import ModelHub
import ModelHubAPI

extension HubCommand.Keys {
  /// Revokes a key by id: refused by every hub on this store (data folder or PostgreSQL) from its next request. With
  /// `--hub` it goes through a running hub's API (`POST /v1/keys/{id}:revoke`), as the console does.
  struct Revoke: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "revoke", abstract: "Revoke an API key by id; running hubs refuse it from their next request.")

    @Option(name: .long, help: "The hub's data folder.")
    var data: String?

    @Option(
      name: .long,
      help:
        "The hub's PostgreSQL database, postgres://user[:password]@host[:port]/database (default: SQLite in --data).")
    var database: String?

    @Option(name: .long, help: "A running hub's URL, to revoke through its API (admin key in $TENSORBRIDGE_HUB_KEY).")
    var hub: String?

    @Argument(help: "The key's id (from `hub keys list`).")
    var id: String

    func validate() throws {
      guard (data == nil) != (hub == nil) else { throw ValidationError("give either --data DIR or --hub URL") }
      guard database == nil || data != nil else { throw ValidationError("--database goes with --data, not --hub") }
      try HubStoreOptions.validate(database: database)
      guard id.allSatisfy({ $0.isLetter || $0.isNumber }), !id.isEmpty, id.count <= 64 else {
        throw ValidationError("'\(id)' is not a key id")
      }
    }

    func run() async throws {
      let key: HubAPIKeyInfo
      if let data {
        let store = try await HubStoreOptions.open(data: data, database: database)
        defer { store.close() }
        do { key = try await store.revokeKey(id: id) } catch {
          throw CLIFailure(
            "cannot revoke key '\(id)' in \(HubStoreOptions.described(data: data, database: database)): \(error)")
        }
      } else {
        let client = try HubConnectionOptions.client(hub: hub)
        key = try await client.send(HubAPI.revokeKey, ["id": id], as: HubAPIKeyInfo.self).0
      }
      print("revoked \(key.id) (\(key.scope.rawValue))")
    }
  }
}
