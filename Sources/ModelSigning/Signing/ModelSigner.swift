import Foundation

/// Signs models in the OpenSSF model-signing format with an ECDSA key (P-256, P-384 or P-521):
/// the bundle that `model_signing verify key` accepts.
///
/// ```swift
/// let signer = ModelSigner(privateKey: try ModelSigningPrivateKey(pemRepresentation: pem))
/// let bundle = try signer.sign(modelAt: URL(fileURLWithPath: "model.tflite"))
/// try bundle.jsonData().write(to: URL(fileURLWithPath: "model.sig"))
/// ```
public struct ModelSigner: Sendable {
  /// The signing key.
  public let privateKey: ModelSigningPrivateKey

  /// Creates a signer.
  /// - Parameter privateKey: The key to sign with.
  public init(privateKey: ModelSigningPrivateKey) { self.privateKey = privateKey }

  /// Signs a manifest.
  /// - Parameter manifest: What to sign.
  /// - Returns: The bundle.
  /// - Throws: ``ModelSignatureError/unreadableKey(kind:reason:)`` if the key cannot sign.
  public func sign(_ manifest: ModelSigningManifest) throws(ModelSignatureError) -> SigstoreBundle {
    let payload = InTotoStatement.payload(for: manifest)
    let message = DSSEEnvelope.preAuthenticationEncoding(payloadType: ModelSigningFormat.payloadType, payload: payload)
    let signature = try privateKey.derSignature(for: message)
    return SigstoreBundle(
      publicKeyHint: privateKey.publicKey.hint,
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
