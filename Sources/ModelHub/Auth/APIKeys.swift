import Crypto
import Foundation
import ModelHubAPI

/// API key secrets: `tbh_<scope>_<43 base64url characters>` (256 random bits). The hub stores
/// only their SHA-256.
enum APIKeys {
  /// A new random secret.
  static func generate(scope: HubKeyScope) -> String {
    let key = SymmetricKey(size: .bits256)
    let random = key.withUnsafeBytes { Data($0) }
    let text = random.base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
    return "tbh_\(scope.rawValue)_\(text)"
  }

  /// The stored form of a secret.
  static func hash(_ secret: String) -> String { sha256Hex(Data(secret.utf8)) }

  /// Lowercase hex SHA-256.
  static func sha256Hex(_ data: Data) -> String { HubHash.hex(SHA256.hash(data: data)) }
}
