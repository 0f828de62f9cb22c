import TFLiteFormat
import TensorBridge
import TensorBridgeModels

/// Why a vision task (tensorization, classification, detection) could not run.
public enum VisionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Reading or transforming an image failed.
  case image(ImageError)
  /// Loading or running the model failed.
  case model(ModelError)
  /// The interpreter failed.
  case interpreter(InterpreterError)
  /// An input tensor's shape is not an image layout this library writes (NHWC with 1 or 3 channels).
  case unsupportedImageInput(tensor: String, shape: [Int], reason: String)
  /// A tensor's element type is not supported for this use.
  case unsupportedDataType(tensor: String, type: Tensor.DataType, use: String)
  /// The model has no input or output of the kind the task needs.
  case missingTensor(role: String, reason: String)
  /// A description (model.json section, metadata file) is invalid; `path` locates the problem.
  case invalidDescription(path: String, reason: String)
  /// An output tensor has a shape the task cannot read.
  case outputShape(tensor: String, shape: [Int], expected: String)
  /// An option value is invalid.
  case invalidOption(name: String, reason: String)
  /// A labels file (at `path`) cannot be read; the bundle error says why.
  case labels(path: String, ModelBundleError)
  /// The model's TFLite metadata or an associated file (at `path`) cannot be read.
  case metadata(path: String, TFLiteFormatError)
  /// The score calibration file the metadata names (at `path`) is invalid.
  case calibration(path: String, ScoreCalibrationError)

  public var description: String {
    switch self {
    case .image(let error): return error.description
    case .model(let error): return error.description
    case .interpreter(let error): return error.description
    case .unsupportedImageInput(let tensor, let shape, let reason):
      return "Input tensor '\(tensor)' with shape \(Tensor.Shape(shape)) cannot take an image: \(reason)."
    case .unsupportedDataType(let tensor, let type, let use):
      return "Tensor '\(tensor)' has element type \(type), which is not supported \(use)."
    case .missingTensor(let role, let reason):
      return "The model has no \(role): \(reason)."
    case .invalidDescription(let path, let reason):
      return "The description is invalid at \(path): \(reason)."
    case .outputShape(let tensor, let shape, let expected):
      return "Output tensor '\(tensor)' has shape \(Tensor.Shape(shape)), but \(expected) was expected."
    case .invalidOption(let name, let reason):
      return "The option \(name) is invalid: \(reason)."
    case .labels(let path, let error):
      return "The description is invalid at \(path): \(error.description)."
    case .metadata(let path, let error):
      return "The description is invalid at \(path): \(error.description)."
    case .calibration(let path, let error):
      return "The description is invalid at \(path): \(error.description)."
    }
  }
}
