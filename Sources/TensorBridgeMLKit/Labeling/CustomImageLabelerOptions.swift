import TensorBridgeVision

/// Options of an ``ImageLabeler`` over a custom model, as ML Kit's `CustomImageLabelerOptions`.
///
/// ```swift
/// let options = CustomImageLabelerOptions(localModel: localModel)
/// options.confidenceThreshold = 0.4
/// ```
///
/// A class, as ML Kit's, so `let options` can be configured; the labeler copies the values when
/// it is made.
public final class CustomImageLabelerOptions {
  /// The model: a `.tflite` with TFLite metadata (labels, normalization) or a bundle folder.
  public let localModel: LocalModel
  /// Labels scoring below this are dropped; nil uses the model metadata's threshold, if any.
  public var confidenceThreshold: Float?
  /// The most labels returned, best first (ML Kit's default: 10).
  public var maxResultCount: Int = 10

  /// Options for `localModel` with ML Kit's defaults.
  public init(localModel: LocalModel) { self.localModel = localModel }

  /// The TensorBridge task options these stand for.
  var classifierOptions: ImageClassifierOptions {
    ImageClassifierOptions(maxResults: maxResultCount, scoreThreshold: confidenceThreshold)
  }
}

/// One label of an image, as ML Kit's `ImageLabel`.
public struct ImageLabel: Sendable, Equatable {
  /// The label's text (the display name when the model has one, else the label).
  public let text: String
  /// The score, 0…1 for a probability output.
  public let confidence: Float
  /// The class index in the model's output.
  public let index: Int

  /// Creates a label.
  public init(text: String, confidence: Float, index: Int) {
    self.text = text
    self.confidence = confidence
    self.index = index
  }

  init(_ category: Category) {
    self.init(
      text: category.displayName ?? category.label ?? "#\(category.index)", confidence: category.score,
      index: category.index)
  }
}
