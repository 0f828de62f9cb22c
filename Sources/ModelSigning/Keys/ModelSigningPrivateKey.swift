import Crypto
import Foundation

/// An ECDSA private key (P-256, P-384 or P-521) that signs models.
public struct ModelSigningPrivateKey: Sendable {
  // The raw scalar, not swift-crypto's key types (which are not `Sendable`); the key is rebuilt
  // on each use, which costs a scalar check.
  private let scalar: Data
  /// The key's curve, which also fixes the signature's hash.
  public let curve: ModelSigningCurve
  /// The matching public key.
  public let publicKey: ModelSigningPublicKey

  private init(curve: ModelSigningCurve, key: some ECDSASigningPrivateKey) {
    self.curve = curve
    scalar = key.rawRepresentation
    publicKey = ModelSigningPublicKey(curve: curve, derRepresentation: key.publicKey.derRepresentation)
  }

  /// A new random key.
  /// - Parameter curve: The curve (default P-256, what the hub generates).
  public init(curve: ModelSigningCurve = .p256) {
    self.init(curve: curve, key: curve.privateKeyType.init(compactRepresentable: true))
  }

  /// Reads a PEM private key on P-256, P-384 or P-521: PKCS#8 (`BEGIN PRIVATE KEY`, what
  /// ``pemRepresentation`` writes) or SEC1 (`BEGIN EC PRIVATE KEY`, what `openssl ecparam -genkey`
  /// writes); with `password`, either one encrypted (PKCS#8 `ENCRYPTED PRIVATE KEY` with PBES2
  /// and AES-CBC, or OpenSSL's `Proc-Type: 4,ENCRYPTED` with AES-CBC: what `cryptography`'s
  /// `BestAvailableEncryption` writes and `model_signing sign --password` reads).
  /// - Parameters:
  ///   - pem: The PEM text.
  ///   - password: The password of an encrypted key (UTF-8); nil for an unencrypted one.
  /// - Throws: ``ModelSignatureError/unreadableKey(kind:reason:)``, saying so when an encrypted
  ///   key has no password, a password comes with a plain key, or the password is wrong.
  public init(pemRepresentation pem: String, password: String?) throws(ModelSignatureError) {
    let encrypted = EncryptedPrivateKeyPEM.isEncrypted(pem)
    switch (encrypted, password) {
    case (false, nil): try self.init(pemRepresentation: pem)
    case (true, nil): throw .unreadableKey(kind: "private", reason: "it is encrypted: give its password")
    case (false, _?): throw .unreadableKey(kind: "private", reason: "a password was given but the key is not encrypted")
    case (true, let password?):
      do {
        try self.init(
          pemRepresentation: try EncryptedPrivateKeyPEM.decrypted(pem, password: Data(password.utf8)))
      } catch let error as ModelSignatureError {
        throw error
      } catch {
        throw .unreadableKey(kind: "private", reason: String(describing: error))
      }
    }
  }

  /// Reads an unencrypted PEM private key on P-256, P-384 or P-521: PKCS#8 (`BEGIN PRIVATE KEY`,
  /// what ``pemRepresentation`` writes) or SEC1 (`BEGIN EC PRIVATE KEY`, what `openssl ecparam
  /// -genkey` writes). An encrypted one needs ``init(pemRepresentation:password:)``.
  /// - Parameter pem: The PEM text.
  /// - Throws: ``ModelSignatureError/unreadableKey(kind:reason:)``.
  public init(pemRepresentation pem: String) throws(ModelSignatureError) {
    if EncryptedPrivateKeyPEM.isEncrypted(pem) {
      throw .unreadableKey(kind: "private", reason: "it is encrypted: give its password")
    }
    do {
      let (curve, key) = try ModelSigningCurve.firstReading { try $0.privateKeyType.init(pemRepresentation: pem) }
      self.init(curve: curve, key: key)
    } catch {
      throw .unreadableKey(kind: "private", reason: String(describing: error))
    }
  }

  /// Creates the key from its raw scalar (how the hub stores it, encrypted): 32 bytes for
  /// P-256, 48 for P-384, 66 for P-521.
  /// - Parameter rawRepresentation: The scalar.
  /// - Throws: ``ModelSignatureError/unreadableKey(kind:reason:)``, naming the length when it
  ///   fits no curve.
  public init(rawRepresentation: some ContiguousBytes) throws(ModelSignatureError) {
    let scalar = rawRepresentation.withUnsafeBytes { Data($0) }
    guard let curve = ModelSigningCurve(scalarByteCount: scalar.count) else {
      throw .unreadableKey(
        kind: "private", reason: "a raw scalar of \(scalar.count) bytes (32 for P-256, 48 for P-384, 66 for P-521)")
    }
    self.init(curve: curve, key: try Self.key(curve, scalar))
  }

  private static func key(_ curve: ModelSigningCurve, _ scalar: Data) throws(ModelSignatureError)
    -> any ECDSASigningPrivateKey
  {
    do {
      return try curve.privateKeyType.init(rawRepresentation: scalar)
    } catch {
      throw .unreadableKey(kind: "private", reason: String(describing: error))
    }
  }

  /// The key as PKCS#8 PEM (empty in the impossible case that the scalar no longer reads).
  public var pemRepresentation: String { (try? Self.key(curve, scalar).pemRepresentation) ?? "" }

  /// The raw scalar (32, 48 or 66 bytes, by curve).
  public var rawRepresentation: Data { scalar }

  /// A DER ECDSA signature over `message` hashed as the curve pairs (SHA-256, -384 or -512).
  func derSignature(for message: Data) throws(ModelSignatureError) -> Data {
    let key = try Self.key(curve, scalar)
    do {
      return try Self.derSignature(of: key, for: message)
    } catch {
      throw .unreadableKey(kind: "private", reason: String(describing: error))
    }
  }

  private static func derSignature<Key: ECDSASigningPrivateKey>(of key: Key, for message: Data) throws -> Data {
    try key.signature(for: message).derRepresentation
  }
}
