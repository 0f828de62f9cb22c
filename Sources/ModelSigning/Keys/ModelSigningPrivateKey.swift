import Crypto
import Foundation

/// An ECDSA P-256 private key that signs models.
public struct ModelSigningPrivateKey: Sendable {
  // The raw scalar, not swift-crypto's key type (which is not `Sendable`); the key is rebuilt
  // on each use, which costs a scalar check.
  private let scalar: Data
  /// The matching public key.
  public let publicKey: ModelSigningPublicKey

  private init(key: P256.Signing.PrivateKey) {
    scalar = key.rawRepresentation
    publicKey = ModelSigningPublicKey(key: key.publicKey)
  }

  private func key() throws(ModelSignatureError) -> P256.Signing.PrivateKey {
    do {
      return try P256.Signing.PrivateKey(rawRepresentation: scalar)
    } catch {
      throw .unreadableKey(kind: "private", reason: String(describing: error))
    }
  }

  /// A new random key.
  public init() { self.init(key: P256.Signing.PrivateKey()) }

  /// Reads a PEM private key: PKCS#8 (`BEGIN PRIVATE KEY`, what ``pemRepresentation`` writes)
  /// or SEC1 (`BEGIN EC PRIVATE KEY`, what `openssl ecparam -genkey` writes). Unencrypted only.
  /// - Parameter pem: The PEM text.
  /// - Throws: ``ModelSignatureError/unreadableKey(kind:reason:)``.
  public init(pemRepresentation pem: String) throws(ModelSignatureError) {
    do {
      self.init(key: try P256.Signing.PrivateKey(pemRepresentation: pem))
    } catch {
      throw .unreadableKey(kind: "private", reason: String(describing: error))
    }
  }

  /// Creates the key from its 32-byte raw scalar (how the hub stores it, encrypted).
  /// - Parameter rawRepresentation: The scalar.
  /// - Throws: ``ModelSignatureError/unreadableKey(kind:reason:)``.
  public init(rawRepresentation: some ContiguousBytes) throws(ModelSignatureError) {
    do {
      self.init(key: try P256.Signing.PrivateKey(rawRepresentation: rawRepresentation))
    } catch {
      throw .unreadableKey(kind: "private", reason: String(describing: error))
    }
  }

  /// The key as PKCS#8 PEM (empty in the impossible case that the scalar no longer reads).
  public var pemRepresentation: String { (try? key().pemRepresentation) ?? "" }

  /// The 32-byte raw scalar.
  public var rawRepresentation: Data { scalar }

  /// A DER ECDSA signature over SHA-256 of `message`.
  func derSignature(for message: Data) throws(ModelSignatureError) -> Data {
    let key = try key()
    do {
      return try key.signature(for: message).derRepresentation
    } catch {
      throw .unreadableKey(kind: "private", reason: String(describing: error))
    }
  }
}
