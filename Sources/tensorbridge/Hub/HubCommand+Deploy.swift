import ArgumentParser
import Foundation
import ModelHubAPI

extension HubCommand {
  /// `tensorbridge hub deploy NAME MODEL.tflite [--tags t1,t2] [--publish]`: creates the model if
  /// needed and uploads the file as its next version.
  struct Deploy: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "deploy", abstract: "Upload a .tflite file as a model's next version (creating the model).")

    @Argument(help: "The model's name.")
    var name: String

    @Argument(help: "The .tflite file.")
    var model: String

    @Option(name: .long, help: "Comma-separated tags, set on the model.")
    var tags: String?

    @Option(name: .customLong("display-name"), help: "A human-readable name for a new model.")
    var displayName: String?

    @Flag(name: .long, help: "Publish the new version at once.")
    var publish = false

    @OptionGroup var connection: HubConnectionOptions

    func run() async throws {
      let client = try connection.client()
      let bytes = try CLIFailure.read("model file", at: model)
      let tagList = tags.map {
        $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      }
      do {
        let request = HubCreateModelRequest(name: name, displayName: displayName, tags: tagList)
        _ = try await client.send(HubAPI.createModel, body: try HubJSON.encoder().encode(request), as: HubModel.self)
      } catch let failure as CLIFailure where failure.description.contains("ALREADY_EXISTS") {
        if tagList != nil || displayName != nil {
          let update = HubUpdateModelRequest(displayName: displayName, tags: tagList)
          _ = try await client.send(
            HubAPI.updateModel, ["name": name], body: try HubJSON.encoder().encode(update), as: HubModel.self)
        }
      }
      let (version, raw) = try await client.send(
        HubAPI.uploadVersion, ["name": name], query: publish ? [URLQueryItem(name: "publish", value: "true")] : [],
        body: bytes, contentType: "application/octet-stream", as: HubModelVersion.self)
      connection.report(raw) {
        print(
          "\(name) version \(version.version)\(version.published ? " (published)" : ""): \(version.sizeBytes) bytes, sha256 \(version.modelHash)"
        )
        if let loads = version.validation.runtimeLoads, !loads {
          print("note: LiteRT on the hub could not load it: \(version.validation.runtimeError ?? "unknown reason")")
        }
      }
    }
  }
}
