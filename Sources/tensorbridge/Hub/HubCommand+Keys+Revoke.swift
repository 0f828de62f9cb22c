import ArgumentParser
import Foundation
import ModelHub
import ModelHubAPI

extension HubCommand.Keys {
  /// Revokes a key by id: refused by every hub on this data folder from its next request.
  struct Revoke: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "revoke", abstract: "Revoke an API key by id; running hubs refuse it from their next request.")

    @Option(name: .long, help: "The hub's data folder.")
    var data: String

    @Argument(help: "The key's id (from `hub keys list`).")
    var id: String

    func run() throws {
      let key: HubAPIKeyInfo
      do { key = try HubStore(directory: URL(fileURLWithPath: data)).revokeKey(id: id) } catch {
        throw CLIFailure("cannot revoke key '\(id)' in \(data): \(error)")
      }
      print("revoked \(key.id) (\(key.scope.rawValue))")
    }
  }
}
