import ArgumentParser
import Foundation
import ModelHubAPI

extension HubCommand {
  /// `tensorbridge hub openapi`: print the OpenAPI document the hub serves at `/openapi.json`,
  /// byte for byte (`tensorbridge hub openapi > docs/openapi.json` refreshes the committed copy).
  struct OpenAPI: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "openapi", abstract: "Print the hub's OpenAPI document (as served at /openapi.json).")

    func run() throws {
      do { FileHandle.standardOutput.write(try ModelHubOpenAPI.data()) } catch { throw CLIFailure(error) }
    }
  }
}
