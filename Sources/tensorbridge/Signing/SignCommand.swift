import ArgumentParser
import Foundation
import ModelSigning

/// `tensorbridge sign MODEL --private-key KEY [--signing-certificate CERT --certificate-chain C…]
/// [--signature OUT]`: writes an OpenSSF model-signing bundle, as `model_signing sign key` (or
/// `sign certificate`) does.
struct SignCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sign",
    abstract: "Sign a model file or folder in the OpenSSF model-signing format.",
    discussion: """
      Writes the signature bundle `model_signing verify key` (or, with --signing-certificate, \
      `verify certificate`) accepts, and `tensorbridge verify` too. The key is a PEM ECDSA private \
      key on P-256, P-384 or P-521 (PKCS#8 or SEC1; encrypted with AES-CBC: give --password). A signature written inside the \
      model folder is left out of what it signs, as the package does; so are the git files and \
      --ignore-paths.
      """)

  @Argument(help: "The model file or folder.")
  var model: String

  @Option(name: .customLong("private-key"), help: "The signing key (PEM).")
  var privateKey: String

  @Option(name: .long, help: "The private key's password, for an encrypted key (as model_signing's --password).")
  var password: String?

  @Option(name: .long, help: "Where to write the bundle.")
  var signature = "model.sig"

  @Option(
    name: .customLong("hash"),
    help: "How each file is hashed: sha256 (the default and the CLI's) or blake3 (the package's library offers it).")
  var hash: ModelSigningManifest.DigestAlgorithm = .sha256

  @Option(
    name: .customLong("signing-certificate"),
    help: "The key's certificate (PEM): sign with the certificate method instead of the key method.")
  var signingCertificate: String?

  @Option(
    name: .customLong("certificate-chain"),
    help: "Certificates behind the signing certificate (PEM; intermediates, the root if you like). Repeatable.")
  var certificateChain: [String] = []

  @OptionGroup var paths: SigningPathOptions

  @Flag(name: .customLong("allow-symlinks"), help: "Follow symbolic links to files (refused otherwise).")
  var allowSymlinks = false

  func validate() throws {
    if signingCertificate == nil, !certificateChain.isEmpty {
      throw ValidationError("--certificate-chain goes with --signing-certificate")
    }
  }

  func run() throws {
    let url = URL(fileURLWithPath: model)
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw CLIFailure("no model file or folder at \(model)")
    }
    let signer: ModelSigner
    do {
      let key = try ModelSigningPrivateKey(
        pemRepresentation: Self.text("the private key", privateKey), password: password)
      if let signingCertificate {
        signer = try ModelSigner(
          privateKey: key, signingCertificatePEM: try Self.text("the signing certificate", signingCertificate),
          chainPEM: try certificateChain.map { try Self.text("the certificate chain", $0) }.joined(separator: "\n"))
      } else {
        signer = ModelSigner(privateKey: key)
      }
    } catch let error as ModelSignatureError {
      throw CLIFailure(error)
    }
    let output = URL(fileURLWithPath: signature)
    let serialization = ModelSigningManifest.Serialization(
      allowSymlinks: allowSymlinks, ignorePaths: paths.ignored(in: url, besides: output), digestAlgorithm: hash)
    do {
      let manifest = try ModelSigningManifest.computed(forModelAt: url, serialization: serialization)
      try signer.sign(manifest).jsonData().write(to: output)
      let files = manifest.resources.count
      let method = signingCertificate == nil ? "key" : "certificate key"
      print(
        "signed: \(model) (\(files) file\(files == 1 ? "" : "s")) -> \(signature) by \(signer.privateKey.curve) \(method) \(signer.privateKey.publicKey.hint)"
      )
    } catch {
      throw CLIFailure("\(model) could not be signed: \(error)")
    }
  }

  private static func text(_ what: String, _ path: String) throws -> String {
    String(decoding: try CLIFailure.read(what, at: path), as: UTF8.self)
  }
}

extension ModelSigningManifest.DigestAlgorithm: ExpressibleByArgument {}
