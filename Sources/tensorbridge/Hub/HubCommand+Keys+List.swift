import ArgumentParser
import Foundation
import ModelHub
import ModelHubAPI

extension HubCommand.Keys {
  /// Lists the keys: id, scope, creation and revocation times (never secrets).
  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List the API keys (ids, scopes, when created or revoked; never secrets).")

    @OptionGroup var store: HubStoreOptions

    @Flag(name: .long, help: "Print JSON ({\"keys\": [...]}, as GET /v1/keys).")
    var json = false

    func run() async throws {
      let keys = try await store.perform("list the keys") { try await $0.listKeys() }
      if json {
        try HubJSON.encoder().printJSON(HubAPIKeyList(keys: keys))
        return
      }
      let format = ISO8601DateFormatter()
      for key in keys {
        let state = key.revokeTime.map { "revoked \(format.string(from: $0))" } ?? "active"
        print(
          "\(key.id)  \(key.scope.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0))  created \(format.string(from: key.createTime))  \(state)"
        )
      }
    }
  }
}
