import SwiftASN1
import X509

/// What OpenSSL's default chain verification (behind `model_signing verify certificate`) asks
/// beyond swift-certificates' RFC 5280 policy: the chain ends at a self-signed certificate (a
/// trusted intermediate alone does not do: no partial chains), and each issuer that states a
/// KeyUsage allows `keyCertSign`. The signing certificate's critical ExtendedKeyUsage is
/// handled (by ``ModelSigningCertificates/allowsSigning(_:)``).
struct IssuedChainPolicy: VerifierPolicy {
  let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [.X509ExtensionID.extendedKeyUsage]

  func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) async -> PolicyEvaluationResult {
    guard let anchor = chain.last else { return .failsToMeetPolicy(reason: "an empty chain") }
    guard anchor.subject == anchor.issuer, anchor.publicKey.isValidSignature(anchor.signature, for: anchor) else {
      return .failsToMeetPolicy(reason: "the trusted certificate '\(anchor.subject)' is not self-signed")
    }
    for issuer in chain.dropFirst() {
      if let usage = try? issuer.extensions.keyUsage, !usage.keyCertSign {
        return .failsToMeetPolicy(reason: "the issuer '\(issuer.subject)' does not allow keyCertSign")
      }
    }
    return .meetsPolicy
  }
}
