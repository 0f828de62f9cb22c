import ArgumentParser
import Foundation
import ModelSigning

/// `tensorbridge verify MODEL --signature FILE --key PUB`: checks an OpenSSF model-signing
/// bundle (key method, as the PyPI `model_signing` CLI and the hub write it) against a model
/// file or folder.
struct VerifyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "verify",
    abstract: "Verify a model file or folder against an OpenSSF model-signing signature (key method).",
    discussion: """
      Exits 0 and prints one `verified:` line when the signature is made by one of the --key \
      public keys (PEM, ECDSA on P-256, P-384 or P-521) and every file matches the signed manifest; otherwise exits \
      1 with an error naming the problem (untrusted key, bad signature, the first changed, \
      missing or unsigned file). Get a hub's key with `tensorbridge hub signing-keys list`, a \
      version's signature from GET /v1/models/{name}/versions/{version}/signature.
      """)

  @Argument(help: "The model file or folder.")
  var model: String

  @Option(name: .long, help: "The signature bundle (JSON, e.g. model.sig).")
  var signature: String

  @Option(name: .long, help: "A trusted public key (PEM). Repeat for several (a rotation).")
  var key: [String]

  func validate() throws {
    guard !key.isEmpty else { throw ValidationError("give at least one --key PEM") }
  }

  func run() throws {
    let url = URL(fileURLWithPath: model)
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw CLIFailure("no model file or folder at \(model)")
    }
    let keys = try key.flatMap(Self.publicKeys)
    let bundle: SigstoreBundle
    do { bundle = try SigstoreBundle(jsonData: try CLIFailure.read("the signature", at: signature)) } catch let error
      as ModelSignatureError
    {
      throw CLIFailure("\(signature) is not a model-signing bundle: \(error)")
    }
    do {
      let verified = try ModelSignatureVerifier(trustedKeys: keys).verify(bundle, modelAt: url)
      let files = verified.manifest.resources.count
      print(
        "verified: \(model) (\(files) file\(files == 1 ? "" : "s"), signed as '\(verified.manifest.modelName)') by key \(verified.key.hint)"
      )
    } catch {
      throw CLIFailure("\(model) does not verify against \(signature): \(error)")
    }
  }

  /// Reads the PEM public keys in `path` (one or several, as `hub signing-keys list
  /// --public-keys` prints them), or the public half of a PEM private key.
  static func publicKeys(_ path: String) throws -> [ModelSigningPublicKey] {
    let pem = String(decoding: try CLIFailure.read("the key", at: path), as: UTF8.self)
    let marker = "-----BEGIN PUBLIC KEY-----"
    let blocks = pem.components(separatedBy: marker).dropFirst().map { marker + $0 }
    if !blocks.isEmpty, let keys = try? blocks.map({ try ModelSigningPublicKey(pemRepresentation: $0) }) { return keys }
    do { return [try ModelSigningPrivateKey(pemRepresentation: pem).publicKey] } catch {
      throw CLIFailure("\(path) is not a PEM ECDSA public key: \(error)")
    }
  }
}
