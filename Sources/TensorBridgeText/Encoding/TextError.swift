import TensorBridge
import TensorBridgeModels

/// Why text could not be tokenized, encoded or classified.
public enum TextError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A vocabulary file is bad.
  case vocabulary(VocabularyError)
  /// A SentencePiece model is bad.
  case sentencePiece(SentencePieceError)
  /// Loading or running the model failed.
  case model(ModelError)
  /// The delimiter of a regex tokenizer does not compile.
  case invalidDelimiter(pattern: String, reason: String)
  /// A special token the encoding needs is not in the vocabulary.
  case missingSpecialToken(role: String, name: String)
  /// A requested sequence length is not positive.
  case invalidLength(Int)
  /// The model has no text input layer.
  case noTextLayer(inputs: [String])
  /// The model has an input that is not text, so a string alone cannot run it.
  case nonTextInput(layer: String)
  /// A text layer is incomplete (no vocabulary, no tokenizer, a mask without ids, …).
  case incompleteLayer(layer: String, reason: String)
  /// A text layer's tensor is not a sequence (`[length]` or `[1, length]`).
  case notASequence(layer: String, tensor: String, shape: [Int])
  /// Text layers disagree on the sequence length.
  case lengthMismatch(layer: String, length: Int, otherLayer: String, otherLength: Int)
  /// A text layer's tensor has an element type token ids cannot be written as.
  case unsupportedElementType(layer: String, tensor: String, type: Tensor.DataType)
  /// A token id does not fit the tensor's element type.
  case idOutOfRange(layer: String, id: Int, type: Tensor.DataType)
  /// The classifier found no output with scores for the classes.
  case noScores(outputs: [String])
  /// An option is invalid.
  case invalidOption(name: String, reason: String)
  /// Input text is not valid UTF-8.
  case invalidUTF8(source: String, line: Int)

  /// The error as a sentence.
  public var description: String {
    switch self {
    case .vocabulary(let error): return error.description
    case .sentencePiece(let error): return error.description
    case .model(let error): return error.description
    case .invalidDelimiter(let pattern, let reason):
      return "The delimiter regex \"\(pattern)\" is invalid: \(reason)."
    case .missingSpecialToken(let role, let name):
      return "The vocabulary has no \(role) token \"\(name)\"."
    case .invalidLength(let length):
      return "A sequence length must be at least 1, not \(length)."
    case .noTextLayer(let inputs):
      return
        "The model has no text input layer (its inputs: \(inputs.map { "'\($0)'" }.joined(separator: ", "))); describe one with \"type\": \"text\" in model.json or give the model tokenizer metadata."
    case .nonTextInput(let layer):
      return "Input layer '\(layer)' is not a text layer, so the model cannot run on a string alone."
    case .incompleteLayer(let layer, let reason):
      return "Text layer '\(layer)' cannot be used: \(reason)."
    case .notASequence(let layer, let tensor, let shape):
      return
        "Text layer '\(layer)' writes tensor '\(tensor)' of shape \(Tensor.Shape(shape)), which is not a sequence [length] or [1, length]."
    case .lengthMismatch(let layer, let length, let otherLayer, let otherLength):
      return "Text layer '\(layer)' has length \(length) but text layer '\(otherLayer)' has \(otherLength)."
    case .unsupportedElementType(let layer, let tensor, let type):
      return
        "Text layer '\(layer)' writes tensor '\(tensor)' of type \(type); token ids are written as int32, int64 or float32."
    case .idOutOfRange(let layer, let id, let type):
      return "Token id \(id) of text layer '\(layer)' does not fit the tensor's \(type) elements."
    case .noScores(let outputs):
      return
        "The model has no output of class scores to classify with (its outputs: \(outputs.map { "'\($0)'" }.joined(separator: ", ")))."
    case .invalidOption(let name, let reason):
      return "The option \(name) is invalid: \(reason)."
    case .invalidUTF8(let source, let line):
      return "Line \(line) of \(source) is not valid UTF-8."
    }
  }
}
