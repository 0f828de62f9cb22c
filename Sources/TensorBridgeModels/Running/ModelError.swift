import TensorBridge

/// Why `Model.run(on:)` could not run.
public enum ModelError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The bundle is invalid.
  case bundle(ModelBundleError)
  /// The bundle is a placeholder whose model file has not arrived; `file` is the name its
  /// `model.json` gives (empty when it names none yet).
  case placeholder(bundle: String, file: String)
  /// The interpreter failed.
  case interpreter(InterpreterError)
  /// The number of values does not match the number of input layers.
  case inputCount(expected: Int, actual: Int, layers: [String])
  /// A dictionary key names no input layer.
  case unknownLayer(name: String, available: [String])
  /// An input layer got no value.
  case missingInput(layer: String)
  /// A value has the wrong number of elements for its layer.
  case elementCount(layer: String, expected: Int, actual: Int, shape: [Int])
  /// A nested value's shape does not fit the layer.
  case shapeMismatch(layer: String, expected: [Int], actual: [Int])
  /// A nested array is ragged.
  case raggedValue(layer: String, index: Int, expected: [Int], actual: [Int])
  /// Raw bytes have the wrong size.
  case byteCount(layer: String, expected: Int, actual: Int)
  /// The value kind is not accepted for this layer.
  case unsupportedValue(layer: String, reason: String)
  /// A ``ModelInput`` from another module (an image, text) could not write itself into the
  /// layer; the failure keeps its own typed error.
  case input(layer: String, ModelInputFailure)

  public var description: String {
    switch self {
    case .bundle(let error): return error.description
    case .interpreter(let error): return error.description
    case .placeholder(let bundle, let file):
      return file.isEmpty
        ? "\(bundle) is a placeholder bundle: its model.json names no model file yet, so it can be inspected but not run."
        : "\(bundle) is a placeholder bundle: its model file \(file) has not arrived, so it can be inspected but not run."
    case .inputCount(let expected, let actual, let layers):
      return
        "The model has \(expected) input layer\(expected == 1 ? "" : "s") (\(layers.joined(separator: ", "))) but \(actual) value\(actual == 1 ? " was" : "s were") given."
    case .unknownLayer(let name, let available):
      return
        "There is no input layer named '\(name)'; the layers are: \(available.map { "'\($0)'" }.joined(separator: ", "))."
    case .missingInput(let layer):
      return "No value was given for input layer '\(layer)'."
    case .elementCount(let layer, let expected, let actual, let shape):
      return "Input layer '\(layer)' takes \(expected) values (shape \(Tensor.Shape(shape))) but \(actual) were given."
    case .shapeMismatch(let layer, let expected, let actual):
      return
        "Input layer '\(layer)' has shape \(Tensor.Shape(expected)) but the value has shape \(Tensor.Shape(actual))."
    case .raggedValue(let layer, let index, let expected, let actual):
      return
        "The value for layer '\(layer)' is ragged: element \(index) has shape \(Tensor.Shape(actual)), the ones before \(Tensor.Shape(expected))."
    case .byteCount(let layer, let expected, let actual):
      return "Input layer '\(layer)' takes \(expected) bytes but \(actual) were given."
    case .unsupportedValue(let layer, let reason):
      return "The value for layer '\(layer)' is not supported: \(reason)."
    case .input(let layer, let failure):
      return "The value for layer '\(layer)' is not supported: \(failure.description)."
    }
  }
}
