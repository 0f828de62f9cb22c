import ArgumentParser
import Foundation
import ModelHub
import ModelHubAPI

extension HubCommand.Keys {
  /// Revokes a key by id: refused by every hub on this store from its next request.
  struct Revoke: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "revoke", abstract: "Revoke an API key by id; running hubs refuse it from their next request.")

    @OptionGroup var store: HubStoreOptions

    @Argument(help: "The key's id (from `hub keys list`).")
    var id: String

    func run() async throws {
      let key: HubAPIKeyInfo
      let opened = try await store.open()
      defer { opened.close() }
      do { key = try await opened.revokeKey(id: id) } catch {
        throw CLIFailure("cannot revoke key '\(id)' in \(store.described): \(error)")
      }
      print("revoked \(key.id) (\(key.scope.rawValue))")
    }
  }
}
