import ArgumentParser
import Foundation
import ModelHub
import ModelHubAPI

extension HubCommand.Keys {
  /// Creates a key directly in the store (works while the hub runs).
  struct Create: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "create",
      abstract: "Create an API key; prints the secret once (the hub stores only its hash).")

    @OptionGroup var store: HubStoreOptions

    @Option(name: .long, help: "admin (manage models) or client (read-only downloads).")
    var scope: String

    @Flag(name: .long, help: "Print JSON with id, key and scope.")
    var json = false

    func validate() throws {
      guard HubKeyScope(rawValue: scope) != nil else { throw ValidationError("--scope must be admin or client") }
    }

    func run() async throws {
      guard let scope = HubKeyScope(rawValue: scope) else { return }
      let key: HubCreatedKey
      let opened = try await store.open()
      defer { opened.close() }
      do { key = try await opened.createKey(scope: scope) } catch {
        throw CLIFailure("cannot create a key in \(store.described): \(error)")
      }
      if json {
        print(String(decoding: try HubJSON.encoder().encode(key), as: UTF8.self))
      } else {
        print(key.key)
      }
    }
  }
}
