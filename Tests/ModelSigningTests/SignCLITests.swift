import Foundation
import ModelSigning
import TestSupport
import XCTest

/// `tensorbridge sign` against the reference: what it writes, `model_signing verify key` and
/// `verify certificate` accept, the signature inside the model folder left out as the package
/// leaves it out.
final class SignCLITests: XCTestCase {
  func testSignsWithAKeyInsideTheFolderAndTheCLIVerifies() throws {
    let scratch = try SigningScratch(self, curve: .p384)
    let model = try scratch.folderModel()
    let signature = model.appendingPathComponent("model.sig")
    let signed = try CLIRun.run(
      ["sign", model.path, "--private-key", scratch.privateKeyFile.path, "--signature", signature.path])
    XCTAssertEqual(signed.status, 0, signed.stderr)
    XCTAssertEqual(
      signed.stdout,
      "signed: \(model.path) (6 files) -> \(signature.path) by P-384 key \(scratch.privateKey.publicKey.hint)\n")
    let cli = try ModelSigningCLI.verify(model: model, publicKey: scratch.publicKeyFile, signature: signature)
    XCTAssertEqual(cli.status, 0, cli.stdout + cli.stderr)
    let bundle = try SigstoreBundle(jsonData: Data(contentsOf: signature))
    XCTAssertTrue(try scratch.verifier.verify(bundle, modelAt: model).manifest.serialization.ignores("model.sig"))
  }

  func testSignsWithACertificateAndTheCLIVerifies() throws {
    let scratch = try SigningScratch(self)
    let pki = try scratch.pki()
    let model = try scratch.singleFileModel()
    let signature = scratch.folder.appendingPathComponent("certificate.sig")
    let file = { (name: String) in pki.appendingPathComponent(name).path }
    let signed = try CLIRun.run([
      "sign", model.path, "--private-key", file("leaf-p521.key"), "--signing-certificate", file("leaf-p521.pem"),
      "--certificate-chain", file("inter.pem"), "--certificate-chain", file("root.pem"), "--signature", signature.path,
    ])
    XCTAssertEqual(signed.status, 0, signed.stderr)
    XCTAssertTrue(signed.stdout.contains("by P-521 certificate key"), signed.stdout)
    let cli = try ModelSigningCLI.verifyCertificate(
      model: model, trusted: [pki.appendingPathComponent("root.pem")], signature: signature)
    XCTAssertEqual(cli.status, 0, cli.stdout + cli.stderr)
    XCTAssertEqual(
      try SigstoreBundle(jsonData: Data(contentsOf: signature)).verificationMaterial.certificateChain?.count, 3)

    let mismatch = try CLIRun.run([
      "sign", model.path, "--private-key", file("leaf.key"), "--signing-certificate", file("leaf-p521.pem"),
      "--signature", signature.path,
    ])
    XCTAssertEqual(mismatch.status, 1)
    XCTAssertTrue(mismatch.stderr.contains("'CN=leaf-p521' holds another public key"), mismatch.stderr)
    let chainAlone = try CLIRun.run([
      "sign", model.path, "--private-key", file("leaf.key"), "--certificate-chain", file("inter.pem"),
    ])
    XCTAssertEqual(chainAlone.status, 2, chainAlone.stderr)
  }
}
