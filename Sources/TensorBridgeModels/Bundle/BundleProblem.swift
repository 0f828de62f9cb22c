/// One problem in a model bundle, located by a key path such as `inputs[1].quantize.standard`.
public struct BundleProblem: Sendable, Equatable, CustomStringConvertible {
  /// Where: a `model.json` key path, or a file name for problems outside the JSON.
  public let path: String
  /// What is wrong, e.g. `"[0,2]" is not "[0,1]" or "[-1,1]"`.
  public let message: String

  /// Creates a problem.
  public init(_ path: String, _ message: String) {
    self.path = path
    self.message = message
  }

  /// `inputs[1].quantize.standard: "[0,2]" is not "[0,1]" or "[-1,1]"`.
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Why a model bundle could not be used. Every problem found is listed, not just the first.
public enum ModelBundleError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The bundle folder or a file it names cannot be read.
  case unreadable(path: String, reason: String)
  /// `model.json` is not valid JSON.
  case invalidJSON(path: String, reason: String)
  /// The description has problems (each with its key path).
  case invalidDescription([BundleProblem])
  /// The description does not match the model (layer counts, shapes, element types).
  case modelMismatch([BundleProblem])
  /// The description asks for something TensorBridge does not do (e.g. a TensorFlow backend).
  case unsupported(path: String, reason: String)

  /// Every problem as a list (one element for the single-problem cases).
  public var problems: [BundleProblem] {
    switch self {
    case .unreadable(let path, let reason): [BundleProblem(path, reason)]
    case .invalidJSON(let path, let reason): [BundleProblem(path, reason)]
    case .invalidDescription(let problems), .modelMismatch(let problems): problems
    case .unsupported(let path, let reason): [BundleProblem(path, reason)]
    }
  }

  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      return "Cannot read \(path): \(reason)."
    case .invalidJSON(let path, let reason):
      return "\(path) is not valid JSON: \(reason)."
    case .invalidDescription(let problems):
      return "The model description has \(problems.count) problem\(problems.count == 1 ? "" : "s"): "
        + problems.map(\.description).joined(separator: "; ") + "."
    case .modelMismatch(let problems):
      return "The model description does not match the model: " + problems.map(\.description).joined(separator: "; ")
        + "."
    case .unsupported(let path, let reason):
      return "\(path): \(reason)."
    }
  }
}
