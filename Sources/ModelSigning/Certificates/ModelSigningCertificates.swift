import Foundation
import SwiftASN1
import X509

/// Reading X.509 certificates for the certificate method, and what `model_signing` asks of the
/// signing certificate.
enum ModelSigningCertificates {
  /// Every certificate of a PEM text (`BEGIN CERTIFICATE` blocks; other blocks are skipped).
  /// - Parameter source: Names the text in errors (a file path).
  static func certificates(pem: String, source: String) throws(ModelSignatureError) -> [Certificate] {
    let documents: [PEMDocument]
    do {
      documents = try PEMDocument.parseMultiple(pemString: pem)
    } catch {
      throw .unreadableCertificate(source: source, reason: String(describing: error))
    }
    var certificates: [Certificate] = []
    for (index, document) in documents.enumerated() where document.discriminator == "CERTIFICATE" {
      do {
        certificates.append(try Certificate(derEncoded: document.derBytes))
      } catch {
        throw .unreadableCertificate(source: "\(source), certificate \(index + 1)", reason: String(describing: error))
      }
    }
    guard !certificates.isEmpty else { throw .unreadableCertificate(source: source, reason: "no CERTIFICATE block") }
    return certificates
  }

  /// The certificates of a bundle's chain, the signing certificate first.
  static func chain(of bundle: SigstoreBundle) throws(ModelSignatureError) -> [Certificate] {
    guard let chain = bundle.verificationMaterial.certificateChain, !chain.isEmpty else {
      throw .certificateChainMissing
    }
    var certificates: [Certificate] = []
    for (index, der) in chain.enumerated() {
      do {
        certificates.append(try Certificate(derEncoded: Array(der)))
      } catch {
        throw .unreadableCertificate(
          source: "verificationMaterial.x509CertificateChain.certificates[\(index)].rawBytes",
          reason: String(describing: error))
      }
    }
    return certificates
  }

  /// A certificate's DER encoding.
  static func der(_ certificate: Certificate) throws(ModelSignatureError) -> Data {
    var serializer = DER.Serializer()
    do {
      try serializer.serialize(certificate)
    } catch {
      throw .unreadableCertificate(source: subject(certificate), reason: String(describing: error))
    }
    return Data(serializer.serializedBytes)
  }

  /// The certificate's public key, an ECDSA key on one of the package's curves.
  static func publicKey(of certificate: Certificate) throws(ModelSignatureError) -> ModelSigningPublicKey {
    var serializer = DER.Serializer()
    do {
      try serializer.serialize(certificate.publicKey)
      return try ModelSigningPublicKey(derRepresentation: serializer.serializedBytes)
    } catch {
      throw .unreadableCertificate(source: subject(certificate), reason: "its key: \(error)")
    }
  }

  /// Whether the package would sign with it: KeyUsage `digitalSignature`, or else
  /// ExtendedKeyUsage `codeSigning` (`sign_certificate.py`, `_verify_certificates`).
  static func allowsSigning(_ certificate: Certificate) -> Bool {
    if let usage = try? certificate.extensions.keyUsage, usage.digitalSignature { return true }
    if let usage = try? certificate.extensions.extendedKeyUsage, usage.contains(.codeSigning) { return true }
    return false
  }

  /// The subject as text, for errors.
  static func subject(_ certificate: Certificate) -> String { certificate.subject.description }
}
