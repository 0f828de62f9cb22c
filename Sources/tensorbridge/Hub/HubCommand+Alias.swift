import ArgumentParser
import Foundation
import ModelHubAPI

extension HubCommand {
  /// `tensorbridge hub alias set NAME ALIAS VERSION` and `hub alias rm NAME ALIAS`.
  struct Alias: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "alias",
      abstract: "Name published versions with movable aliases (stable, canary…).",
      discussion: """
        Clients ask for an alias's version with `tensorbridge pull NAME --alias ALIAS` (or \
        ModelDownloader.getModel(name:alias:downloadType:)); `hub versions` shows the aliases.
        """,
      subcommands: [Set.self, Remove.self])

    /// Checks an alias against the hub's rule before it goes into a URL.
    static func check(_ alias: String) throws {
      guard HubAliasName.isValid(alias) else {
        throw ValidationError("'\(alias)' is not an alias: use \(HubAliasName.ruleDescription)")
      }
    }
  }
}

extension HubCommand.Alias {
  /// `tensorbridge hub alias set NAME ALIAS VERSION`: creates or moves the alias in one step.
  struct Set: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "set", abstract: "Point ALIAS at VERSION (a published version), creating or moving it.")

    @Argument(help: "The model's name.")
    var name: String

    @Argument(help: "The alias: 1 to 40 lowercase letters, digits or '-'.")
    var alias: String

    @Argument(help: "The version number.")
    var version: Int

    @OptionGroup var connection: HubConnectionOptions

    func validate() throws {
      try HubCommand.Alias.check(alias)
      guard version >= 1 else { throw ValidationError("VERSION is a number from 1") }
    }

    func run() async throws {
      let (result, raw) = try await connection.client().send(
        HubAPI.setAlias, ["name": name, "alias": alias],
        body: try HubJSON.encoder().encode(HubSetAliasRequest(version: version)), as: HubModelVersion.self)
      connection.report(raw) { print("\(name): \(alias) -> v\(result.version)") }
    }
  }

  /// `tensorbridge hub alias rm NAME ALIAS`.
  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove an alias.")

    @Argument(help: "The model's name.")
    var name: String

    @Argument(help: "The alias.")
    var alias: String

    @OptionGroup var connection: HubConnectionOptions

    func validate() throws { try HubCommand.Alias.check(alias) }

    func run() async throws {
      let (result, raw) = try await connection.client().send(
        HubAPI.deleteAlias, ["name": name, "alias": alias], as: HubModelVersion.self)
      connection.report(raw) { print("\(name): \(alias) removed (it named v\(result.version))") }
    }
  }
}
