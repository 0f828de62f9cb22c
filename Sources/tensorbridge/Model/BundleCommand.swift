import ArgumentParser

/// `tensorbridge bundle init|validate`: write and check Tensor/IO model bundles.
struct BundleCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bundle",
    abstract: "Create and check model bundles (.tiobundle folders with model.json).",
    subcommands: [Init.self, Validate.self])
}
