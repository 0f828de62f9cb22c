import ArgumentParser
import Foundation
import ModelHubAPI
import TensorBridgeDelivery

/// `tensorbridge models list|rm`: the local model store.
struct ModelsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "models",
    abstract: "List or remove models in the local store filled by `pull`.",
    subcommands: [ModelsListCommand.self, ModelsRemoveCommand.self])
}

/// `tensorbridge models list`.
struct ModelsListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "list", abstract: "List downloaded models.")

  @OptionGroup var store: ModelStoreOptions

  @Flag(name: .long, help: "Print JSON.")
  var json = false

  func run() throws {
    let directory = store.directoryURL
    let models = try BlockingTask.run {
      await ModelDownloader(hubURL: URL(fileURLWithPath: "/"), clientKey: "", directory: directory).listDownloadedModels()
    }
    if json {
      print(String(decoding: try HubJSON.encoder().encode(models), as: UTF8.self))
      return
    }
    guard !models.isEmpty else {
      print("no models in \(directory.path)")
      return
    }
    print("NAME\tVERSION\tSIZE\tSHA256\tPATH")
    for model in models {
      print("\(model.name)\t\(model.version)\t\(model.size)\t\(model.hash.prefix(12))\t\(model.path)")
    }
  }
}

/// `tensorbridge models rm NAME`.
struct ModelsRemoveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove a downloaded model.")

  @Argument(help: "The model's name.")
  var name: String

  @OptionGroup var store: ModelStoreOptions

  func run() throws {
    let (directory, name) = (store.directoryURL, self.name)
    do {
      try BlockingTask.run {
        try await ModelDownloader(hubURL: URL(fileURLWithPath: "/"), clientKey: "", directory: directory)
          .deleteDownloadedModel(name: name)
      }
    } catch let error as ModelDownloaderError {
      throw CLIFailure(error.description)
    }
    print("removed \(name)")
  }
}
