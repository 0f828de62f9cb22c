import ArgumentParser
import Foundation
import ModelHubAPI

extension HubCommand {
  /// `tensorbridge hub versions NAME`.
  struct Versions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "versions",
      abstract: "List a model's versions, their aliases, and whether each is signed (and by which hub signing key).")

    @Argument(help: "The model's name.")
    var name: String

    @OptionGroup var connection: HubConnectionOptions

    func run() async throws {
      let client = try connection.client()
      let (list, raw) = try await client.send(
        HubAPI.listVersions, ["name": name], as: HubVersionList.self)
      connection.report(raw) {
        for version in list.versions {
          let state = version.published ? "published" : "draft"
          let io =
            "\(version.validation.inputs.count) in, \(version.validation.outputs.count) out, \(version.validation.operators.count) ops"
          let signature = version.signingKeyID.map { "signed by \($0)" } ?? "unsigned"
          let aliases = (version.aliases ?? []).isEmpty ? "" : "  [\((version.aliases ?? []).joined(separator: ", "))]"
          print(
            "v\(version.version)\(aliases)  \(state)  \(signature)  \(version.sizeBytes) bytes  \(version.modelHash)  \(io)"
          )
        }
      }
    }
  }
}
