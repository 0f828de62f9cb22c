import Foundation

/// Signs models in the OpenSSF model-signing format with an ECDSA key (P-256, P-384 or P-521):
/// the bundle that `model_signing verify key` accepts, or, given the key's certificate and the
/// chain behind it, the one `model_signing verify certificate` accepts.
///
/// ```swift
/// let signer = ModelSigner(privateKey: try ModelSigningPrivateKey(pemRepresentation: pem))
/// let bundle = try signer.sign(modelAt: URL(fileURLWithPath: "model.tflite"))
/// try bundle.jsonData().write(to: URL(fileURLWithPath: "model.sig"))
/// ```
public struct ModelSigner: Sendable {
  /// The signing key.
  public let privateKey: ModelSigningPrivateKey
  /// The key's certificate then the chain behind it (DER), or empty for the key method.
  public let certificateChain: [Data]

  /// Creates a signer for the key method: bundles name the key by its hint.
  /// - Parameter privateKey: The key to sign with.
  public init(privateKey: ModelSigningPrivateKey) {
    self.privateKey = privateKey
    certificateChain = []
  }

  /// Creates a signer for the certificate method: bundles carry the signing certificate and the
  /// chain (as `model_signing sign certificate --signing_certificate --certificate_chain`).
  /// - Parameters:
  ///   - privateKey: The key to sign with.
  ///   - signingCertificatePEM: Its certificate (PEM).
  ///   - chainPEM: The certificates that establish trust in it (PEM; intermediates, and the root
  ///     if you like), in any number.
  /// - Throws: ``ModelSignatureError/unreadableCertificate(source:reason:)``, or
  ///   ``ModelSignatureError/certificateKeyMismatch(subject:)`` when the certificate holds another
  ///   key (the package refuses the same).
  public init(privateKey: ModelSigningPrivateKey, signingCertificatePEM: String, chainPEM: String = "")
    throws(ModelSignatureError)
  {
    let certificate = try ModelSigningCertificates.certificates(
      pem: signingCertificatePEM, source: "the signing certificate")[0]
    guard try ModelSigningCertificates.publicKey(of: certificate) == privateKey.publicKey else {
      throw .certificateKeyMismatch(subject: ModelSigningCertificates.subject(certificate))
    }
    let chain =
      chainPEM.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
      ? [] : try ModelSigningCertificates.certificates(pem: chainPEM, source: "the certificate chain")
    self.privateKey = privateKey
    var der: [Data] = []
    for member in [certificate] + chain { der.append(try ModelSigningCertificates.der(member)) }
    certificateChain = der
  }

  /// Signs a manifest.
  /// - Parameter manifest: What to sign.
  /// - Returns: The bundle.
  /// - Throws: ``ModelSignatureError/unreadableKey(kind:reason:)`` if the key cannot sign.
  public func sign(_ manifest: ModelSigningManifest) throws(ModelSignatureError) -> SigstoreBundle {
    let payload = InTotoStatement.payload(for: manifest)
    let message = DSSEEnvelope.preAuthenticationEncoding(payloadType: ModelSigningFormat.payloadType, payload: payload)
    let signature = try privateKey.derSignature(for: message)
    let material =
      certificateChain.isEmpty
      ? SigstoreBundle.VerificationMaterial(publicKeyHint: privateKey.publicKey.hint)
      : SigstoreBundle.VerificationMaterial(certificateChain: certificateChain)
    return SigstoreBundle(
      verificationMaterial: material,
      envelope: DSSEEnvelope(payload: payload, signatures: [DSSEEnvelope.Signature(sig: signature)]))
  }

  /// Computes the manifest of a model file or folder and signs it.
  /// - Parameters:
  ///   - url: The model file or folder.
  ///   - modelName: The subject name (default: the last path component).
  ///   - serialization: The serialization parameters (default: the CLI's).
  /// - Returns: The bundle.
  /// - Throws: ``ModelSignatureError`` from reading the model or signing.
  public func sign(
    modelAt url: URL, modelName: String? = nil,
    serialization: ModelSigningManifest.Serialization = ModelSigningManifest.Serialization()
  )
    throws(ModelSignatureError) -> SigstoreBundle
  {
    try sign(ModelSigningManifest.computed(forModelAt: url, modelName: modelName, serialization: serialization))
  }
}
