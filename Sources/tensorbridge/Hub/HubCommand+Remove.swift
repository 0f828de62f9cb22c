import ArgumentParser
import Foundation
import ModelHubAPI

extension HubCommand {
  /// `tensorbridge hub rm NAME`.
  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete a model and all its versions.")

    @Argument(help: "The model's name.")
    var name: String

    @OptionGroup var connection: HubConnectionOptions

    func run() async throws {
      let client = try connection.client()
      struct Empty: Decodable, Sendable {}
      _ = try await client.send(HubAPI.deleteModel, ["name": name], as: Empty.self)
      if !connection.json { print("\(name) deleted") } else { print("{}") }
    }
  }
}
