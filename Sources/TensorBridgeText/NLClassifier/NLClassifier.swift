import Foundation
import TFLiteFormat
import TensorBridge
import TensorBridgeModels

/// The TFLite Task Library's `NLClassifier`, for single-input text models with or without
/// metadata: the text goes into one input tensor (as a string, or as ids through the regex
/// tokenizer its metadata describes), and every value of one output tensor is a category.
///
/// What the Task Library does, step for step (`nl_classifier.cc`, `regex_preprocessor.cc`):
/// - tensors are found by ``NLClassifierOptions`` (name, then index);
/// - a string input gets the text as is; an int32 input with `RegexTokenizer` metadata gets
///   `<START>` (if the vocabulary has it), the ids of the pieces between RE2 delimiter matches
///   (no lowercasing; unknown pieces `<UNKNOWN>`), truncated, padded with `<PAD>`;
/// - scores are read as float32 or float64, dequantized from uint8, int8 or int16, or 1/0 from
///   bool; a `[1, n]` tensor has n categories;
/// - labels come from the score tensor's metadata label file, else from a string or int32
///   label tensor, else are the indices ("0", "1", …).
///
/// ```swift
/// let classifier = try NLClassifier(
///   contentsOf: URL(fileURLWithPath: "model.tflite"),
///   options: NLClassifierOptions(outputScoreTensorName: "probability"))
/// let categories = try classifier.classify("What a waste of my time.").categories  // model order
/// let best = CategoryFilter(maxResults: 1).apply(categories)                       // sorted, filtered
/// ```
///
/// Sendable: runs of its model are serialized by the task (see `InferenceTask`), so one
/// instance serves every `Task` and thread; the async `InferenceTask/process(_:)` and
/// `InferenceTask/process(_:completion:)` forms come with it.
public final class NLClassifier: InferenceTask, @unchecked Sendable {
  /// The options in use.
  public let options: NLClassifierOptions
  /// The interpreter; reach it through ``withInterpreter(_:)``, which holds the task's lock.
  let guardedInterpreter: Interpreter
  /// Serializes runs of the interpreter.
  let lock = TaskLock()
  let inputIndex: Int
  let scoreIndex: Int
  let labels: Labels
  let encoder: TextEncoder?

  /// Where category names come from.
  enum Labels: Equatable {
    case file(name: String, [String])
    case tensor(Int)
    case indices
  }

  /// Loads a `.tflite` file.
  ///
  /// - Throws: ``NLClassifierError``: the Task Library's errors for tensors it cannot find or
  ///   read, and the reasons the file cannot be loaded.
  public convenience init(
    contentsOf url: URL, options: NLClassifierOptions = NLClassifierOptions(),
    interpreterOptions: Interpreter.Options = Interpreter.Options()
  ) throws(NLClassifierError) {
    let data: Data
    do { data = try FileContents.read(url) } catch {
      throw .interpreter(.modelFileUnreadable(path: url.path, reason: fileErrorReason(error)))
    }
    try self.init(modelData: data, options: options, interpreterOptions: interpreterOptions)
  }

  /// Loads a model from memory (see ``init(contentsOf:options:interpreterOptions:)``).
  public init(
    modelData: Data, options: NLClassifierOptions = NLClassifierOptions(),
    interpreterOptions: Interpreter.Options = Interpreter.Options()
  ) throws(NLClassifierError) {
    self.options = options
    let interpreter: Interpreter
    do { interpreter = try Interpreter(modelData: modelData, options: interpreterOptions) } catch {
      throw .interpreter(error)
    }
    guardedInterpreter = interpreter
    let metadata: SubgraphMetadata?
    let files: AssociatedFiles?
    do {
      metadata = try interpreter.model.tfliteMetadata()?.subgraphs.first
      files = try AssociatedFiles(modelData: modelData)
    } catch { throw .metadata(error) }
    let tensors = try NLClassifierTensors(interpreter: interpreter, metadata: metadata)
    inputIndex = try tensors.input(options)
    scoreIndex = try tensors.score(options)
    labels = try tensors.labels(options, files: files)
    encoder = try tensors.encoder(forInput: inputIndex, files: files)
  }

  /// The categories of `text`, one per score, in the model's order (as the Task Library
  /// returns them; sort them for the best first).
  ///
  /// - Throws: ``NLClassifierError`` when writing, running or reading fails.
  public func classify(_ text: String) throws(NLClassifierError) -> ClassificationResult {
    try lock.run { () throws(NLClassifierError) in try classifyAlone(text) }
  }

  /// The categories of `text` (ML Kit's name; the same as ``classify(_:)``).
  public func results(in text: String) throws(NLClassifierError) -> ClassificationResult { try classify(text) }

  /// ``classify(_:)`` under the lock.
  private func classifyAlone(_ text: String) throws(NLClassifierError) -> ClassificationResult {
    let interpreter = guardedInterpreter
    var ids: [Int32]?
    if let encoder {
      let dimensions: [Int]
      do { dimensions = try interpreter.input(at: inputIndex).shape.dimensions } catch { throw .interpreter(error) }
      let length = dimensions.count == 2 ? dimensions[1] : (dimensions.first ?? 0)
      do { ids = try encoder.encode(text, length: length).ids } catch { throw .text(error) }
    }
    do throws(InterpreterError) {
      if let ids {
        try interpreter.copy(ids, toInputAt: inputIndex)
      } else {
        try interpreter.copy([text], toInputAt: inputIndex)
      }
      try interpreter.invoke()
    } catch { throw .interpreter(error) }
    let scores: Tensor
    do { scores = try interpreter.output(at: scoreIndex) } catch { throw .interpreter(error) }
    return ClassificationResult(categories: try NLClassifierScores.categories(scores: scores, labels: labelNames()))
  }

  private func labelNames() throws(NLClassifierError) -> (source: String, names: [String])? {
    switch labels {
    case .file(let name, let names): return (name, names)
    case .indices: return nil
    case .tensor(let index):
      do {
        let tensor = try guardedInterpreter.output(at: index)
        if tensor.dataType == .int32 { return (tensor.name, try tensor.values(as: Int32.self).map(String.init)) }
        return (tensor.name, try tensor.strings())
      } catch { throw .interpreter(error) }
    }
  }
}
