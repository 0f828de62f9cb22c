import Crypto
import Foundation

/// An ECDSA P-256 public key that verifies model signatures.
public struct ModelSigningPublicKey: Sendable, Hashable, CustomStringConvertible {
  /// The DER SubjectPublicKeyInfo (swift-crypto's key type is not `Sendable`).
  public let derRepresentation: Data

  init(key: P256.Signing.PublicKey) { derRepresentation = key.derRepresentation }

  /// Reads a PEM public key (`BEGIN PUBLIC KEY`, SubjectPublicKeyInfo).
  /// - Parameter pem: The PEM text.
  /// - Throws: ``ModelSignatureError/unreadableKey(kind:reason:)``.
  public init(pemRepresentation pem: String) throws(ModelSignatureError) {
    do {
      self.init(key: try P256.Signing.PublicKey(pemRepresentation: pem))
    } catch {
      throw .unreadableKey(kind: "public", reason: String(describing: error))
    }
  }

  /// Reads a DER SubjectPublicKeyInfo.
  /// - Parameter der: The DER bytes.
  /// - Throws: ``ModelSignatureError/unreadableKey(kind:reason:)``.
  public init(derRepresentation der: some RandomAccessCollection<UInt8>) throws(ModelSignatureError) {
    do {
      self.init(key: try P256.Signing.PublicKey(derRepresentation: der))
    } catch {
      throw .unreadableKey(kind: "public", reason: String(describing: error))
    }
  }

  /// The key as PEM, byte for byte as Python's `cryptography` writes it (base64 in lines of 64
  /// characters, a final newline): the bytes the key hint is computed over.
  public var pemRepresentation: String {
    let base64 = Array(derRepresentation.base64EncodedString().utf8)
    var lines = ["-----BEGIN PUBLIC KEY-----"]
    var start = 0
    while start < base64.count {
      let end = min(start + 64, base64.count)
      lines.append(String(decoding: base64[start..<end], as: UTF8.self))
      start = end
    }
    lines.append("-----END PUBLIC KEY-----")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The key hint a bundle names its key by: lowercase hex SHA-256 of ``pemRepresentation``.
  public var hint: String { HexDigest.string(SHA256.hash(data: Data(pemRepresentation.utf8))) }

  /// The hint.
  public var description: String { hint }

  /// Compares keys by their DER encoding.
  public static func == (lhs: ModelSigningPublicKey, rhs: ModelSigningPublicKey) -> Bool {
    lhs.derRepresentation == rhs.derRepresentation
  }

  /// Hashes the DER encoding.
  public func hash(into hasher: inout Hasher) { hasher.combine(derRepresentation) }

  /// Whether `derSignature` is a valid ECDSA signature over SHA-256 of `message`.
  func isValid(derSignature: Data, for message: Data) -> Bool {
    guard let signature = try? P256.Signing.ECDSASignature(derRepresentation: derSignature),
      let key = try? P256.Signing.PublicKey(derRepresentation: derRepresentation)
    else { return false }
    return key.isValidSignature(signature, for: message)
  }
}
