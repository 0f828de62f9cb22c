import Foundation
import ModelSigning

/// What both metadata stores do with signing keys outside the database: making a new key's row
/// and opening the signing key's private half.
extension SigningKeyRecord {
  /// The row of a new key with `role` (a generated key's private key sealed with the secret).
  /// - Throws: ``HubSigningError`` when sealing fails.
  static func make(_ key: HubNewSigningKey, role: HubSigningKeyRole, now: Date) throws -> SigningKeyRecord {
    let publicKey: ModelSigningPublicKey
    var sealed: Data?
    var privateKey: ModelSigningPrivateKey?
    switch key {
    case .generated:
      let generated = ModelSigningPrivateKey()
      privateKey = generated
      publicKey = generated.publicKey
    case .external(let external):
      publicKey = external
    }
    let id = "sk_" + publicKey.hint.prefix(12)
    if case .generated(let secret) = key, let privateKey { sealed = try secret.seal(privateKey, keyID: id) }
    return SigningKeyRecord(
      id: id, hint: publicKey.hint, publicKey: publicKey.pemRepresentation, sealedPrivateKey: sealed,
      role: role, createTime: now, retireTime: nil)
  }
}

extension HubReleaseSigner {
  /// What signs versions published now: nil when there is no signing key (`record` is nil),
  /// else the signing key opened with `credentials`.
  /// - Throws: ``HubSigningError/signingKeyLocked(keyID:reason:)`` when `credentials` cannot open
  ///   it, ``HubSigningError/wrongSecret(keyID:)``.
  static func open(_ record: SigningKeyRecord?, _ credentials: HubSigningCredentials?) throws -> HubReleaseSigner? {
    guard let record else { return nil }
    switch (record.sealedPrivateKey, credentials) {
    case (let sealed?, .secret(let secret)?):
      return HubReleaseSigner(keyID: record.id, privateKey: try secret.open(sealed, keyID: record.id))
    case (_?, _):
      throw HubSigningError.signingKeyLocked(
        keyID: record.id, reason: "its private key is sealed in the database; start the hub with the signing secret")
    case (nil, .privateKey(let key)?) where key.publicKey.hint == record.hint:
      return HubReleaseSigner(keyID: record.id, privateKey: key)
    case (nil, _):
      throw HubSigningError.signingKeyLocked(
        keyID: record.id, reason: "it is an external key; start the hub with its PEM private key")
    }
  }
}
