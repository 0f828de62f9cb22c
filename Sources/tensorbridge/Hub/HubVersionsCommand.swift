import ArgumentParser
import Foundation
import ModelHubAPI

/// `tensorbridge hub versions NAME`.
struct HubVersionsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "versions", abstract: "List a model's versions.")

  @Argument(help: "The model's name.")
  var name: String

  @OptionGroup var connection: HubConnectionOptions

  func run() throws {
    let client = try connection.client()
    let (list, raw) = try client.send(
      HubAPI.listVersions, ["name": name], as: HubVersionList.self)
    if connection.json { print(String(decoding: raw, as: UTF8.self)); return }
    for version in list.versions {
      let state = version.published ? "published" : "draft"
      let io = "\(version.validation.inputs.count) in, \(version.validation.outputs.count) out, \(version.validation.operators.count) ops"
      print("v\(version.version)  \(state)  \(version.sizeBytes) bytes  \(version.modelHash)  \(io)")
    }
  }
}

/// `tensorbridge hub publish NAME VERSION [--unpublish]`.
struct HubPublishCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "publish", abstract: "Publish (or unpublish) a version.")

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

  func run() throws {
    let client = try connection.client()
    let (result, raw) = try client.send(
      unpublish ? HubAPI.unpublishVersion : HubAPI.publishVersion, ["name": name, "version": String(version)],
      as: HubModelVersion.self)
    if connection.json { print(String(decoding: raw, as: UTF8.self)); return }
    print("\(name) v\(result.version) \(result.published ? "published" : "unpublished")")
  }
}

/// `tensorbridge hub rm NAME`.
struct HubRemoveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete a model and all its versions.")

  @Argument(help: "The model's name.")
  var name: String

  @OptionGroup var connection: HubConnectionOptions

  func run() throws {
    let client = try connection.client()
    struct Empty: Decodable, Sendable {}
    _ = try client.send(HubAPI.deleteModel, ["name": name], as: Empty.self)
    if !connection.json { print("\(name) deleted") } else { print("{}") }
  }
}
