import Foundation

/// A Sigstore bundle (v0.3 JSON) holding a DSSE envelope signed with a key or a certificate's
/// key, as `model_signing sign key` and `sign certificate` write it (``ModelSigningFormat``).
public struct SigstoreBundle: Codable, Sendable, Equatable {
  /// `verificationMaterial`: which key signed, by its hint (the key method), or the signing
  /// certificate and the chain behind it (the certificate method); no transparency-log entries.
  public struct VerificationMaterial: Codable, Sendable, Equatable {
    /// `publicKey.hint`, or nil in bundles that predate hints and in certificate bundles.
    public var publicKeyHint: String?
    /// `x509CertificateChain.certificates[].rawBytes`: DER certificates, the signing certificate
    /// first (`model_signing sign certificate`); nil for the key method.
    public var certificateChain: [Data]?

    /// Creates verification material naming a key by its hint.
    /// - Parameter publicKeyHint: The key's ``ModelSigningPublicKey/hint``.
    public init(publicKeyHint: String?) { self.publicKeyHint = publicKeyHint }

    /// Creates verification material carrying a certificate chain.
    /// - Parameter certificateChain: DER certificates, the signing certificate first.
    public init(certificateChain: [Data]) { self.certificateChain = certificateChain }

    private enum CodingKeys: String, CodingKey { case publicKey, x509CertificateChain, tlogEntries }
    private struct PublicKeyIdentifier: Codable { var hint: String? }
    private struct CertificateChain: Codable {
      struct Certificate: Codable { var rawBytes: Data }
      var certificates: [Certificate]
    }

    /// Reads `publicKey.hint` and `x509CertificateChain`; `tlogEntries` is not used by either method.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      publicKeyHint = try container.decodeIfPresent(PublicKeyIdentifier.self, forKey: .publicKey)?.hint
      certificateChain = try container.decodeIfPresent(CertificateChain.self, forKey: .x509CertificateChain)?
        .certificates.map(\.rawBytes)
    }

    /// Writes `publicKey.hint` (or `x509CertificateChain`) and an empty `tlogEntries`, as the
    /// package does.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      if let certificateChain {
        try container.encode(
          CertificateChain(certificates: certificateChain.map { CertificateChain.Certificate(rawBytes: $0) }),
          forKey: .x509CertificateChain)
      } else {
        try container.encode(PublicKeyIdentifier(hint: publicKeyHint), forKey: .publicKey)
      }
      try container.encode([String](), forKey: .tlogEntries)
    }
  }

  /// The bundle's media type (``ModelSigningFormat/bundleMediaType``).
  public var mediaType: String
  /// The key's identification, or the signing certificate's chain.
  public var verificationMaterial: VerificationMaterial
  /// The signed statement.
  public var dsseEnvelope: DSSEEnvelope

  /// Creates a bundle.
  /// - Parameters:
  ///   - mediaType: The media type (default: Sigstore bundle v0.3 JSON).
  ///   - publicKeyHint: The signing key's hint.
  ///   - envelope: The signed envelope.
  public init(mediaType: String = ModelSigningFormat.bundleMediaType, publicKeyHint: String?, envelope: DSSEEnvelope) {
    self.init(
      mediaType: mediaType, verificationMaterial: VerificationMaterial(publicKeyHint: publicKeyHint), envelope: envelope
    )
  }

  /// Creates a bundle.
  /// - Parameters:
  ///   - mediaType: The media type (default: Sigstore bundle v0.3 JSON).
  ///   - verificationMaterial: The key's hint or the certificate chain.
  ///   - envelope: The signed envelope.
  public init(
    mediaType: String = ModelSigningFormat.bundleMediaType, verificationMaterial: VerificationMaterial,
    envelope: DSSEEnvelope
  ) {
    self.mediaType = mediaType
    self.verificationMaterial = verificationMaterial
    self.dsseEnvelope = envelope
  }

  /// Reads a bundle from its JSON.
  /// - Parameter jsonData: The signature file's bytes.
  /// - Throws: ``ModelSignatureError/malformedBundle(field:problem:)`` naming the field path.
  public init(jsonData: Data) throws(ModelSignatureError) {
    do {
      self = try JSONDecoder().decode(SigstoreBundle.self, from: jsonData)
    } catch let error as DecodingError {
      let (field, problem) = DecodingFailure.describe(error)
      throw .malformedBundle(field: field, problem: problem)
    } catch {
      throw .malformedBundle(field: "(document)", problem: String(describing: error))
    }
  }

  /// The bundle as JSON (keys sorted).
  public func jsonData() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Strings, bytes and arrays only: encoding cannot fail.
    return (try? encoder.encode(self)) ?? Data()
  }
}

/// A DSSE envelope (https://github.com/secure-systems-lab/dsse, v1.0).
public struct DSSEEnvelope: Codable, Sendable, Equatable {
  /// One signature over the PAE of the payload.
  public struct Signature: Codable, Sendable, Equatable {
    /// The DER ECDSA signature (base64 in JSON).
    public var sig: Data
    /// The key id (empty for the key method).
    public var keyid: String?

    /// Creates a signature entry.
    public init(sig: Data, keyid: String? = "") {
      self.sig = sig
      self.keyid = keyid
    }
  }

  /// The signed payload (base64 in JSON): the in-toto statement's JSON.
  public var payload: Data
  /// The payload's type (``ModelSigningFormat/payloadType``).
  public var payloadType: String
  /// The signatures.
  public var signatures: [Signature]

  /// Creates an envelope.
  public init(payload: Data, payloadType: String = ModelSigningFormat.payloadType, signatures: [Signature]) {
    self.payload = payload
    self.payloadType = payloadType
    self.signatures = signatures
  }

  /// DSSE's pre-authentication encoding of `payload` with `payloadType`: the bytes signed.
  /// - Parameters:
  ///   - payloadType: The payload type.
  ///   - payload: The payload.
  /// - Returns: `"DSSEv1 <len(type)> <type> <len(payload)> <payload>"`.
  public static func preAuthenticationEncoding(payloadType: String, payload: Data) -> Data {
    var out = Data("DSSEv1 \(payloadType.utf8.count) \(payloadType) \(payload.count) ".utf8)
    out.append(payload)
    return out
  }
}

/// Turns a `DecodingError` into a field path and a problem.
enum DecodingFailure {
  static func describe(_ error: DecodingError) -> (field: String, problem: String) {
    switch error {
    case .keyNotFound(let key, let context): (path(context.codingPath + [key]), "missing")
    case .typeMismatch(let type, let context): (path(context.codingPath), "not a \(type)")
    case .valueNotFound(let type, let context): (path(context.codingPath), "null where a \(type) is needed")
    case .dataCorrupted(let context): (path(context.codingPath), context.debugDescription)
    @unknown default: ("(document)", String(describing: error))
    }
  }

  static func path(_ keys: [any CodingKey]) -> String {
    guard !keys.isEmpty else { return "(document)" }
    var out = ""
    for key in keys {
      if let index = key.intValue {
        out += "[\(index)]"
      } else {
        out += out.isEmpty ? key.stringValue : "." + key.stringValue
      }
    }
    return out
  }
}
