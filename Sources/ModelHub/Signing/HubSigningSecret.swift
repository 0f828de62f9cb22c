import Crypto
import Foundation
import ModelSigning

/// The operator's secret that seals the signing keys' private keys in the data folder:
/// AES-GCM under a key derived from it with HKDF-SHA256 (one key per signing key, its id as
/// HKDF info and as additional authenticated data). Kept outside the data folder (a file, an
/// environment variable), so that a copy of the folder alone cannot sign.
public struct HubSigningSecret: Sendable {
  private let material: Data

  /// Creates the secret from its bytes.
  /// - Parameter material: At least 32 bytes (random; a file from `head -c 32 /dev/urandom`).
  /// - Throws: ``HubSigningError/secretTooShort(bytes:)``.
  public init(_ material: Data) throws(HubSigningError) {
    guard material.count >= 32 else { throw .secretTooShort(bytes: material.count) }
    self.material = material
  }

  private func sealingKey(keyID: String) -> SymmetricKey {
    HKDF<SHA256>.deriveKey(
      inputKeyMaterial: SymmetricKey(data: material), salt: Data("tensorbridge-hub-signing-key-v1".utf8),
      info: Data(keyID.utf8), outputByteCount: 32)
  }

  /// Seals a private key for storage.
  /// - Returns: Nonce, ciphertext and tag (AES-GCM combined form).
  func seal(_ key: ModelSigningPrivateKey, keyID: String) throws(HubSigningError) -> Data {
    do {
      let box = try AES.GCM.seal(
        key.rawRepresentation, using: sealingKey(keyID: keyID), authenticating: Data(keyID.utf8))
      guard let combined = box.combined else { throw HubSigningError.wrongSecret(keyID: keyID) }
      return combined
    } catch {
      throw .wrongSecret(keyID: keyID)
    }
  }

  /// Opens a sealed private key.
  /// - Throws: ``HubSigningError/wrongSecret(keyID:)`` when this secret did not seal it.
  func open(_ sealed: Data, keyID: String) throws(HubSigningError) -> ModelSigningPrivateKey {
    let raw: Data
    do {
      raw = try AES.GCM.open(
        AES.GCM.SealedBox(combined: sealed), using: sealingKey(keyID: keyID),
        authenticating: Data(keyID.utf8))
    } catch {
      throw .wrongSecret(keyID: keyID)
    }
    do {
      return try ModelSigningPrivateKey(rawRepresentation: raw)
    } catch {
      throw .key(error)
    }
  }
}

/// What lets a running hub sign: the secret that opens the sealed keys, or the private key of an
/// external signing key.
public enum HubSigningCredentials: Sendable {
  /// Opens the private keys sealed in the data folder.
  case secret(HubSigningSecret)
  /// The private key of an external signing key (its PEM kept outside the data folder).
  case privateKey(ModelSigningPrivateKey)

  /// Reads credentials: a PEM private key (`-----BEGIN`) or else a secret of at least 32 bytes.
  /// - Parameter data: A file's or an environment variable's bytes.
  /// - Throws: ``HubSigningError``.
  public init(reading data: Data) throws(HubSigningError) {
    if let text = String(data: data, encoding: .utf8),
      text.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("-----BEGIN")
    {
      do {
        self = .privateKey(try ModelSigningPrivateKey(pemRepresentation: text))
      } catch {
        throw .key(error)
      }
    } else {
      self = .secret(try HubSigningSecret(data))
    }
  }
}
