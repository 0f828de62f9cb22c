import Foundation
import TensorBridgeVision

/// ML Kit's `ImageLabeler` over a TensorBridge ``ImageClassifier``: made without throwing, the
/// model loads on the first image and failures arrive as that call's error.
///
/// ```swift
/// let labeler = ImageLabeler.imageLabeler(options: options)
/// let labels = try await labeler.process(try PixelBuffer(contentsOf: photoURL))
/// ```
///
/// Calls are serialized on the labeler's own queue, so one instance may be shared.
public final class ImageLabeler: @unchecked Sendable {
  // @unchecked: `classifier` is only touched on `queue`.
  private let path: String
  private let options: ImageClassifierOptions
  private let queue = DispatchQueue(label: "TensorBridgeMLKit.ImageLabeler")
  private var classifier: ImageClassifier?

  private init(path: String, options: ImageClassifierOptions) {
    self.path = path
    self.options = options
  }

  /// A labeler with `options` (copied), as ML Kit's `ImageLabeler.imageLabeler(options:)`.
  public static func imageLabeler(options: CustomImageLabelerOptions) -> ImageLabeler {
    ImageLabeler(path: options.localModel.path, options: options.classifierOptions)
  }

  /// Labels `image`, best first, as ML Kit's `results(in:)`.
  /// - Throws: ``MLKitError/modelFileNotFound(path:)`` or ``MLKitError/vision(_:)``.
  public func results(in image: PixelBuffer) throws(MLKitError) -> [ImageLabel] {
    let result: Result<[ImageLabel], MLKitError> = queue.sync { Result { () throws(MLKitError) in try label(image) } }
    return try result.get()
  }

  /// The async form of ``process(_:completion:)``.
  public func process(_ image: PixelBuffer) async throws(MLKitError) -> [ImageLabel] {
    let result: Result<[ImageLabel], MLKitError> = await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: Result { () throws(MLKitError) in try self.label(image) }) }
    }
    return try result.get()
  }

  /// Labels `image` and calls `completion` on an arbitrary thread with the labels or the error,
  /// as ML Kit's `process(_:completion:)`.
  public func process(_ image: PixelBuffer, completion: @escaping @Sendable ([ImageLabel]?, MLKitError?) -> Void) {
    queue.async {
      do throws(MLKitError) { completion(try self.label(image), nil) } catch { completion(nil, error) }
    }
  }

  /// On `queue`.
  private func label(_ image: PixelBuffer) throws(MLKitError) -> [ImageLabel] {
    let classifier = try loaded()
    do { return try classifier.classify(image).categories.map(ImageLabel.init) } catch { throw .vision(error) }
  }

  private func loaded() throws(MLKitError) -> ImageClassifier {
    if let classifier { return classifier }
    guard FileManager.default.fileExists(atPath: path) else { throw .modelFileNotFound(path: path) }
    do {
      let made = try ImageClassifier(contentsOf: URL(fileURLWithPath: path), options: options)
      classifier = made
      return made
    } catch { throw .vision(error) }
  }
}
