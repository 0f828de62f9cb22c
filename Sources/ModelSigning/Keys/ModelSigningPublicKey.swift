import Crypto
import Foundation

/// An ECDSA public key (P-256, P-384 or P-521) that verifies model signatures.
public struct ModelSigningPublicKey: Sendable, Hashable, CustomStringConvertible {
  /// The DER SubjectPublicKeyInfo (swift-crypto's key types are not `Sendable`).
  public let derRepresentation: Data
  /// The key's curve, which also fixes the signature's hash.
  public let curve: ModelSigningCurve

  init(curve: ModelSigningCurve, derRepresentation: Data) {
    self.curve = curve
    self.derRepresentation = derRepresentation
  }

  /// Reads a PEM public key (`BEGIN PUBLIC KEY`, SubjectPublicKeyInfo) on P-256, P-384 or P-521.
  /// - Parameter pem: The PEM text.
  /// - Throws: ``ModelSignatureError/unreadableKey(kind:reason:)``.
  public init(pemRepresentation pem: String) throws(ModelSignatureError) { try self.init(reading: .pem(pem)) }

  /// Reads a DER SubjectPublicKeyInfo on P-256, P-384 or P-521.
  /// - Parameter der: The DER bytes.
  /// - Throws: ``ModelSignatureError/unreadableKey(kind:reason:)``.
  public init(derRepresentation der: some RandomAccessCollection<UInt8>) throws(ModelSignatureError) {
    try self.init(reading: .der(Array(der)))
  }

  private enum Encoding {
    case pem(String)
    case der([UInt8])
  }

  private init(reading encoding: Encoding) throws(ModelSignatureError) {
    do {
      let (curve, der) = try ModelSigningCurve.firstReading { try Self.der(of: encoding, as: $0.privateKeyType) }
      self.init(curve: curve, derRepresentation: der)
    } catch {
      throw .unreadableKey(kind: "public", reason: String(describing: error))
    }
  }

  /// The canonical DER of a key read as `Key`'s public key type (which checks the curve).
  private static func der<Key: ECDSASigningPrivateKey>(of encoding: Encoding, as _: Key.Type) throws -> Data {
    switch encoding {
    case .pem(let pem): try Key.PublicKey(pemRepresentation: pem).derRepresentation
    case .der(let der): try Key.PublicKey(derRepresentation: der).derRepresentation
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

  /// Compares keys by their DER encoding (which names the curve).
  public static func == (lhs: ModelSigningPublicKey, rhs: ModelSigningPublicKey) -> Bool {
    lhs.derRepresentation == rhs.derRepresentation
  }

  /// Hashes the DER encoding.
  public func hash(into hasher: inout Hasher) { hasher.combine(derRepresentation) }

  /// Whether `derSignature` is a valid ECDSA signature over `message` hashed as the curve pairs
  /// (SHA-256, -384 or -512).
  func isValid(derSignature: Data, for message: Data) -> Bool {
    Self.isValid(derSignature: derSignature, for: message, key: derRepresentation, as: curve.privateKeyType)
  }

  private static func isValid<Key: ECDSASigningPrivateKey>(
    derSignature: Data, for message: Data, key der: Data, as _: Key.Type
  ) -> Bool {
    guard let signature = try? Key.PublicKey.Signature(derRepresentation: derSignature),
      let key = try? Key.PublicKey(derRepresentation: der)
    else { return false }
    return key.isValidSignature(signature, for: message)
  }
}
