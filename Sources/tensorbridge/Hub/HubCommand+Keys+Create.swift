import ArgumentParser
import Foundation
import ModelHub
import ModelHubAPI

extension HubCommand.Keys {
  /// Creates a key directly in the store, the data folder's or PostgreSQL (works while the hub runs), or through a running
  /// hub's API (`POST /v1/keys`, what the console does) with `--hub` and an admin key.
  struct Create: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "create",
      abstract: "Create an API key; prints the secret once (the hub stores only its hash).",
      discussion: """
        With --data the key is written to the data folder's database (or with --database too, to PostgreSQL); with --hub URL it is created \
        through that hub's API, authenticated by the admin key in $TENSORBRIDGE_HUB_KEY.
        """)

    @Option(name: .long, help: "The hub's data folder.")
    var data: String?

    @Option(
      name: .long,
      help:
        "The hub's PostgreSQL database, postgres://user[:password]@host[:port]/database (default: SQLite in --data).")
    var database: String?

    @Option(name: .long, help: "A running hub's URL, to create the key through its API instead.")
    var hub: String?

    @Option(name: .long, help: "admin (manage models) or client (read-only downloads).")
    var scope: String

    @Flag(name: .long, help: "Print JSON with id, key and scope.")
    var json = false

    func validate() throws {
      guard HubKeyScope(rawValue: scope) != nil else { throw ValidationError("--scope must be admin or client") }
      guard (data == nil) != (hub == nil) else { throw ValidationError("give either --data DIR or --hub URL") }
      guard database == nil || data != nil else { throw ValidationError("--database goes with --data, not --hub") }
      try HubStoreOptions.validate(database: database)
    }

    func run() async throws {
      guard let scope = HubKeyScope(rawValue: scope) else { return }
      let key: HubCreatedKey
      if let data {
        let store = try await HubStoreOptions.open(data: data, database: database)
        defer { store.close() }
        do { key = try await store.createKey(scope: scope) } catch {
          throw CLIFailure(
            "cannot create a key in \(HubStoreOptions.described(data: data, database: database)): \(error)")
        }
      } else {
        let client = try HubConnectionOptions.client(hub: hub)
        let body = try HubJSON.encoder().encode(HubCreateKeyRequest(scope: scope))
        key = try await client.send(HubAPI.createKey, body: body, as: HubCreatedKey.self).0
      }
      if json {
        print(String(decoding: try HubJSON.encoder().encode(key), as: UTF8.self))
      } else {
        print(key.key)
      }
    }
  }
}
