import TensorBridgeDelivery
import TensorBridgeVision

/// Everything the ML Kit-shaped API can fail with. Each case names the model, tensor or input
/// concerned; errors from the layers below are kept whole as payloads.
public enum MLKitError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `ModelManager` has no hub: neither ``ModelManager/configure(hubURL:clientKey:directory:notificationCenter:)``
  /// was called nor `TENSORBRIDGE_HUB_URL` and `TENSORBRIDGE_CLIENT_KEY` are set.
  case notConfigured(missing: String)
  /// The download or the on-device store failed.
  case download(ModelDownloaderError)
  /// A remote model is not on the device and no local model was given to fall back to.
  case modelNotDownloaded(name: String)
  /// A local model's file does not exist.
  case modelFileNotFound(path: String)
  /// The interpreter failed to load, check formats, allocate or run.
  case interpreter(InterpreterError)
  /// An image task failed (loading the labeling model, writing the image, reading scores).
  case vision(VisionError)
  /// A value given to `ModelInputs.addInput(_:)` is neither `Data` nor a (nested) array of numbers.
  case unsupportedInput(index: Int, type: String)
  /// A nested array's rows differ in length.
  case raggedInput(index: Int, reason: String)
  /// The inputs count differs from the model's.
  case inputCount(given: Int, expected: Int)
  /// An input's size does not fit its tensor.
  case inputSize(index: Int, tensor: String, given: String, expected: String)
  /// A number does not fit the input tensor's element type.
  case inputValue(index: Int, value: Double, type: Tensor.DataType)
  /// `ModelOutputs.output(index:)` was asked for an output the model does not have.
  case outputIndex(index: Int, count: Int)
  /// The output's element type cannot be given as numbers.
  case unsupportedOutputType(index: Int, type: Tensor.DataType)

  public var description: String {
    switch self {
    case .notConfigured(let missing):
      return "ModelManager is not configured: call ModelManager.configure(hubURL:clientKey:) or set \(missing)"
    case .download(let error): return error.description
    case .modelNotDownloaded(let name):
      return "remote model '\(name)' is not downloaded and no local model was given to fall back to"
    case .modelFileNotFound(let path): return "no model file at \(path)"
    case .interpreter(let error): return error.description
    case .vision(let error): return error.description
    case .unsupportedInput(let index, let type):
      return "input \(index) is a \(type); give Data or a (nested) array of numbers"
    case .raggedInput(let index, let reason): return "input \(index) is not a rectangular array: \(reason)"
    case .inputCount(let given, let expected): return "\(given) inputs given but the model takes \(expected)"
    case .inputSize(let index, let tensor, let given, let expected):
      return "input \(index) ('\(tensor)') is \(given) but the tensor needs \(expected)"
    case .inputValue(let index, let value, let type): return "input \(index) holds \(value), which is not a \(type)"
    case .outputIndex(let index, let count): return "output \(index) asked for but the model has \(count) outputs"
    case .unsupportedOutputType(let index, let type): return "output \(index) is \(type), which is not numeric"
    }
  }
}
