import Crypto
import Foundation
import ModelSigning

/// SHA-256 helpers for building expected values in tests.
enum SigningDigest {
  /// The SHA-256 of `data`.
  static func sha256(_ data: some DataProtocol) -> Data { Data(SHA256.hash(data: data)) }
  /// Lowercase hex of the SHA-256 of `data`.
  static func sha256Hex(of data: some DataProtocol) -> String { hex(sha256(data)) }
  /// Lowercase hex of `bytes`.
  static func hex(_ bytes: Data) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
}

/// Signs arbitrary messages with a model-signing key, for statements the signer would not write.
enum TestSigning {
  static func sign(_ message: Data, with key: ModelSigningPrivateKey) throws -> Data {
    try P256.Signing.PrivateKey(rawRepresentation: key.rawRepresentation).signature(for: message).derRepresentation
  }
}
