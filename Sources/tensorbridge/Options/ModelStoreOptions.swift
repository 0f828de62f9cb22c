import ArgumentParser
import Foundation
import TensorBridgeDelivery

/// The store folder option shared by `pull` and `models`.
struct ModelStoreOptions: ParsableArguments {
  @Option(name: .long, help: "The model store (default: $TENSORBRIDGE_MODELS_DIR, else the platform's default).")
  var dir: String?

  var directoryURL: URL {
    if let dir { return URL(fileURLWithPath: dir) }
    if let env = ProcessInfo.processInfo.environment["TENSORBRIDGE_MODELS_DIR"], !env.isEmpty {
      return URL(fileURLWithPath: env)
    }
    return ModelDownloaderConfiguration.defaultDirectory
  }

  /// A downloader over the store alone (it never asks a hub), to list and remove its models.
  var localDownloader: ModelDownloader {
    ModelDownloader(hubURL: URL(fileURLWithPath: "/"), clientKey: "", directory: directoryURL)
  }
}
