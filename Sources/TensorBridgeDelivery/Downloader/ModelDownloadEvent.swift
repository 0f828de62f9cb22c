import Foundation

/// What a `ModelDownloader` reports while it works, in order for each download:
/// ``started(name:version:totalBytes:resumedFrom:)``, ``progress(name:bytesWritten:totalBytes:)``
/// (monotonic, ending at the total), then ``succeeded(_:)`` or ``failed(name:error:)``.
public enum ModelDownloadEvent: Sendable, Equatable {
  /// A transfer began; `resumedFrom` bytes were already on disk from an interrupted attempt.
  case started(name: String, version: Int, totalBytes: Int64, resumedFrom: Int64)
  /// Bytes of the file now on disk.
  case progress(name: String, bytesWritten: Int64, totalBytes: Int64)
  /// The model was downloaded, verified and installed. (A `304` from the hub, which keeps the
  /// local copy, sends no events.)
  case succeeded(CustomModel)
  /// The download failed; the previous model, if any, is still installed.
  case failed(name: String, error: ModelDownloaderError)
}

extension Notification.Name {
  /// Posted when a model download succeeded; `userInfo[ModelDownloadUserInfoKey.remoteModel]`
  /// holds the `CustomModel`.
  public static let modelDownloadDidSucceed = Notification.Name("TensorBridgeModelDownloadDidSucceed")
  /// Posted when a model download failed; `userInfo[ModelDownloadUserInfoKey.error]` holds the
  /// `ModelDownloaderError` and `userInfo[ModelDownloadUserInfoKey.modelName]` the name.
  public static let modelDownloadDidFail = Notification.Name("TensorBridgeModelDownloadDidFail")
}

/// Keys of the download notifications' `userInfo`, named as ML Kit's `ModelDownloadUserInfoKey`.
public enum ModelDownloadUserInfoKey {
  /// The downloaded `CustomModel`.
  public static let remoteModel = "model"
  /// The model's name (both notifications).
  public static let modelName = "modelName"
  /// The `ModelDownloaderError`.
  public static let error = "error"
}
