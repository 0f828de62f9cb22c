import Crypto
import Foundation

/// Verifies OpenSSF model-signing bundles (key method) against trusted ECDSA public keys (P-256,
/// P-384 or P-521), then the model's files against the signed manifest.
///
/// ```swift
/// let verifier = ModelSignatureVerifier(trustedKeys: [try ModelSigningPublicKey(pemRepresentation: pem)])
/// let bundle = try SigstoreBundle(jsonData: Data(contentsOf: signatureURL))
/// let signed = try verifier.verify(bundle, modelAt: modelURL)   // throws on any difference
/// ```
public struct ModelSignatureVerifier: Sendable {
  /// What a verified bundle says, and which key vouched for it.
  public struct Verified: Sendable, Equatable {
    /// The signed manifest.
    public var manifest: ModelSigningManifest
    /// The trusted key that verified the signature.
    public var key: ModelSigningPublicKey
  }

  /// The keys a signature may be made with.
  public let trustedKeys: [ModelSigningPublicKey]

  /// Creates a verifier.
  /// - Parameter trustedKeys: The public keys to accept (several during a rotation).
  public init(trustedKeys: [ModelSigningPublicKey]) { self.trustedKeys = trustedKeys }

  /// Checks the bundle's envelope and signature and reads the signed manifest, without looking at
  /// any model file.
  /// - Parameter bundle: The bundle.
  /// - Returns: The manifest and the key that verified it.
  /// - Throws: ``ModelSignatureError``: wrong media or payload type, no signature, an untrusted
  ///   key hint, a signature no trusted key verifies, or a malformed statement.
  public func verifiedManifest(of bundle: SigstoreBundle) throws(ModelSignatureError) -> Verified {
    let message = try bundle.signedMessage()
    var candidates = trustedKeys
    if let hint = bundle.verificationMaterial.publicKeyHint, !hint.isEmpty {
      candidates = trustedKeys.filter { $0.hint == hint }
      guard !candidates.isEmpty else { throw .unknownKey(hint: hint) }
    }
    return try bundle.verified(message, byOneOf: candidates)
  }

  /// Verifies the bundle, then the model file or folder at `url` against it.
  /// - Parameters:
  ///   - bundle: The bundle.
  ///   - url: The model file or folder.
  ///   - scope: Files to leave out beyond the signature's, and whether unsigned files are
  ///     ignored (default: none and no; ``ModelVerificationScope/cli(signature:model:ignoringGitPaths:ignoring:)`` is
  ///     `model_signing verify`'s).
  /// - Returns: The verified manifest and key.
  /// - Throws: ``ModelSignatureError`` from ``verifiedManifest(of:)``, or naming the first file
  ///   whose digest differs, that is missing or that is not signed.
  @discardableResult
  public func verify(
    _ bundle: SigstoreBundle, modelAt url: URL, scope: ModelVerificationScope = ModelVerificationScope()
  ) throws(ModelSignatureError) -> Verified {
    try verifiedManifest(of: bundle).checked(againstModelAt: url, scope: scope)
  }

  /// Verifies the bundle, then a one-file model held in memory against it.
  /// - Parameters:
  ///   - bundle: The bundle.
  ///   - data: The model file's bytes.
  /// - Returns: The verified manifest and key.
  /// - Throws: ``ModelSignatureError`` as ``verify(_:modelAt:scope:)``.
  @discardableResult
  public func verify(_ bundle: SigstoreBundle, singleFileData data: Data) throws(ModelSignatureError) -> Verified {
    let verified = try verifiedManifest(of: bundle)
    let digest = FileDigest.digest(of: data, verified.manifest.serialization.digestAlgorithm)
    try verified.manifest.check(matches: .singleFile(modelName: verified.manifest.modelName, digest: digest))
    return verified
  }

  /// Verifies the bundle, then a one-file model whose SHA-256 was computed while receiving it.
  /// - Parameters:
  ///   - bundle: The bundle.
  ///   - sha256: The file's 32-byte SHA-256.
  /// - Returns: The verified manifest and key.
  /// - Throws: ``ModelSignatureError`` as ``verify(_:modelAt:scope:)``, and
  ///   ``ModelSignatureError/unsupportedSerialization(field:value:)`` for a manifest of BLAKE3
  ///   digests (use ``verify(_:singleFileData:)``).
  @discardableResult
  public func verify(_ bundle: SigstoreBundle, singleFileSHA256 sha256: [UInt8]) throws(ModelSignatureError) -> Verified
  {
    try verifiedManifest(of: bundle).checked(againstSingleFileSHA256: sha256)
  }
}

extension ModelSignatureVerifier.Verified {
  /// Itself, once a one-file model with this SHA-256 matches the manifest.
  func checked(againstSingleFileSHA256 sha256: [UInt8]) throws(ModelSignatureError) -> Self {
    guard manifest.serialization.digestAlgorithm == .sha256 else {
      throw .unsupportedSerialization(
        field: "predicate.serialization.hash_type",
        value: "\(manifest.serialization.digestAlgorithm) (only the file's SHA-256 is known)")
    }
    try manifest.check(matches: .singleFile(modelName: manifest.modelName, sha256: sha256))
    return self
  }
}

extension SigstoreBundle {
  /// The bytes its signatures sign (DSSE's PAE of the payload), once the media type, the payload
  /// type and the presence of a signature are checked.
  func signedMessage() throws(ModelSignatureError) -> Data {
    guard mediaType == ModelSigningFormat.bundleMediaType else { throw .wrongMediaType(mediaType) }
    guard dsseEnvelope.payloadType == ModelSigningFormat.payloadType else {
      throw .wrongPayloadType(dsseEnvelope.payloadType)
    }
    guard !dsseEnvelope.signatures.isEmpty else { throw .noSignatures }
    return DSSEEnvelope.preAuthenticationEncoding(payloadType: dsseEnvelope.payloadType, payload: dsseEnvelope.payload)
  }

  /// The signed manifest and the first of `keys` with a signature of `message` in the envelope.
  /// - Throws: ``ModelSignatureError/signatureInvalid(keyHints:)`` when none has, or an error
  ///   naming what is wrong with the statement.
  func verified(_ message: Data, byOneOf keys: [ModelSigningPublicKey]) throws(ModelSignatureError)
    -> ModelSignatureVerifier.Verified
  {
    let verifying = keys.first { key in
      dsseEnvelope.signatures.contains { key.isValid(derSignature: $0.sig, for: message) }
    }
    guard let key = verifying else { throw .signatureInvalid(keyHints: keys.map(\.hint)) }
    return ModelSignatureVerifier.Verified(
      manifest: try InTotoStatement.manifest(fromPayload: dsseEnvelope.payload), key: key)
  }
}
