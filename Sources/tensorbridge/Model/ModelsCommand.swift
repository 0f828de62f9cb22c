import ArgumentParser

/// `tensorbridge models list|rm`: the local model store.
struct ModelsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "models",
    abstract: "List or remove models in the local store filled by `pull`.",
    subcommands: [List.self, Remove.self])
}
