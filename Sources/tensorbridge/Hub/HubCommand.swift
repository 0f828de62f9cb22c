import ArgumentParser
import Foundation

/// `tensorbridge hub …`: run a ModelHub server and manage the models it hosts.
struct HubCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "hub",
    abstract: "Run a self-hosted model hub and manage its models.",
    discussion: """
      Commands other than `serve` and `keys` talk to a hub at --hub (default $TENSORBRIDGE_HUB_URL, \
      else http://127.0.0.1:8080) with the admin key in $TENSORBRIDGE_HUB_KEY.
      """,
    subcommands: [
      Serve.self, Keys.self, Deploy.self, List.self, Versions.self, Publish.self, Rollout.self, Alias.self, Remove.self,
      Downloads.self,
      OpenAPI.self, SigningKeys.self, Migrate.self,
    ])
}
