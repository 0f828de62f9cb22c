import Crypto
import Foundation

/// The elliptic curves a model-signing key may be on: those the PyPI `model-signing` package
/// accepts (`_check_supported_ec_key`), each signing over the hash it pairs with the curve
/// (`get_ec_key_hash`): SHA-256 for P-256, SHA-384 for P-384, SHA-512 for P-521.
public enum ModelSigningCurve: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// NIST P-256 (secp256r1), ECDSA over SHA-256.
  case p256 = "P-256"
  /// NIST P-384 (secp384r1), ECDSA over SHA-384.
  case p384 = "P-384"
  /// NIST P-521 (secp521r1), ECDSA over SHA-512.
  case p521 = "P-521"

  /// The curve's name, such as `P-384`.
  public var description: String { rawValue }

  /// The length of a private scalar in bytes (32, 48 or 66).
  public var scalarByteCount: Int {
    switch self {
    case .p256: 32
    case .p384: 48
    case .p521: 66
    }
  }

  /// The curve whose private scalars are `count` bytes long.
  init?(scalarByteCount count: Int) {
    guard let curve = Self.allCases.first(where: { $0.scalarByteCount == count }) else { return nil }
    self = curve
  }

  /// The first curve whose reader accepts a key, with what it read (each curve's reader checks
  /// the key's curve identifier, so at most one accepts); the P-256 reader's error when none does.
  static func firstReading<Value>(_ read: (ModelSigningCurve) throws -> Value) throws -> (ModelSigningCurve, Value) {
    var firstError: (any Error)?
    for curve in allCases {
      do {
        return (curve, try read(curve))
      } catch {
        if firstError == nil { firstError = error }
      }
    }
    throw firstError ?? CryptoKitError.incorrectParameterSize
  }
}
