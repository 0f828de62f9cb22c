import Foundation
import TensorBridge
import TensorBridgeModels

/// Classifies text with a custom model: strings in, sorted categories out.
///
/// Works with a bundle folder whose `model.json` has a `"type": "text"` input, or a `.tflite`
/// with TFLite metadata naming its tokenizer and vocabulary (TFLite Model Maker's text
/// classifiers: average-word-embedding with a regex tokenizer, BERT, ALBERT with SentencePiece),
/// which are tokenized exactly as the TFLite Task Library does (see `TextLayer/Rules`). For
/// models without metadata, or to pick tensors by the Task Library's options, use
/// ``NLClassifier``.
///
/// ```swift
/// let classifier = try TextClassifier(
///   contentsOf: URL(fileURLWithPath: "sentiment.tflite"),
///   options: TextClassifierOptions(maxResults: 1))
/// let best = try classifier.classify("What a wonderful day!").categories.first   // positive: 0.99…
/// ```
///
/// Sendable: runs of its model are serialized by the task (see `InferenceTask`), so one
/// instance serves every `Task` and thread; the async `InferenceTask/process(_:)` and
/// `InferenceTask/process(_:completion:)` forms come with it.
public final class TextClassifier: InferenceTask, @unchecked Sendable {
  /// The model with its prepared tokenizer; reach it through ``withTextModel(_:)``, which
  /// holds the task's lock.
  let guardedTextModel: TextModel
  /// Serializes runs of the model.
  let lock = TaskLock()
  /// The options in use.
  public let options: TextClassifierOptions
  private let outputName: String

  /// Loads a bundle folder or a `.tflite` with tokenizer metadata.
  public convenience init(
    contentsOf url: URL, options: TextClassifierOptions = TextClassifierOptions(),
    interpreterOptions: Interpreter.Options = Interpreter.Options()
  ) throws(TextError) {
    try self.init(
      textModel: TextModel(contentsOf: url, options: interpreterOptions, lowercase: options.lowercase), options: options
    )
  }

  /// Uses a prepared text model.
  public init(textModel: TextModel, options: TextClassifierOptions = TextClassifierOptions()) throws(TextError) {
    try options.validate()
    self.guardedTextModel = textModel
    self.options = options
    let outputs = textModel.model.description.outputs
    if let name = options.outputLayer {
      guard outputs.contains(where: { $0.name == name }) else {
        throw .invalidOption(
          name: "outputLayer",
          reason:
            "the model has no output layer '\(name)' (its outputs: \(outputs.map { "'\($0.name)'" }.joined(separator: ", ")))"
        )
      }
      outputName = name
    } else if let labelled = outputs.first(where: { $0.labels != nil }) ?? (outputs.count == 1 ? outputs.first : nil) {
      outputName = labelled.name
    } else {
      throw .noScores(outputs: outputs.map(\.name))
    }
  }

  /// The categories of `text`, best first (ties keep class order), filtered by the options.
  ///
  /// - Throws: ``TextError`` when the text cannot be encoded, the model fails, or it gave no
  ///   scores output.
  public func classify(_ text: String) throws(TextError) -> ClassificationResult {
    let outputs = try lock.run { () throws(TextError) in try guardedTextModel.run(on: text) }
    guard let output = outputs[outputName] else { throw .noScores(outputs: outputs.layers.map(\.name)) }
    return ClassificationResult(categories: options.categoryFilter.apply(output.top(Int.max, threshold: -.infinity)))
  }

  /// The categories of `text` (ML Kit's name; the same as ``classify(_:)``).
  public func results(in text: String) throws(TextError) -> ClassificationResult { try classify(text) }
}
