import Foundation

/// A model file on this device, verified against the hash the hub announced, as Firebase's
/// `CustomModel`: pass ``path`` to an `Interpreter` or a `ModelBundle`.
///
/// From an encrypted store (``ModelDownloaderConfiguration/encryption``) the plaintext exists only
/// in memory: ``data`` holds it and ``path`` is empty; pass the data to `Interpreter(modelData:)`.
public struct CustomModel: Codable, Sendable, Hashable {
  /// The model's name on the hub.
  public let name: String
  /// The file's size in bytes.
  public let size: Int64
  /// Lowercase hex SHA-256 of the file's bytes.
  public let hash: String
  /// The absolute path of the file; empty for a model from an encrypted store.
  public let path: String
  /// The hub version number this file is.
  public let version: Int
  /// The decrypted bytes of a model from an encrypted store, as `getModel` returns it (nil for a
  /// plain file, and in ``ModelDownloader/listDownloadedModels()``, which decrypts nothing).
  public let data: Data?

  /// Creates a model description.
  public init(name: String, size: Int64, hash: String, path: String, version: Int, data: Data? = nil) {
    self.data = data
    self.name = name
    self.size = size
    self.hash = hash
    self.path = path
    self.version = version
  }

  /// ``path`` as a file URL.
  public var fileURL: URL { URL(fileURLWithPath: path) }
}
