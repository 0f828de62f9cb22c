import Crypto
import Foundation

// What the model-signing keys need of swift-crypto's P-256, P-384 and P-521 signing types,
// which share no protocol: one generic implementation serves the three curves.

/// A swift-crypto ECDSA private key.
protocol ECDSASigningPrivateKey {
  associatedtype PublicKey: ECDSASigningPublicKey
  init(compactRepresentable: Bool)
  init<Bytes: ContiguousBytes>(rawRepresentation: Bytes) throws
  init(pemRepresentation: String) throws
  var rawRepresentation: Data { get }
  var pemRepresentation: String { get }
  var publicKey: PublicKey { get }
  func signature<D: DataProtocol>(for data: D) throws -> PublicKey.Signature
}

/// A swift-crypto ECDSA public key.
protocol ECDSASigningPublicKey {
  associatedtype Signature: ECDSADERSignature
  init(pemRepresentation: String) throws
  init<Bytes: RandomAccessCollection>(derRepresentation: Bytes) throws where Bytes.Element == UInt8
  var derRepresentation: Data { get }
  func isValidSignature<D: DataProtocol>(_ signature: Signature, for data: D) -> Bool
}

/// A swift-crypto ECDSA signature.
protocol ECDSADERSignature {
  init<D: DataProtocol>(derRepresentation: D) throws
  var derRepresentation: Data { get }
}

extension P256.Signing.PrivateKey: ECDSASigningPrivateKey {}
extension P384.Signing.PrivateKey: ECDSASigningPrivateKey {}
extension P521.Signing.PrivateKey: ECDSASigningPrivateKey {}
extension P256.Signing.PublicKey: ECDSASigningPublicKey {}
extension P384.Signing.PublicKey: ECDSASigningPublicKey {}
extension P521.Signing.PublicKey: ECDSASigningPublicKey {}
extension P256.Signing.ECDSASignature: ECDSADERSignature {}
extension P384.Signing.ECDSASignature: ECDSADERSignature {}
extension P521.Signing.ECDSASignature: ECDSADERSignature {}

extension ModelSigningCurve {
  /// swift-crypto's private key type for the curve (its public key and signature types follow).
  var privateKeyType: any ECDSASigningPrivateKey.Type {
    switch self {
    case .p256: P256.Signing.PrivateKey.self
    case .p384: P384.Signing.PrivateKey.self
    case .p521: P521.Signing.PrivateKey.self
    }
  }
}
