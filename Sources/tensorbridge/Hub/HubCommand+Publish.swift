import ArgumentParser
import Foundation
import ModelHubAPI

extension HubCommand {
  /// `tensorbridge hub publish NAME VERSION [--unpublish]`.
  struct Publish: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "publish", abstract: "Publish (or unpublish) a version.")

    @Argument(help: "The model's name.")
    var name: String

    @Argument(help: "The version number.")
    var version: Int

    @Flag(name: .long, help: "Unpublish instead.")
    var unpublish = false

    @OptionGroup var connection: HubConnectionOptions

    func validate() throws {
      guard version >= 1 else { throw ValidationError("VERSION is a number from 1") }
    }

    func run() async throws {
      let client = try connection.client()
      let (result, raw) = try await client.send(
        unpublish ? HubAPI.unpublishVersion : HubAPI.publishVersion, ["name": name, "version": String(version)],
        as: HubModelVersion.self)
      connection.report(raw) { print("\(name) v\(result.version) \(result.published ? "published" : "unpublished")") }
    }
  }
}
