import Foundation
import ModelSigning
import TestSupport
import XCTest

/// `tensorbridge verify MODEL --signature FILE --key PUB` on signatures made by the PyPI
/// `model_signing` CLI (key method), for a file and a bundle folder, and its typed failures.
final class VerifyCLITests: XCTestCase {
  private func verify(_ model: URL, _ signature: URL, keys: [URL]) throws -> ProcessResult {
    try CLIRun.run(["verify", model.path, "--signature", signature.path] + keys.flatMap { ["--key", $0.path] })
  }

  func testVerifiesAFileSignedByThePythonCLI() throws {
    let scratch = try SigningScratch(self)
    let model = try scratch.singleFileModel()
    let signature = try scratch.signedByCLI(model)

    let ok = try verify(model, signature, keys: [scratch.publicKeyFile])
    XCTAssertEqual(ok.status, 0, ok.stderr)
    XCTAssertEqual(
      ok.stdout,
      "verified: \(model.path) (1 file, signed as 'linear.tflite') by key \(scratch.privateKey.publicKey.hint)\n")

    // Another trusted key first (a rotation) still verifies; the private key file is accepted too.
    let other = scratch.folder.appendingPathComponent("other.pub")
    try Data(ModelSigningPrivateKey().publicKey.pemRepresentation.utf8).write(to: other)
    XCTAssertEqual(try verify(model, signature, keys: [other, scratch.privateKeyFile]).status, 0)

    let untrusted = try verify(model, signature, keys: [other])
    XCTAssertEqual(untrusted.status, 1, untrusted.stdout)
    XCTAssertTrue(untrusted.stderr.contains("does not verify against \(signature.path)"), untrusted.stderr)
    XCTAssertTrue(
      untrusted.stderr.contains(scratch.privateKey.publicKey.hint), "names the unknown key hint: \(untrusted.stderr)")

    var bytes = try Data(contentsOf: model)
    bytes[bytes.count / 2] ^= 1
    try bytes.write(to: model)
    let tampered = try verify(model, signature, keys: [scratch.publicKeyFile])
    XCTAssertEqual(tampered.status, 1, tampered.stdout)
    XCTAssertEqual(tampered.stdout, "")
    XCTAssertTrue(tampered.stderr.hasPrefix("error: \(model.path) does not verify"), tampered.stderr)
  }

  func testVerifiesAFolderSignedByThePythonCLI() throws {
    for curve in ModelSigningCurve.allCases { try verifiesAFolderSignedByThePythonCLI(curve) }
  }

  private func verifiesAFolderSignedByThePythonCLI(_ curve: ModelSigningCurve) throws {
    let scratch = try SigningScratch(self, curve: curve)
    let model = try scratch.folderModel()
    let signature = try scratch.signedByCLI(model, into: "folder.sig")
    let ok = try verify(model, signature, keys: [scratch.publicKeyFile])
    XCTAssertEqual(ok.status, 0, ok.stderr)
    XCTAssertTrue(ok.stdout.hasPrefix("verified: \(model.path) ("), ok.stdout)

    try Data("new".utf8).write(to: model.appendingPathComponent("added.txt"))
    let added = try verify(model, signature, keys: [scratch.publicKeyFile])
    XCTAssertEqual(added.status, 1)
    XCTAssertTrue(added.stderr.contains("added.txt"), "names the unsigned file: \(added.stderr)")
  }

  /// The certificate method: `--certificate-chain ROOTS.pem` as `model_signing verify certificate`.
  func testVerifiesACertificateSignatureOfThePythonCLI() throws {
    let scratch = try SigningScratch(self)
    let pki = try scratch.pki()
    let model = try scratch.folderModel()
    let signature = scratch.folder.appendingPathComponent("certificate.sig")
    let signed = try ModelSigningCLI.signWithCertificate(
      model: model, privateKey: pki.appendingPathComponent("leaf.key"),
      certificate: pki.appendingPathComponent("leaf.pem"), chain: [pki.appendingPathComponent("inter.pem")],
      signature: signature)
    XCTAssertEqual(signed.status, 0, signed.stdout + signed.stderr)
    let run = { (roots: [String]) in
      try CLIRun.run(
        ["verify", model.path, "--signature", signature.path]
          + roots.flatMap { ["--certificate-chain", pki.appendingPathComponent("\($0).pem").path] })
    }
    let ok = try run(["other-root", "root"])
    XCTAssertEqual(ok.status, 0, ok.stderr)
    XCTAssertTrue(
      ok.stdout.hasPrefix("verified: \(model.path) (6 files, signed as 'bundle') by certificate key "), ok.stdout)
    let untrusted = try run(["other-root"])
    XCTAssertEqual(untrusted.status, 1, untrusted.stdout)
    XCTAssertTrue(
      untrusted.stderr.contains(
        "The signing certificate 'CN=leaf' does not chain to a trusted self-signed certificate"),
      untrusted.stderr)
    let both = try CLIRun.run(
      [
        "verify", model.path, "--signature", signature.path, "--key", scratch.publicKeyFile.path, "--certificate-chain",
        pki.appendingPathComponent("root.pem").path,
      ])
    XCTAssertNotEqual(both.status, 0)
    XCTAssertTrue(both.stderr.contains("not both"), both.stderr)
  }

  /// What `model_signing verify` leaves out (the signature inside the model folder, git files,
  /// `--ignore-paths`, `--ignore_unsigned_files`): `tensorbridge verify` reaches its verdict in
  /// each case.
  func testLeavesOutWhatTheCLILeavesOut() throws {
    let scratch = try SigningScratch(self)
    let model = try scratch.folderModel()
    let outside = try scratch.signedByCLI(model, into: "outside.sig")
    // The signature moved into the model after signing, and a git folder made.
    let inside = model.appendingPathComponent("model.sig")
    try FileManager.default.copyItem(at: outside, to: inside)
    try FileManager.default.createDirectory(at: model.appendingPathComponent(".git"), withIntermediateDirectories: true)
    try Data("ref".utf8).write(to: model.appendingPathComponent(".git/HEAD"))
    let agree = { (ours: [String], theirs: [String], expected: Bool, label: String) in
      let swift = try CLIRun.run(
        ["verify", model.path, "--signature", inside.path, "--key", scratch.publicKeyFile.path] + ours)
      let python = try ProcessRun.run(
        try ModelSigningCLI.executable(),
        ["verify", "key", model.path, "--public_key", scratch.publicKeyFile.path, "--signature", inside.path] + theirs,
        timeLimit: 120)
      XCTAssertEqual(python.status == 0, expected, "the CLI, \(label): \(python.stdout + python.stderr)")
      XCTAssertEqual(swift.status == 0, expected, "tensorbridge, \(label): \(swift.stdout + swift.stderr)")
    }
    try agree([], [], true, "signature and .git inside")
    try agree(["--no-ignore-git-paths"], ["--no-ignore-git-paths"], true, "git files recorded as ignored")
    let extra = model.appendingPathComponent("extra.txt")
    try Data("extra".utf8).write(to: extra)
    try agree([], [], false, "an unsigned file")
    try agree(["--ignore-unsigned-files"], ["--ignore_unsigned_files"], true, "unsigned files ignored")
    try agree(["--ignore-paths", extra.path], ["--ignore-paths", extra.path], true, "the unsigned file ignored")
    try FileManager.default.removeItem(at: model.appendingPathComponent("model.json"))
    try agree(["--ignore-unsigned-files"], ["--ignore_unsigned_files"], false, "a signed file missing")
  }

  func testUnreadableInputsAreNamed() throws {
    let scratch = try SigningScratch(self)
    let model = try scratch.singleFileModel()
    let garbage = scratch.folder.appendingPathComponent("garbage.sig")
    try Data("not json".utf8).write(to: garbage)
    let notBundle = try verify(model, garbage, keys: [scratch.publicKeyFile])
    XCTAssertEqual(notBundle.status, 1)
    XCTAssertTrue(notBundle.stderr.contains("\(garbage.path) is not a model-signing bundle"), notBundle.stderr)
    let notKey = try verify(model, garbage, keys: [garbage])
    XCTAssertTrue(
      notKey.stderr.contains(
        "\(garbage.path) is not a PEM ECDSA public key: The private key cannot be read as an ECDSA key on P-256, P-384 or P-521"
      ), notKey.stderr)
    let missing = try verify(scratch.folder.appendingPathComponent("nothing"), garbage, keys: [scratch.publicKeyFile])
    XCTAssertTrue(missing.stderr.contains("no model file or folder at"), missing.stderr)
  }
}
