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

    @OptionGroup var target: HubKeyTarget

    @Argument(help: "The key's id (from `hub keys list`).")
    var id: String

    func validate() throws {
      try target.check()
      guard id.allSatisfy({ $0.isLetter || $0.isNumber }), !id.isEmpty, id.count <= 64 else {
        throw ValidationError("'\(id)' is not a key id")
      }
    }

    func run() async throws {
      let key = try await target.perform("revoke key '\(id)'") { store in
        try await store.revokeKey(id: id)
      } throughAPI: { client in
        try await client.send(HubAPI.revokeKey, ["id": id], as: HubAPIKeyInfo.self).0
      }
      print("revoked \(key.id) (\(key.scope.rawValue))")
    }
  }
}
