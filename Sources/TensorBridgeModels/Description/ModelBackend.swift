/// The backends a `model.json` can name in `model.backend` (Tensor/IO's `TIOModelBackend`),
/// and the one models run on here.
///
/// ```swift
/// ModelBackend(rawValue: bundle.description.model.backend) == .available  // runs here
/// ```
public enum ModelBackend: String, Sendable, Equatable, CaseIterable {
  /// TensorFlow Lite, run by LiteRT.
  case tflite
  /// TensorFlow; its bundles are recognized and refused (convert the SavedModel to TFLite).
  case tensorflow

  /// The backend models run on in TensorBridge: ``tflite``.
  public static let available: ModelBackend = .tflite

  /// Whether this backend's models run in TensorBridge.
  public var runs: Bool { self == Self.available }
}
