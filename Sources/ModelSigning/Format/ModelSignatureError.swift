/// Everything signing and verifying a model can fail with. Each case carries the facts and
/// `description` reads as a sentence.
public enum ModelSignatureError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A PEM key could not be read (`kind` is "private" or "public").
  case unreadableKey(kind: String, reason: String)
  /// The bundle is not JSON, or a field is missing or of the wrong type; `field` is its path,
  /// such as `dsseEnvelope.signatures[0].sig`.
  case malformedBundle(field: String, problem: String)
  /// The bundle's `mediaType` is not the Sigstore bundle v0.3 JSON type.
  case wrongMediaType(String)
  /// The DSSE envelope's `payloadType` is not in-toto JSON.
  case wrongPayloadType(String)
  /// The envelope carries no signature.
  case noSignatures
  /// The bundle names a public key (by its hint) that is not among the trusted ones.
  case unknownKey(hint: String)
  /// No trusted key verifies the envelope's signature: the payload was changed or another key signed it.
  case signatureInvalid(keyHints: [String])
  /// The statement payload is not JSON or misses a field; `field` is its path.
  case malformedStatement(field: String, problem: String)
  /// The statement's `_type` is not in-toto Statement v1.
  case wrongStatementType(String)
  /// The statement's `predicateType` is not model-signing v1.0.
  case wrongPredicateType(String)
  /// The statement has not exactly one subject.
  case subjectCount(Int)
  /// The serialization is not supported here (`method` or `hash_type`).
  case unsupportedSerialization(field: String, value: String)
  /// The subject's root digest does not match the resources listed.
  case inconsistentManifest(expected: String, actual: String)
  /// The manifest lists the same resource twice.
  case duplicateResource(String)
  /// A file's digest differs from the signed one.
  case digestMismatch(file: String, expected: String, actual: String)
  /// A signed file is missing from the model.
  case missingFile(String)
  /// The model holds a file the signature does not cover.
  case unsignedFile(String)
  /// The model path is a symbolic link, or holds one, and the serialization does not allow them.
  case symlinkInModel(String)
  /// The model path is neither a regular file nor a folder (missing, a socket, …).
  case notAFileOrFolder(String)
  /// Reading a model file or writing the signature failed.
  case io(path: String, reason: String)
  /// The bundle carries no `verificationMaterial.x509CertificateChain`: it was not signed with
  /// a certificate.
  case certificateChainMissing
  /// A certificate could not be read; `source` names it (a bundle field path, or a file).
  case unreadableCertificate(source: String, reason: String)
  /// The signing certificate does not chain to a trusted self-signed certificate, all valid
  /// when it was issued (its `notBefore`), as `model_signing verify certificate` requires.
  case untrustedCertificate(subject: String, reason: String)
  /// The signing certificate allows neither digital signatures (KeyUsage) nor code signing
  /// (ExtendedKeyUsage).
  case certificateNotForSigning(subject: String)
  /// The signing certificate's public key is not the private key's.
  case certificateKeyMismatch(subject: String)

  /// A sentence saying what went wrong.
  public var description: String {
    switch self {
    case .unreadableKey(let kind, let reason):
      "The \(kind) key cannot be read as an ECDSA key on P-256, P-384 or P-521: \(reason)."
    case .malformedBundle(let field, let problem): "The signature bundle is malformed at '\(field)': \(problem)."
    case .wrongMediaType(let type):
      "The signature bundle's mediaType is '\(type)', expected '\(ModelSigningFormat.bundleMediaType)'."
    case .wrongPayloadType(let type):
      "The DSSE payloadType is '\(type)', expected '\(ModelSigningFormat.payloadType)'."
    case .noSignatures: "The DSSE envelope carries no signature."
    case .unknownKey(let hint): "The model was signed with a key that is not trusted (key hint \(hint))."
    case .signatureInvalid(let hints):
      "No trusted key verifies the signature (tried \(hints.joined(separator: ", "))): the signed statement was changed or another key signed it."
    case .malformedStatement(let field, let problem): "The signed statement is malformed at '\(field)': \(problem)."
    case .wrongStatementType(let type):
      "The statement's _type is '\(type)', expected '\(ModelSigningFormat.statementType)'."
    case .wrongPredicateType(let type):
      "The statement's predicateType is '\(type)', expected '\(ModelSigningFormat.predicateType)'."
    case .subjectCount(let count): "The statement has \(count) subjects, expected exactly 1."
    case .unsupportedSerialization(let field, let value): "The serialization's \(field) '\(value)' is not supported."
    case .inconsistentManifest(let expected, let actual):
      "The manifest is inconsistent: the subject's digest is \(expected) but the resources hash to \(actual)."
    case .duplicateResource(let name): "The manifest lists '\(name)' twice."
    case .digestMismatch(let file, let expected, let actual):
      "'\(file)' has SHA-256 \(actual), but the signature says \(expected)."
    case .missingFile(let name): "'\(name)' is signed but missing from the model."
    case .unsignedFile(let name): "'\(name)' is in the model but not covered by the signature."
    case .symlinkInModel(let path): "'\(path)' is a symbolic link, which the serialization does not allow."
    case .notAFileOrFolder(let path): "'\(path)' is neither a regular file nor a folder."
    case .io(let path, let reason): "Reading or writing '\(path)' failed: \(reason)."
    case .certificateChainMissing:
      "The bundle carries no certificate chain (verificationMaterial.x509CertificateChain): it was signed with a key, not a certificate."
    case .unreadableCertificate(let source, let reason): "The certificate at \(source) cannot be read: \(reason)."
    case .untrustedCertificate(let subject, let reason):
      "The signing certificate '\(subject)' does not chain to a trusted self-signed certificate: \(reason)."
    case .certificateNotForSigning(let subject):
      "The signing certificate '\(subject)' allows neither digital signatures (KeyUsage) nor code signing (ExtendedKeyUsage)."
    case .certificateKeyMismatch(let subject):
      "The signing certificate '\(subject)' holds another public key than the private key's."
    }
  }
}
