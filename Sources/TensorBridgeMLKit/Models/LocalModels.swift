import TensorBridgeDelivery

extension CustomLocalModel {
  /// Names a bundled `.tflite` file, spelled as ML Kit's `CustomLocalModel(modelPath:)`.
  public init(modelPath: String) { self.init(path: modelPath) }

  /// The bundled file's path, as ML Kit named it.
  public var modelPath: String { path }
}

/// A bundled model for ``ImageLabeler``, as ML Kit's `LocalModel(path:)`: a `.tflite` with TFLite
/// metadata (labels, normalization) or a Tensor/IO bundle folder.
public struct LocalModel: Sendable, Hashable {
  /// The path of the model file or bundle folder.
  public let path: String

  /// Names a bundled model.
  public init(path: String) { self.path = path }
}

/// ML Kit's `ModelElementType`: the element type declared in ``ModelInputOutputOptions``
/// (`.float32`, `.int32`, `.uInt8`, `.int64`…).
public typealias ModelElementType = Tensor.DataType
