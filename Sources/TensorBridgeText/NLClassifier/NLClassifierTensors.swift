import Foundation
import TFLiteFormat
import TensorBridge
import TensorBridgeModels

/// How ``NLClassifier`` finds its tensors, labels and tokenizer: the Task Library's
/// `FindTensorIndex`, `Initialize`, `TrySetLabelFromMetadata` and `RegexPreprocessor::Init`.
struct NLClassifierTensors {
  let interpreter: Interpreter
  let metadata: SubgraphMetadata?
  let inputs: [Tensor]
  let outputs: [Tensor]

  init(interpreter: Interpreter, metadata: SubgraphMetadata?) throws(NLClassifierError) {
    self.interpreter = interpreter
    self.metadata = metadata
    do {
      inputs = try (0..<interpreter.inputTensorCount).map { index throws(InterpreterError) in
        try interpreter.input(at: index)
      }
      outputs = try (0..<interpreter.outputTensorCount).map { index throws(InterpreterError) in
        try interpreter.output(at: index)
      }
    } catch { throw .interpreter(error) }
  }

  /// `FindTensorIndex`: the metadata name (when the metadata lists every tensor), then the
  /// model's tensor name, then `index` (which may be out of range).
  static func index(named name: String, or index: Int, tensors: [Tensor], metadata: [TensorMetadata]?) -> Int {
    if let metadata, metadata.count == tensors.count, let found = metadata.firstIndex(where: { $0.name == name }) {
      return found
    }
    return tensors.firstIndex { $0.name == name } ?? index
  }

  func input(_ options: NLClassifierOptions) throws(NLClassifierError) -> Int {
    let index = Self.index(
      named: options.inputTensorName, or: options.inputTensorIndex, tensors: inputs, metadata: metadata?.inputs)
    guard inputs.indices.contains(index) else {
      throw .inputTensorNotFound(
        name: options.inputTensorName, index: options.inputTensorIndex, inputs: inputs.map(\.name))
    }
    return index
  }

  func score(_ options: NLClassifierOptions) throws(NLClassifierError) -> Int {
    let index = Self.index(
      named: options.outputScoreTensorName, or: options.outputScoreTensorIndex,
      tensors: outputs, metadata: metadata?.outputs)
    guard outputs.indices.contains(index) else {
      throw .outputScoreTensorNotFound(
        name: options.outputScoreTensorName, index: options.outputScoreTensorIndex,
        outputs: outputs.map(\.name))
    }
    guard NLClassifierScores.scoreTypes.contains(outputs[index].dataType) else {
      throw .scoreTensorType(tensor: outputs[index].name, type: outputs[index].dataType)
    }
    return index
  }

  /// A label file from the metadata of the output that has the score tensor's name or index
  /// (the first such output whose first associated file is `TENSOR_AXIS_LABELS`), else the
  /// label tensor, else indices.
  func labels(_ options: NLClassifierOptions, files: AssociatedFiles?) throws(NLClassifierError) -> NLClassifier.Labels
  {
    if let tensorMetadata = metadata?.outputs, tensorMetadata.count == outputs.count {
      for (index, tensor) in tensorMetadata.enumerated()
      where tensor.name == options.outputScoreTensorName || index == options.outputScoreTensorIndex {
        guard let file = tensor.associatedFiles.first, file.type == .tensorAxisLabels, let name = file.name else {
          continue
        }
        let data: Data?
        do { data = try files?.file(named: name) } catch { throw .metadata(error) }
        guard let data else { continue }
        // LoadVocabFromBuffer: lines, empty ones skipped.
        let names = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
          .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }.filter { !$0.isEmpty }
        return .file(name: name, names)
      }
    }
    let index = Self.index(
      named: options.outputLabelTensorName, or: options.outputLabelTensorIndex,
      tensors: outputs, metadata: metadata?.outputs)
    guard outputs.indices.contains(index) else { return .indices }
    guard outputs[index].dataType == .string || outputs[index].dataType == .int32 else {
      throw .labelTensorType(tensor: outputs[index].name, type: outputs[index].dataType)
    }
    return .tensor(index)
  }

  /// `nil` for a string input; else the regex tokenizer its metadata names, as the Task
  /// Library runs it (RE2 delimiter, no lowercasing, `<UNKNOWN>` and `<PAD>` required).
  func encoder(forInput index: Int, files: AssociatedFiles?) throws(NLClassifierError) -> TextEncoder? {
    let tensor = inputs[index]
    if tensor.dataType == .string { return nil }
    let tensorMetadata = metadata.flatMap { $0.inputs.indices.contains(index) ? $0.inputs[index] : nil }
    let regex = tensorMetadata?.processUnits.lazy.compactMap { unit -> (String?, [AssociatedFileInfo])? in
      if case .regexTokenizer(let pattern, let vocabulary) = unit { return (pattern, vocabulary) }
      return nil
    }.first
    guard let regex else { throw .noTokenizer(tensor: tensor.name, type: tensor.dataType) }
    guard tensor.dataType == .int32 else { throw .tokenizerInputType(tensor: tensor.name, type: tensor.dataType) }
    guard let file = regex.1.first?.name else { throw .missingAssociatedFile(name: "(the tokenizer's vocabulary)") }
    let data: Data?
    do { data = try files?.file(named: file) } catch { throw .metadata(error) }
    guard let data else { throw .missingAssociatedFile(name: file) }
    let layer = TextLayer(
      role: .ids, tokenizer: .regex, vocabularyFile: file, vocabulary: data,
      delimiter: regex.0 ?? RegexTokenizer.modelMakerDelimiter, rules: .taskLibrary)
    do { return try TextModel.encoder(for: layer, layer: tensorMetadata?.name ?? tensor.name) } catch {
      throw .text(error)
    }
  }
}
