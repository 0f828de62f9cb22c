import ArgumentParser
import Foundation
import ModelHubAPI
import TensorBridgeDelivery

extension ModelsCommand {
  /// `tensorbridge models list`.
  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List downloaded models.")

    @OptionGroup var store: ModelStoreOptions

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    func run() async throws {
      let models = await store.localDownloader.listDownloadedModels()
      if json {
        try HubJSON.encoder().printJSON(models)
        return
      }
      guard !models.isEmpty else {
        print("no models in \(store.directoryURL.path)")
        return
      }
      print("NAME\tVERSION\tSIZE\tSHA256\tPATH")
      for model in models {
        print("\(model.name)\t\(model.version)\t\(model.size)\t\(model.hash.prefix(12))\t\(model.path)")
      }
    }
  }
}
