/// Which tensors an ``NLClassifier`` reads and writes, named and defaulted as the TFLite Task
/// Library's `NLClassifierOptions` (tensorflow/tflite-support,
/// `cc/task/text/proto/nl_classifier_options.proto`).
///
/// A tensor is looked up by name first — the TFLite metadata name when the metadata lists every
/// tensor, then the model's tensor name — and, when no tensor has that name, by index. The input
/// and score tensors must be found; the label tensor is optional (index −1: none).
public struct NLClassifierOptions: Sendable, Equatable {
  /// The input text tensor's name (default `INPUT`).
  public var inputTensorName: String
  /// The input text tensor's index, used when no tensor has the name (default 0).
  public var inputTensorIndex: Int
  /// The score tensor's name (default `OUTPUT_SCORE`).
  public var outputScoreTensorName: String
  /// The score tensor's index, used when no tensor has the name (default 0).
  public var outputScoreTensorIndex: Int
  /// The label tensor's name (default `OUTPUT_LABEL`); a string or int32 tensor of class names.
  public var outputLabelTensorName: String
  /// The label tensor's index, used when no tensor has the name (default −1: none).
  public var outputLabelTensorIndex: Int

  /// Creates options; every default is the Task Library's.
  public init(
    inputTensorName: String = "INPUT", inputTensorIndex: Int = 0,
    outputScoreTensorName: String = "OUTPUT_SCORE", outputScoreTensorIndex: Int = 0,
    outputLabelTensorName: String = "OUTPUT_LABEL", outputLabelTensorIndex: Int = -1
  ) {
    self.inputTensorName = inputTensorName
    self.inputTensorIndex = inputTensorIndex
    self.outputScoreTensorName = outputScoreTensorName
    self.outputScoreTensorIndex = outputScoreTensorIndex
    self.outputLabelTensorName = outputLabelTensorName
    self.outputLabelTensorIndex = outputLabelTensorIndex
  }
}
