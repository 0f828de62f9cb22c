import ArgumentParser
import Foundation
import ModelHubAPI
import TensorBridgeDelivery

extension ModelsCommand {
  /// `tensorbridge models rm NAME`.
  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove a downloaded model.")

    @Argument(help: "The model's name.")
    var name: String

    @OptionGroup var store: ModelStoreOptions

    func run() async throws {
      let name = self.name
      do { try await store.localDownloader.deleteDownloadedModel(name: name) } catch let error as ModelDownloaderError {
        throw CLIFailure(error.description)
      }
      print("removed \(name)")
    }
  }
}
