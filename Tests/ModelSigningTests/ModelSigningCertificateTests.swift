import Foundation
import ModelSigning
import TestSupport
import XCTest

/// The certificate method against the reference, `model_signing sign certificate` / `verify
/// certificate` (1.1.1, OpenSSL's chain verification underneath), on a PKI made for each run by
/// `scripts/signing/make_pki.py`: for each case the CLI signs, and the CLI and Swift must reach
/// the same verdict, the one expected; what Swift signs the CLI verifies.
final class ModelSigningCertificateTests: XCTestCase {
  private struct Case {
    var leaf: String
    var chain: [String]
    var trusted: [String]
    /// nil: both accept; otherwise what Swift's error must be.
    var refusal: ((String) -> ModelSignatureError)?
  }

  private let cases: [Case] = [
    Case(leaf: "leaf", chain: ["inter"], trusted: ["root"]),
    Case(leaf: "leaf", chain: ["inter"], trusted: ["other-root", "root"]),
    Case(leaf: "leaf", chain: ["inter", "root"], trusted: ["root"]),
    Case(leaf: "leaf", chain: ["inter"], trusted: ["inter", "root"]),
    Case(leaf: "leaf-eku", chain: ["inter"], trusted: ["root"]),
    Case(leaf: "leaf-expired", chain: ["inter"], trusted: ["root"]),
    Case(leaf: "leaf-p521", chain: ["inter"], trusted: ["root"]),
    // OpenSSL: "unable to get issuer certificate" (a trusted intermediate is not an anchor).
    Case(leaf: "leaf", chain: ["inter"], trusted: ["inter"]) { .untrustedCertificate(subject: $0, reason: "") },
    // "unable to get local issuer certificate".
    Case(leaf: "leaf", chain: ["inter"], trusted: ["other-root"]) { .untrustedCertificate(subject: $0, reason: "") },
    // "Signing certificate cannot be used for signing".
    Case(leaf: "leaf-nosign", chain: ["inter"], trusted: ["root"]) { .certificateNotForSigning(subject: $0) },
    // "invalid CA certificate": the issuer's KeyUsage lacks keyCertSign.
    Case(leaf: "leaf-bad", chain: ["bad-inter"], trusted: ["root"]) { .untrustedCertificate(subject: $0, reason: "") },
  ]

  private func pem(_ pki: URL, _ names: [String]) throws -> String {
    try names.map { try String(contentsOf: pki.appendingPathComponent("\($0).pem"), encoding: .utf8) }.joined()
  }

  func testSwiftReachesTheCLIsVerdictOnEachCase() async throws {
    let scratch = try SigningScratch(self)
    let pki = try scratch.pki()
    let model = try scratch.folderModel()
    for (index, item) in cases.enumerated() {
      let label = "\(item.leaf) via \(item.chain) trusting \(item.trusted)"
      let signature = scratch.folder.appendingPathComponent("case\(index).sig")
      let file = { (name: String, ext: String) in pki.appendingPathComponent("\(name).\(ext)") }
      let signed = try ModelSigningCLI.signWithCertificate(
        model: model, privateKey: file(item.leaf, "key"), certificate: file(item.leaf, "pem"),
        chain: item.chain.map { file($0, "pem") }, signature: signature)
      XCTAssertEqual(signed.status, 0, "\(label): \(signed.stdout + signed.stderr)")
      let cli = try ModelSigningCLI.verifyCertificate(
        model: model, trusted: item.trusted.map { file($0, "pem") }, signature: signature)
      XCTAssertEqual(cli.status == 0, item.refusal == nil, "the CLI on \(label): \(cli.stdout + cli.stderr)")

      let bundle = try SigstoreBundle(jsonData: Data(contentsOf: signature))
      XCTAssertEqual(bundle.verificationMaterial.certificateChain?.count, 1 + item.chain.count, label)
      let verifier = try ModelCertificateVerifier(trustedCertificatesPEM: try pem(pki, item.trusted))
      do {
        let verified = try await verifier.verify(bundle, modelAt: model)
        XCTAssertNil(item.refusal, "Swift accepted \(label)")
        XCTAssertEqual(verified.key.curve, item.leaf == "leaf-p521" ? .p521 : .p256, label)
      } catch {
        guard let refusal = item.refusal else {
          XCTFail("Swift refused \(label): \(error)")
          continue
        }
        XCTAssertEqual((error as? ModelSignatureError)?.kind, refusal("CN=\(item.leaf)").kind, "\(label): \(error)")
        XCTAssertTrue(error.description.contains("CN=\(item.leaf)"), "names the certificate: \(error)")
      }
    }
  }

  func testSwiftSignsWithACertificateAndTheCLIVerifies() async throws {
    let scratch = try SigningScratch(self)
    let pki = try scratch.pki()
    for (leaf, chain) in [("leaf", ["inter"]), ("leaf-p521", ["inter", "root"]), ("leaf-eku", ["inter"])] {
      let key = try ModelSigningPrivateKey(
        pemRepresentation: String(contentsOf: pki.appendingPathComponent("\(leaf).key"), encoding: .utf8))
      let signer = try ModelSigner(
        privateKey: key, signingCertificatePEM: try pem(pki, [leaf]), chainPEM: try pem(pki, chain))
      for model in [try scratch.singleFileModel(), try scratch.folderModel()] {
        let bundle = try signer.sign(modelAt: model)
        let signature = try scratch.write(bundle, "\(leaf).sig")
        let cli = try ModelSigningCLI.verifyCertificate(
          model: model, trusted: [pki.appendingPathComponent("root.pem")], signature: signature)
        XCTAssertEqual(cli.status, 0, "\(leaf) \(model.lastPathComponent): \(cli.stdout + cli.stderr)")
        let verifier = try ModelCertificateVerifier(trustedCertificatesPEM: try pem(pki, ["root"]))
        let verified = try await verifier.verify(bundle, modelAt: model)
        XCTAssertEqual(verified.key, key.publicKey)
        try FileManager.default.removeItem(at: model)
      }
    }
  }

  func testMismatchesAndTamperingAreNamed() async throws {
    let scratch = try SigningScratch(self)
    let pki = try scratch.pki()
    let key = try ModelSigningPrivateKey(
      pemRepresentation: String(contentsOf: pki.appendingPathComponent("leaf.key"), encoding: .utf8))
    // Another certificate than the key's: refused at once, as the package's signer does.
    XCTAssertThrowsSignatureError(.certificateKeyMismatch(subject: "CN=leaf-eku")) {
      _ = try ModelSigner(privateKey: key, signingCertificatePEM: try self.pem(pki, ["leaf-eku"]))
    }
    XCTAssertThrowsError(try ModelSigner(privateKey: key, signingCertificatePEM: "no certificate")) { error in
      guard case .unreadableCertificate(source: "the signing certificate", _)? = error as? ModelSignatureError else {
        return XCTFail("\(error)")
      }
    }
    let signer = try ModelSigner(
      privateKey: key, signingCertificatePEM: try pem(pki, ["leaf"]), chainPEM: try pem(pki, ["inter"]))
    let model = try scratch.folderModel()
    let bundle = try signer.sign(modelAt: model)
    let verifier = try ModelCertificateVerifier(trustedCertificatesPEM: try pem(pki, ["root"]))
    // Without its intermediate the chain does not reach the root.
    var short = bundle
    short.verificationMaterial.certificateChain = Array(bundle.verificationMaterial.certificateChain?.prefix(1) ?? [])
    await XCTAssertThrowsSignatureErrorAsync(.untrustedCertificate(subject: "CN=leaf", reason: "")) {
      try await verifier.verifiedManifest(of: short)
    }
    // A key-method bundle, and a chain of garbage.
    let keyBundle = try ModelSigner(privateKey: key).sign(modelAt: model)
    await XCTAssertThrowsSignatureErrorAsync(.certificateChainMissing) {
      try await verifier.verifiedManifest(of: keyBundle)
    }
    var garbage = bundle
    garbage.verificationMaterial.certificateChain = [Data("not DER".utf8)]
    await XCTAssertThrowsSignatureErrorAsync(
      .unreadableCertificate(source: "verificationMaterial.x509CertificateChain.certificates[0].rawBytes", reason: "")
    ) { try await verifier.verifiedManifest(of: garbage) }
    // A bundle the certificate's key did not sign: another payload under the same chain.
    var resigned = bundle
    resigned.dsseEnvelope.payload = try ModelSigner(privateKey: ModelSigningPrivateKey())
      .sign(modelAt: model, modelName: "another name").dsseEnvelope.payload
    await XCTAssertThrowsSignatureErrorAsync(.signatureInvalid(keyHints: [key.publicKey.hint])) {
      try await verifier.verifiedManifest(of: resigned)
    }
    // A changed file.
    try Data("changed".utf8).write(to: model.appendingPathComponent("model.json"))
    await XCTAssertThrowsSignatureErrorAsync(.digestMismatch(file: "model.json", expected: "", actual: "")) {
      try await verifier.verify(bundle, modelAt: model)
    }
    XCTAssertThrowsError(try ModelCertificateVerifier(trustedCertificatesPEM: "", source: "roots.pem")) { error in
      XCTAssertEqual(
        (error as? ModelSignatureError)?.kind, ModelSignatureError.unreadableCertificate(source: "", reason: "").kind)
    }
  }
}

extension ModelSignatureError {
  /// The case name alone, for comparing errors whose payloads hold generated text.
  var kind: String { Mirror(reflecting: self).children.first?.label ?? description }
}

/// Asserts that `body` throws a ``ModelSignatureError`` of the same case as `expected` (payloads
/// holding generated text are not compared).
func XCTAssertThrowsSignatureErrorAsync<T>(
  _ expected: ModelSignatureError, _ body: () async throws -> T, file: StaticString = #filePath, line: UInt = #line
) async {
  do {
    _ = try await body()
    XCTFail("no error; expected \(expected)", file: file, line: line)
  } catch let error as ModelSignatureError {
    XCTAssertEqual(error.kind, expected.kind, "\(error)", file: file, line: line)
  } catch {
    XCTFail("\(error)", file: file, line: line)
  }
}
