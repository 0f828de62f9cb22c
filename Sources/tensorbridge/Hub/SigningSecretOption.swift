import Foundation
import ModelHub

/// Where the hub's signing credentials come from: `--signing-secret FILE`, else the environment
/// variable `TENSORBRIDGE_HUB_SIGNING_SECRET` (base64 of the secret, or a PEM private key).
enum SigningSecretSource {
  static let environmentVariable = "TENSORBRIDGE_HUB_SIGNING_SECRET"

  /// The credentials from the file or the environment, or nil when neither is set.
  static func credentials(file: String?) throws -> HubSigningCredentials? {
    let data: Data
    if let file {
      data = try CLIFailure.read("the signing secret", at: file)
    } else if let value = ProcessInfo.processInfo.environment[environmentVariable], !value.isEmpty {
      if value.contains("-----BEGIN") {
        data = Data(value.utf8)
      } else if let decoded = Data(base64Encoded: value.trimmingCharacters(in: .whitespacesAndNewlines)) {
        data = decoded
      } else {
        throw CLIFailure(
          "\(environmentVariable) is neither base64 (of a secret of at least 32 bytes) nor a PEM private key")
      }
    } else {
      return nil
    }
    do { return try HubSigningCredentials(reading: data) } catch { throw CLIFailure(error) }
  }

  /// The sealing secret, required (for creating and rotating generated keys).
  static func secret(file: String?) throws -> HubSigningSecret {
    switch try credentials(file: file) {
    case .secret(let secret)?: return secret
    case .privateKey?:
      throw CLIFailure(
        "the signing secret is a PEM private key; give a secret (32+ random bytes) to seal new keys, or --external KEY.pem"
      )
    case nil:
      throw CLIFailure(
        "give --signing-secret FILE or set \(environmentVariable): new private keys are stored sealed with it")
    }
  }
}
