import ArgumentParser
import Foundation
import ModelHub
import ModelHubAPI

extension HubCommand.Keys {
  /// Creates a key directly in the data folder (works while the hub runs).
  struct Create: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "create",
      abstract: "Create an API key; prints the secret once (the hub stores only its hash).")

    @Option(name: .long, help: "The hub's data folder.")
    var data: String

    @Option(name: .long, help: "admin (manage models) or client (read-only downloads).")
    var scope: String

    @Flag(name: .long, help: "Print JSON with id, key and scope.")
    var json = false

    func validate() throws {
      guard HubKeyScope(rawValue: scope) != nil else { throw ValidationError("--scope must be admin or client") }
    }

    func run() throws {
      guard let scope = HubKeyScope(rawValue: scope) else { return }
      let key: HubCreatedKey
      do { key = try HubStore(directory: URL(fileURLWithPath: data)).createKey(scope: scope) } catch {
        throw CLIFailure("cannot create a key in \(data): \(error)")
      }
      if json {
        print(String(decoding: try HubJSON.encoder().encode(key), as: UTF8.self))
      } else {
        print(key.key)
      }
    }
  }
}
