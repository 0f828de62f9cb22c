import TFLiteFormat
import TensorBridge

/// Why an ``NLClassifier`` could not be created or run. The first four cases carry the Task
/// Library's own messages (`nl_classifier.cc`), so its users recognize them.
public enum NLClassifierError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No input tensor has the name, and the index is out of range.
  case inputTensorNotFound(name: String, index: Int, inputs: [String])
  /// No output tensor has the score name, and the index is out of range.
  case outputScoreTensorNotFound(name: String, index: Int, outputs: [String])
  /// The score tensor's type is not one the Task Library reads.
  case scoreTensorType(tensor: String, type: Tensor.DataType)
  /// The label tensor is neither string nor int32.
  case labelTensorType(tensor: String, type: Tensor.DataType)
  /// The input tensor is not a string and its metadata names no regex tokenizer.
  case noTokenizer(tensor: String, type: Tensor.DataType)
  /// A regex tokenizer's input tensor is not int32.
  case tokenizerInputType(tensor: String, type: Tensor.DataType)
  /// The labels (file or tensor) are fewer than the scores.
  case tooFewLabels(source: String, labels: Int, scores: Int)
  /// The model's TFLite metadata or associated files cannot be read.
  case metadata(TFLiteFormatError)
  /// The metadata names a file the model does not carry.
  case missingAssociatedFile(name: String)
  /// Tokenization could not be set up (vocabulary, delimiter, special tokens).
  case text(TextError)
  /// Loading or running the model failed.
  case interpreter(InterpreterError)

  /// The error as a sentence.
  public var description: String {
    func list(_ names: [String]) -> String { names.map { "'\($0)'" }.joined(separator: ", ") }
    switch self {
    case .inputTensorNotFound(let name, let index, let inputs):
      return "No input tensor found with name \(name) or at index \(index) (the inputs: \(list(inputs)))."
    case .outputScoreTensorNotFound(let name, let index, let outputs):
      return "No output score tensor found with name \(name) or at index \(index) (the outputs: \(list(outputs)))."
    case .scoreTensorType(let tensor, let type):
      return
        "Type mismatch for score tensor \(tensor). Requested one of these types: INT8/UINT8/INT16/FLOAT32/FLOAT64/BOOL, got \(type)."
    case .labelTensorType(let tensor, let type):
      return "Type mismatch for label tensor \(tensor). Requested STRING or INT32, got \(type)."
    case .noTokenizer(let tensor, let type):
      return
        "Input tensor '\(tensor)' is \(type), not a string, and its metadata names no regex tokenizer to turn text into ids."
    case .tokenizerInputType(let tensor, let type):
      return "Type mismatch for input tensor \(tensor). Requested INT32 for RegexTokenizer, got \(type)."
    case .tooFewLabels(let source, let labels, let scores):
      return "\(source) gives \(labels) labels for \(scores) scores."
    case .metadata(let error): return error.description
    case .missingAssociatedFile(let name):
      return "The metadata names the associated file \(name), which the model does not carry."
    case .text(let error): return error.description
    case .interpreter(let error): return error.description
    }
  }
}
