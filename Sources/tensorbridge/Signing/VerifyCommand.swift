import ArgumentParser
import Foundation
import ModelSigning
import X509

/// `tensorbridge verify MODEL --signature FILE (--key PUB | --certificate-chain ROOTS)`: checks
/// an OpenSSF model-signing bundle (key method, as the PyPI `model_signing` CLI and the hub write
/// it, or certificate method) against a model file or folder.
struct VerifyCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "verify",
    abstract: "Verify a model file or folder against an OpenSSF model-signing signature.",
    discussion: """
      Exits 0 and prints one `verified:` line when the signature is made by one of the --key \
      public keys (PEM, ECDSA on P-256, P-384 or P-521; the key method) or by a certificate that \
      chains to one of the --certificate-chain certificates (the certificate method, as \
      `model_signing verify certificate`), and every file matches the signed manifest; otherwise \
      exits 1 with an error naming the problem (untrusted key or certificate, bad signature, the \
      first changed, missing or unsigned file). Get a hub's key with `tensorbridge hub \
      signing-keys list`, a version's signature from GET /v1/models/{name}/versions/{version}/signature. \
      As `model_signing verify`, the signature file (when it lies in the model folder) and the git \
      files are left out of what is checked.
      """)

  @Argument(help: "The model file or folder.")
  var model: String

  @Option(name: .long, help: "The signature bundle (JSON, e.g. model.sig).")
  var signature: String

  @Option(name: .long, help: "A trusted public key (PEM). Repeat for several (a rotation).")
  var key: [String] = []

  @Option(
    name: .customLong("certificate-chain"),
    help: "Trusted root certificates (PEM, one or several per file) for a certificate-method signature. Repeatable.")
  var certificateChain: [String] = []

  @OptionGroup var paths: SigningPathOptions

  @Flag(name: .customLong("ignore-unsigned-files"), help: "Read only the files the signature covers.")
  var ignoreUnsignedFiles = false

  func validate() throws {
    guard key.isEmpty != certificateChain.isEmpty else {
      throw ValidationError("give --key PEM (key method) or --certificate-chain PEM (certificate method), not both")
    }
  }

  func run() async throws {
    let url = URL(fileURLWithPath: model)
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw CLIFailure("no model file or folder at \(model)")
    }
    let keys = try key.flatMap(Self.publicKeys)
    let roots = try certificateChain.flatMap(Self.certificates)
    let bundle: SigstoreBundle
    do { bundle = try SigstoreBundle(jsonData: try CLIFailure.read("the signature", at: signature)) } catch let error
      as ModelSignatureError
    {
      throw CLIFailure("\(signature) is not a model-signing bundle: \(error)")
    }
    let scope = ModelVerificationScope(
      ignoredPaths: paths.ignored(in: url, besides: URL(fileURLWithPath: signature)),
      ignoresUnsignedFiles: ignoreUnsignedFiles)
    let verified: ModelSignatureVerifier.Verified
    do {
      verified =
        roots.isEmpty
        ? try ModelSignatureVerifier(trustedKeys: keys).verify(bundle, modelAt: url, scope: scope)
        : try await ModelCertificateVerifier(trustedCertificates: roots).verify(bundle, modelAt: url, scope: scope)
    } catch {
      throw CLIFailure("\(model) does not verify against \(signature): \(error)")
    }
    let files = verified.manifest.resources.count
    print(
      "verified: \(model) (\(files) file\(files == 1 ? "" : "s"), signed as '\(verified.manifest.modelName)') by \(roots.isEmpty ? "" : "certificate ")key \(verified.key.hint)"
    )
  }

  /// The certificates in the PEM file at `path`.
  static func certificates(_ path: String) throws -> [Certificate] {
    let pem = String(decoding: try CLIFailure.read("the certificates", at: path), as: UTF8.self)
    do { return try ModelCertificateVerifier(trustedCertificatesPEM: pem, source: path).trustedCertificates } catch {
      throw CLIFailure(error)
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
