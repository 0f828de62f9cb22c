import Foundation
import TensorBridgeDelivery

extension Notification.Name {
  /// Posted by ``ModelManager`` when a download it started succeeded, as ML Kit's:
  /// `userInfo[ModelDownloadUserInfoKey.remoteModel]` holds the ``CustomRemoteModel``.
  public static let firebaseMLModelDownloadDidSucceed = Notification.Name("TensorBridgeMLKitModelDownloadDidSucceed")
  /// Posted by ``ModelManager`` when a download it started failed:
  /// `userInfo[ModelDownloadUserInfoKey.remoteModel]` holds the ``CustomRemoteModel`` and
  /// `userInfo[ModelDownloadUserInfoKey.error]` the ``MLKitError``.
  public static let firebaseMLModelDownloadDidFail = Notification.Name("TensorBridgeMLKitModelDownloadDidFail")
}
