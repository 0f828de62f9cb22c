import ArgumentParser
import ModelHub

/// `tensorbridge hub openapi`: print the OpenAPI document the hub serves at `/openapi.json`.
struct HubOpenAPICommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "openapi", abstract: "Print the hub's OpenAPI document (as served at /openapi.json).")

  func run() throws { print(ModelHubOpenAPI.document) }
}
