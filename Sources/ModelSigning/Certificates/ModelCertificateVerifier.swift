import Crypto
import Foundation
@_spi(FixedExpiryValidationTime) import X509

/// Verifies OpenSSF model-signing bundles made with the certificate method (`model_signing sign
/// certificate`): the signing certificate must chain, through the certificates the bundle
/// carries, to one of the trusted self-signed certificates, every certificate valid at the
/// signing certificate's `notBefore` (so a certificate that has since expired still verifies
/// what it signed), and allow signing; its ECDSA key must verify the envelope. Then the model's
/// files are checked against the signed manifest. The same rules as `model_signing verify
/// certificate --certificate_chain ROOTS.pem`.
///
/// ```swift
/// let verifier = try ModelCertificateVerifier(trustedCertificatesPEM: String(contentsOf: rootsURL))
/// let bundle = try SigstoreBundle(jsonData: Data(contentsOf: signatureURL))
/// let signed = try await verifier.verify(bundle, modelAt: modelURL)   // throws on any difference
/// ```
public struct ModelCertificateVerifier: Sendable {
  /// The trust anchors.
  public let trustedCertificates: [Certificate]

  /// Creates a verifier.
  /// - Parameter trustedCertificates: The root certificates to accept.
  public init(trustedCertificates: [Certificate]) { self.trustedCertificates = trustedCertificates }

  /// Creates a verifier from PEM text holding one or several certificates (a CA bundle).
  /// - Parameters:
  ///   - pem: The PEM text.
  ///   - source: What to call the text in errors (a file path).
  /// - Throws: ``ModelSignatureError/unreadableCertificate(source:reason:)``.
  public init(trustedCertificatesPEM pem: String, source: String = "the trusted certificates")
    throws(ModelSignatureError)
  {
    self.init(trustedCertificates: try ModelSigningCertificates.certificates(pem: pem, source: source))
  }

  /// Checks the bundle's chain, envelope and signature and reads the signed manifest, without
  /// looking at any model file.
  /// - Parameter bundle: The bundle.
  /// - Returns: The manifest and the signing certificate's key.
  /// - Throws: ``ModelSignatureError``: no or an unreadable chain, an untrusted chain, a
  ///   certificate not for signing, a signature its key does not verify, a malformed statement.
  public func verifiedManifest(of bundle: SigstoreBundle) async throws(ModelSignatureError)
    -> ModelSignatureVerifier.Verified
  {
    let message = try bundle.signedMessage()
    let chain = try ModelSigningCertificates.chain(of: bundle)
    let leaf = chain[0]
    let subject = ModelSigningCertificates.subject(leaf)
    var verifier = Verifier(rootCertificates: CertificateStore(trustedCertificates)) {
      RFC5280Policy(fixedExpiryValidationTime: leaf.notValidBefore)
      IssuedChainPolicy()
    }
    let result = await verifier.validate(leaf: leaf, intermediates: CertificateStore(chain.dropFirst()))
    if case .couldNotValidate(let failures) = result {
      let reasons = failures.map(\.policyFailureReason.description)
      throw .untrustedCertificate(
        subject: subject,
        reason: reasons.isEmpty ? "no chain to a trusted certificate" : reasons.joined(separator: "; "))
    }
    guard ModelSigningCertificates.allowsSigning(leaf) else { throw .certificateNotForSigning(subject: subject) }
    return try bundle.verified(message, byOneOf: [try ModelSigningCertificates.publicKey(of: leaf)])
  }

  /// Verifies the bundle, then the model file or folder at `url` against it.
  /// - Parameters:
  ///   - bundle: The bundle.
  ///   - url: The model file or folder.
  ///   - scope: Files to leave out beyond the signature's, and whether unsigned files are
  ///     ignored (see ``ModelSignatureVerifier/verify(_:modelAt:scope:)``).
  /// - Returns: The verified manifest and the signing certificate's key.
  /// - Throws: ``ModelSignatureError`` from ``verifiedManifest(of:)``, or naming the first file
  ///   whose digest differs, that is missing or that is not signed.
  @discardableResult
  public func verify(
    _ bundle: SigstoreBundle, modelAt url: URL, scope: ModelVerificationScope = ModelVerificationScope()
  ) async throws(ModelSignatureError) -> ModelSignatureVerifier.Verified {
    try await verifiedManifest(of: bundle).checked(againstModelAt: url, scope: scope)
  }
}
