import LiteRTRuntime
import TFLiteFormat

/// Whether a tensor is a model input or output.
public enum TensorRole: String, Sendable, Hashable {
  case input
  case output
}

/// Every way an ``Interpreter`` operation can fail. Each case carries what went wrong and
/// `description` reads as one sentence naming it.
public enum InterpreterError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The LiteRT runtime library could not be found or loaded.
  case runtimeUnavailable(LiteRTRuntimeError)
  /// The model file could not be read.
  case modelFileUnreadable(path: String, reason: String)
  /// The model failed TensorBridge's flatbuffer verification (before LiteRT saw it).
  case invalidModel(TFLiteFormatError)
  /// LiteRT rejected the model bytes.
  case modelLoadFailed(status: LiteRTStatus)
  /// The model uses features LiteRT's compiled-model API cannot load, although TensorFlow
  /// Lite's classic interpreter runs them; each one is named (see ``RuntimeLimitation``).
  case unsupportedByRuntime([RuntimeLimitation])
  /// The model's fused recurrent operators could be lowered to builtin operators, but the
  /// lowered file could not be written (see `RecurrentStateError`).
  case recurrentStateLoweringFailed(RecurrentStateError)
  /// The model's sparse int8 weights of hybrid `FULLY_CONNECTED` operators, which XNNPACK reads
  /// as dense, could not be stored dense (see `TFLiteModel.densifyingHybridWeights()`).
  case hybridWeightDensificationFailed(DenseHybridWeightsError)
  /// ``Interpreter/resetVariables()`` cannot reset this model's recurrent state: the model has
  /// no signature definitions and its main subgraph's inputs or outputs have missing or repeated
  /// tensor names, so the lowering could not add its reset signature.
  case variableResetUnavailable
  /// The model uses operators this LiteRT runtime cannot execute.
  case unsupportedOperators(names: [String], stage: Stage, status: LiteRTStatus)
  /// LiteRT could not prepare the model for execution.
  case compilationFailed(status: LiteRTStatus)
  /// An operator's kernel failed while LiteRT prepared the model or ran it: LiteRT's collected
  /// errors named the operator, its node number (as Python's `Node number N` does) and the
  /// kernel's reason (empty when it gave none). The errors come from the compiled model's
  /// buffer error reporter; when compiling itself fails (no compiled model is left to ask),
  /// from LiteRT's log, which TensorBridge reads unless the destination is
  /// ``RuntimeLog/Destination/standardError``.
  case operatorFailed(name: String, node: Int, stage: Stage, reason: String, status: LiteRTStatus)
  /// A LiteRT call failed.
  case liteRTCallFailed(function: String, status: LiteRTStatus)
  /// A tensor index is outside `0..<count`.
  case invalidTensorIndex(role: TensorRole, index: Int, count: Int)
  /// No tensor has that name.
  case unknownTensorName(role: TensorRole, name: String, available: [String])
  /// No signature has that key.
  case unknownSignature(key: String, available: [String])
  /// The data given for a tensor has the wrong number of bytes.
  case byteCountMismatch(tensor: String, expected: Int, actual: Int)
  /// The values given for a tensor have the wrong number of elements.
  case elementCountMismatch(tensor: String, expected: Int, actual: Int)
  /// The values given for a tensor have the wrong element type.
  case typeMismatch(tensor: String, expected: Tensor.DataType, actual: Tensor.DataType)
  /// A value cannot be represented in the tensor's element type (out of range or not integral).
  case valueNotRepresentable(tensor: String, index: Int, value: Double, type: Tensor.DataType)
  /// The operation does not support this element type (e.g. copying into a string tensor).
  case unsupportedDataType(tensor: String, type: Tensor.DataType)
  /// Bytes given or returned for a string tensor are not TensorFlow Lite's packed string layout.
  case invalidStringData(tensor: String, reason: String)
  /// A string output did not fit the buffer reserved for it (see
  /// ``Interpreter/Options/stringOutputByteCapacity``).
  case stringOutputTooLarge(tensor: String, capacity: Int)
  /// LiteRT reported an element type TensorBridge does not know.
  case unknownDataType(tensor: String, rawValue: Int32)
  /// A requested shape is not valid for the tensor.
  case invalidShape(tensor: String, shape: [Int], reason: String)
  /// Running the model failed.
  case invocationFailed(status: LiteRTStatus)
  /// A data-dependent output (served by TensorBridge's capture operator) got no value from a run.
  case outputCaptureFailed(tensor: String, reason: String)
  /// A kernel TensorBridge registers with LiteRT (the integer LSTM's or SVDF's) failed during the run.
  case customKernelFailed(operator: String, reason: String)
  /// Declared input/output formats do not match the model; every mismatch is listed.
  case formatMismatch([FormatMismatch])
  /// LiteRT cannot prepare the model at the sizes its dynamic inputs have (`reason`; at first
  /// the sizes the file stores): resize the `dynamicInputs` still without a size (each named
  /// with its declared shape, `-1` for a dynamic dimension) before reading tensors or running.
  case inputSizesRequired(dynamicInputs: [String], reason: String)

  /// When an unsupported operator was detected.
  public enum Stage: String, Sendable {
    case compile = "preparing the model"
    case invoke = "running the model"
  }

  public var description: String {
    switch self {
    case .runtimeUnavailable(let error):
      return error.description
    case .modelFileUnreadable(let path, let reason):
      return "Cannot read the model file \(path): \(reason)."
    case .invalidModel(let error):
      return "The model is not a valid TensorFlow Lite file: \(error.description)"
    case .modelLoadFailed(let status):
      return "LiteRT could not load the model: \(status)."
    case .unsupportedByRuntime(let limitations):
      let list = limitations.map(\.description).joined(separator: "; ")
      return
        "LiteRT's compiled-model API cannot load this model (TensorFlow Lite's classic interpreter loads it; the pinned runtime does not export that): \(list)."
    case .recurrentStateLoweringFailed(let error):
      return
        "TensorBridge could not lower the model's fused recurrent operators to builtin operators: \(error.description)"
    case .hybridWeightDensificationFailed(let error):
      return
        "TensorBridge could not store the model's sparse hybrid FULLY_CONNECTED weights dense for XNNPACK: \(error.description)"
    case .variableResetUnavailable:
      return
        "The recurrent state of this model cannot be reset: it has no signature definitions and its main inputs or outputs have missing or repeated tensor names, so TensorBridge could not add a reset signature."
    case .unsupportedOperators(let names, let stage, let status):
      let list = names.map { "'\($0)'" }.joined(separator: ", ")
      return
        "The model uses operator\(names.count == 1 ? "" : "s") \(list) that this LiteRT runtime cannot execute (failed while \(stage.rawValue): \(status))."
    case .compilationFailed(let status):
      return "LiteRT could not prepare the model for execution: \(status)."
    case .operatorFailed(let name, let node, let stage, let reason, let status):
      let because = reason.isEmpty ? "" : ": " + (reason.hasSuffix(".") ? String(reason.dropLast()) : reason)
      return "Operator '\(name)' (node \(node)) failed while \(stage.rawValue)\(because) (\(status))."
    case .liteRTCallFailed(let function, let status):
      return "LiteRT call \(function) failed: \(status)."
    case .invalidTensorIndex(let role, let index, let count):
      return
        "There is no \(role.rawValue) tensor at index \(index); the model has \(count) \(role.rawValue)\(count == 1 ? "" : "s") (valid indices 0..<\(count))."
    case .unknownTensorName(let role, let name, let available):
      return
        "There is no \(role.rawValue) named '\(name)'; available: \(available.map { "'\($0)'" }.joined(separator: ", "))."
    case .unknownSignature(let key, let available):
      return "There is no signature '\(key)'; the model has: \(available.map { "'\($0)'" }.joined(separator: ", "))."
    case .byteCountMismatch(let tensor, let expected, let actual):
      return "Tensor '\(tensor)' takes \(expected) bytes but \(actual) were given."
    case .elementCountMismatch(let tensor, let expected, let actual):
      return "Tensor '\(tensor)' takes \(expected) elements but \(actual) were given."
    case .typeMismatch(let tensor, let expected, let actual):
      return "Tensor '\(tensor)' holds \(expected) elements but \(actual) values were given."
    case .valueNotRepresentable(let tensor, let index, let value, let type):
      return "Value \(value) at element \(index) of tensor '\(tensor)' cannot be represented as \(type)."
    case .unsupportedDataType(let tensor, let type):
      return "Tensor '\(tensor)' has element type \(type), which this operation does not support."
    case .invalidStringData(let tensor, let reason):
      return "The data for string tensor '\(tensor)' is not TensorFlow Lite's packed string layout: \(reason)."
    case .stringOutputTooLarge(let tensor, let capacity):
      return
        "String output '\(tensor)' needs more than the \(capacity) bytes reserved for it; raise Interpreter.Options.stringOutputByteCapacity."
    case .unknownDataType(let tensor, let rawValue):
      return "Tensor '\(tensor)' has an element type LiteRT numbers \(rawValue), which TensorBridge does not know."
    case .invalidShape(let tensor, let shape, let reason):
      return "Shape \(Tensor.Shape(shape)) is not valid for tensor '\(tensor)': \(reason)."
    case .invocationFailed(let status):
      return "Running the model failed: \(status)."
    case .outputCaptureFailed(let tensor, let reason):
      return "Output '\(tensor)' could not be read after the run: \(reason)."
    case .customKernelFailed(let name, let reason):
      return "TensorBridge's \(name) operator failed during the run: \(reason)."
    case .inputSizesRequired(let inputs, let reason):
      let because = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
      return
        "LiteRT cannot prepare the model at the sizes its dynamic inputs have (\(because)): give \(inputs.joined(separator: ", ")) \(inputs.count == 1 ? "its size" : "their sizes") with resizeInput(at:to:) (on a signature runner, resizeInput(named:toShape:)) first, as Python needs resize_tensor_input before allocate_tensors()."
    case .formatMismatch(let mismatches):
      return "The model does not match the declared formats: " + mismatches.map(\.description).joined(separator: "; ")
        + "."
    }
  }
}
