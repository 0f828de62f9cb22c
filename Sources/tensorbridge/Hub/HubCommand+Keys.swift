import ArgumentParser

extension HubCommand {
  /// `tensorbridge hub keys create|list|revoke --data DIR`: API keys, managed directly in the data
  /// folder's database (works while hubs run on it: they read keys on every request).
  struct Keys: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "keys", abstract: "Manage API keys.", subcommands: [Create.self, List.self, Revoke.self])
  }
}
