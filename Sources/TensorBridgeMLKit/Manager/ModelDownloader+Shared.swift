import TensorBridgeDelivery

extension ModelDownloader {
  /// The shared downloader, as Firebase's `ModelDownloader.modelDownloader()`: the one behind
  /// ``ModelManager/modelManager()`` (configured with
  /// ``ModelManager/configure(hubURL:clientKey:directory:notificationCenter:)`` or the
  /// `TENSORBRIDGE_HUB_URL` / `TENSORBRIDGE_CLIENT_KEY` environment). Throws where Firebase's
  /// could not, because Firebase's configuration came from a file the SDK required.
  /// - Throws: ``MLKitError/notConfigured(missing:)``.
  public static func modelDownloader() throws(MLKitError) -> ModelDownloader {
    try ModelManager.modelManager().downloader()
  }
}
