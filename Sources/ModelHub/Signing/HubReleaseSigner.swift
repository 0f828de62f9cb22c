import Foundation
import ModelHubAPI
import ModelSigning

/// Signs a version as it is published: an OpenSSF model-signing bundle over the version's file
/// (one resource `"."`, its SHA-256 the hub already knows), whose subject is
/// ``HubSignatureSubject`` (`<model>/versions/<version>`).
struct HubReleaseSigner: Sendable {
  /// The signing key's id.
  let keyID: String
  let privateKey: ModelSigningPrivateKey

  /// The bundle JSON for a version whose file has SHA-256 `hash` (64 lowercase hex digits).
  func bundle(model: String, version: Int, hash: String) throws -> Data {
    guard let resource = ModelSigningManifest.Resource(name: ModelSigningFormat.singleFileResourceName, digestHex: hash)
    else {
      throw HubError.internalError("version \(model)/\(version) has a malformed hash")
    }
    let manifest = ModelSigningManifest(
      modelName: HubSignatureSubject(model: model, version: version).name, resources: [resource])
    do {
      return try ModelSigner(privateKey: privateKey).sign(manifest).jsonData()
    } catch {
      throw HubError.failedPrecondition(HubSigningError.key(error).description)
    }
  }
}
