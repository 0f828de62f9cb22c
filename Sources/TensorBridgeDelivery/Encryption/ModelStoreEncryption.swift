import Crypto
import Foundation

/// Keeps downloaded models AES-GCM encrypted in the store under a 256-bit key the app provides.
///
/// With encryption on, a model's bytes are sealed as they arrive from the network (no plaintext
/// file is ever written, not even a temporary one), hashed and signature-checked as plaintext in
/// memory, and decrypted only into memory: ``CustomModel/data`` holds them and ``CustomModel/path``
/// is empty. Hand the data to `Interpreter(modelData:)`.
///
/// Where the key lives is the app's choice: on Apple platforms keep it in the Keychain (a generic
/// password item readable only when the device is unlocked, not synchronised) and pass its bytes
/// to ``init(keyBytes:)``; on Linux read it from a file (``init(keyFile:)``) or an environment
/// variable (``init(environmentVariable:environment:)``). The key is never written by this library.
public struct ModelStoreEncryption: Sendable {
  /// The 32 bytes of the AES-256-GCM key (`SymmetricKey` is not `Sendable` on Linux).
  private let keyData: Data

  /// The AES-256-GCM key.
  var key: SymmetricKey { SymmetricKey(data: keyData) }

  /// Uses `key`, which must be 256 bits.
  /// - Throws: ``ModelStoreEncryptionError/invalidKey(source:reason:)``.
  public init(key: SymmetricKey) throws(ModelStoreEncryptionError) {
    guard key.bitCount == 256 else {
      throw .invalidKey(source: "the given key", reason: "it has \(key.bitCount) bits, not 256")
    }
    keyData = key.withUnsafeBytes { Data($0) }
  }

  /// Uses 32 raw key bytes (such as a Keychain item's data).
  /// - Throws: ``ModelStoreEncryptionError/invalidKey(source:reason:)``.
  public init(keyBytes: Data) throws(ModelStoreEncryptionError) {
    guard keyBytes.count == 32 else {
      throw .invalidKey(source: "the given bytes", reason: "there are \(keyBytes.count), not 32")
    }
    keyData = keyBytes
  }

  /// Uses the key in `text`: 64 hex digits or the base64 of 32 bytes (surrounding whitespace ignored).
  /// - Throws: ``ModelStoreEncryptionError/invalidKey(source:reason:)`` naming `source`.
  public init(keyText text: String, source: String = "the key text") throws(ModelStoreEncryptionError) {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let bytes = Self.hexBytes(trimmed) ?? Data(base64Encoded: trimmed) else {
      throw .invalidKey(source: source, reason: "it is neither 64 hex digits nor base64")
    }
    guard bytes.count == 32 else {
      throw .invalidKey(source: source, reason: "it holds \(bytes.count) bytes, not 32")
    }
    keyData = bytes
  }

  /// Reads the key from a file holding 32 raw bytes, 64 hex digits or the base64 of 32 bytes.
  /// - Throws: ``ModelStoreEncryptionError``.
  public init(keyFile url: URL) throws(ModelStoreEncryptionError) {
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw .keyUnreadable(source: url.path, reason: (error as NSError).localizedDescription)
    }
    if data.count == 32 {
      try self.init(keyBytes: data)
    } else {
      try self.init(keyText: String(decoding: data, as: UTF8.self), source: url.path)
    }
  }

  /// Reads the key (64 hex digits or base64) from the environment variable `name`.
  /// - Throws: ``ModelStoreEncryptionError``.
  public init(
    environmentVariable name: String,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(ModelStoreEncryptionError) {
    guard let text = environment[name], !text.isEmpty else {
      throw .keyUnreadable(source: "$\(name)", reason: "the variable is not set")
    }
    try self.init(keyText: text, source: "$\(name)")
  }

  /// A new random 256-bit key as 64 hex digits, for a key file or an environment variable.
  public static func generateKeyText() -> String {
    SymmetricKey(size: .bits256).withUnsafeBytes { $0.map { String(format: "%02x", $0) }.joined() }
  }

  private static func hexBytes(_ text: String) -> Data? {
    guard text.utf8.count == 64 else { return nil }
    var bytes = Data(capacity: 32)
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(index, offsetBy: 2)
      guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
      bytes.append(byte)
      index = next
    }
    return bytes
  }
}

/// Why an encryption key could not be used.
public enum ModelStoreEncryptionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The key file or variable could not be read.
  case keyUnreadable(source: String, reason: String)
  /// The key is not a 256-bit key.
  case invalidKey(source: String, reason: String)

  /// A sentence saying what went wrong.
  public var description: String {
    switch self {
    case .keyUnreadable(let source, let reason): "Could not read the model store key from \(source): \(reason)."
    case .invalidKey(let source, let reason): "The model store key from \(source) is not an AES-256 key: \(reason)."
    }
  }
}
