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
      let directory = store.directoryURL
      let models = await ModelDownloader(hubURL: URL(fileURLWithPath: "/"), clientKey: "", directory: directory)
        .listDownloadedModels()
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
}
