import ArgumentParser
import Foundation
import ModelHub
import ModelHubAPI

/// `tensorbridge hub keys create|list|revoke --data DIR`: API keys, managed directly in the data
/// folder's database (works while hubs run on it: they read keys on every request).
struct HubKeysCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keys", abstract: "Manage API keys.", subcommands: [Create.self, List.self, Revoke.self])

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

  /// Lists the keys: id, scope, creation and revocation times (never secrets).
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List the API keys (ids, scopes, when created or revoked; never secrets).")

    @Option(name: .long, help: "The hub's data folder.")
    var data: String

    @Flag(name: .long, help: "Print JSON ({\"keys\": [...]}, as GET /v1/keys).")
    var json = false

    func run() throws {
      let keys: [HubAPIKeyInfo]
      do { keys = try HubStore(directory: URL(fileURLWithPath: data)).listKeys() } catch {
        throw CLIFailure("cannot list the keys in \(data): \(error)")
      }
      if json {
        print(String(decoding: try HubJSON.encoder().encode(HubAPIKeyList(keys: keys)), as: UTF8.self))
        return
      }
      let format = ISO8601DateFormatter()
      for key in keys {
        let state = key.revokeTime.map { "revoked \(format.string(from: $0))" } ?? "active"
        print("\(key.id)  \(key.scope.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0))  created \(format.string(from: key.createTime))  \(state)")
      }
    }
  }

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
