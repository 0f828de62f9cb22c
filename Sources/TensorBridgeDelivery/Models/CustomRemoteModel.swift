/// A model hosted on the hub, named as in ML Kit's `CustomRemoteModel(remoteModelSource:)`.
public struct CustomRemoteModel: Sendable, Hashable {
  /// The model's name on the hub.
  public let name: String

  /// Names a hub model.
  public init(name: String) { self.name = name }
}

/// A model shipped inside the app, as ML Kit's `CustomLocalModel(modelPath:)`: the fallback that
/// lets the app's ML feature work before the first download finishes.
public struct CustomLocalModel: Sendable, Hashable {
  /// The path of the bundled `.tflite` file (or bundle folder).
  public let path: String

  /// Names a bundled model file.
  public init(path: String) { self.path = path }
}
