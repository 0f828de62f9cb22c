import Foundation
import TFLiteFormat

extension ModelBundle {
  /// A placeholder bundle filled with its model file, wherever that file is: for example the
  /// file `ModelDownloader` keeps in its local store (`CustomModel.fileURL`), so the bundle's
  /// description runs on a model that arrived after the bundle did.
  ///
  /// ```swift
  /// let placeholder = try ModelBundle(contentsOf: URL(fileURLWithPath: "classifier.tiobundle"))
  /// let downloaded = try await downloader.getModel(name: placeholder.description.id ?? "",
  ///                                                downloadType: .localModelUpdateInBackground)
  /// let model = try Model(bundle: ModelBundle(placeholder: placeholder, modelFile: downloaded.fileURL))
  /// ```
  ///
  /// The file is read and verified here; ``Model/init(bundle:options:)`` then checks the
  /// description against it, as for any bundle. The description keeps `placeholder` and names
  /// the file by its path.
  ///
  /// - Parameters:
  ///   - placeholder: A bundle whose description has `"placeholder": true`.
  ///   - modelFile: The model file to use.
  /// - Throws: ``ModelBundleError/unsupported(path:reason:)`` at `placeholder` when the bundle is
  ///   not a placeholder; ``ModelBundleError/unreadable(path:reason:)`` naming `modelFile` when it
  ///   is missing or not a valid model.
  public init(placeholder: ModelBundle, modelFile: URL) throws(ModelBundleError) {
    guard placeholder.description.placeholder else {
      throw .unsupported(
        path: "placeholder",
        reason:
          "\(placeholder.folder.lastPathComponent) is not a placeholder bundle; its model is \(placeholder.modelFile.path)"
      )
    }
    guard FileManager.default.fileExists(atPath: modelFile.path) else {
      throw .unreadable(path: modelFile.path, reason: "no such file: the placeholder's model has not arrived there")
    }
    let model: TFLiteModel
    do { model = try TFLiteModel(modelPath: modelFile.path) } catch {
      throw .unreadable(path: modelFile.path, reason: error.description)
    }
    var description = placeholder.description
    description.model.file = modelFile.path
    folder = placeholder.folder
    self.description = description
    self.modelFile = modelFile
    verifiedModel = model
  }
}
