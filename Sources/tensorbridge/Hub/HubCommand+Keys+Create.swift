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

    @OptionGroup var target: HubKeyTarget

    @Option(name: .long, help: "admin (manage models) or client (read-only downloads).")
    var scope: String

    @Flag(name: .long, help: "Print JSON with id, key and scope.")
    var json = false

    func validate() throws {
      guard HubKeyScope(rawValue: scope) != nil else { throw ValidationError("--scope must be admin or client") }
      try target.check()
    }

    func run() async throws {
      guard let scope = HubKeyScope(rawValue: scope) else { return }
      let key = try await target.perform("create a key") { store in
        try await store.createKey(scope: scope)
      } throughAPI: { client in
        let body = try HubJSON.encoder().encode(HubCreateKeyRequest(scope: scope))
        return try await client.send(HubAPI.createKey, body: body, as: HubCreatedKey.self).0
      }
      if json {
        try HubJSON.encoder().printJSON(key)
      } else {
        print(key.key)
      }
    }
  }
}
