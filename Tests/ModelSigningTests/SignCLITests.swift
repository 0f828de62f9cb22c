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

  /// `--ignore-paths`, `--no-ignore-git-paths` and `--allow-symlinks` when signing: the CLI and
  /// `tensorbridge verify` reach the same verdict on what `tensorbridge sign` wrote.
  func testSigningPathOptionsAsTheCLI() throws {
    let scratch = try SigningScratch(self)
    let model = try scratch.folderModel()
    try FileManager.default.createDirectory(at: model.appendingPathComponent(".git"), withIntermediateDirectories: true)
    try Data("ref".utf8).write(to: model.appendingPathComponent(".git/HEAD"))
    try Data("scratch".utf8).write(to: model.appendingPathComponent("notes.txt"))
    try FileManager.default.createSymbolicLink(
      at: model.appendingPathComponent("link.json"), withDestinationURL: model.appendingPathComponent("model.json"))
    let signature = scratch.folder.appendingPathComponent("paths.sig")
    let sign = { (options: [String]) in
      try CLIRun.run(
        ["sign", model.path, "--private-key", scratch.privateKeyFile.path, "--signature", signature.path] + options)
    }
    // The CLI follows links only when told (`--allow_symlinks`), whatever the signature records;
    // `tensorbridge verify` follows the signature's `allow_symlinks`, as the package's library.
    let verdicts = { (ours: [String], theirs: [String]) -> (Bool, Bool) in
      let swift = try CLIRun.run(
        ["verify", model.path, "--signature", signature.path, "--key", scratch.publicKeyFile.path] + ours)
      let python = try ProcessRun.run(
        try ModelSigningCLI.executable(),
        [
          "verify", "key", model.path, "--public_key", scratch.publicKeyFile.path, "--signature", signature.path,
          "--allow_symlinks",
        ] + theirs, timeLimit: 120)
      return (swift.status == 0, python.status == 0)
    }
    // A link is refused unless allowed, as the package refuses it.
    let refused = try sign([])
    XCTAssertEqual(refused.status, 1)
    XCTAssertTrue(refused.stderr.contains("symbolic link"), refused.stderr)
    XCTAssertEqual(
      try sign(["--allow-symlinks", "--ignore-paths", model.appendingPathComponent("notes.txt").path]).status, 0)
    let bundle = try SigstoreBundle(jsonData: Data(contentsOf: signature))
    let names = try scratch.verifier.verifiedManifest(of: bundle).manifest.resources.map(\.name)
    XCTAssertTrue(
      names.contains("link.json") && !names.contains("notes.txt") && !names.contains(".git/HEAD"), "\(names)")
    let (signedOurs, signedTheirs) = try verdicts([], [])
    XCTAssertTrue(signedOurs && signedTheirs)
    // The git files signed: both verifiers need --no-ignore-git-paths to see them.
    XCTAssertEqual(try sign(["--allow-symlinks", "--no-ignore-git-paths"]).status, 0)
    let withGit = try SigstoreBundle(jsonData: Data(contentsOf: signature))
    XCTAssertTrue(
      try scratch.verifier.verifiedManifest(of: withGit).manifest.resources.map(\.name).contains(".git/HEAD"))
    let (ours, theirs) = try verdicts([], [])
    XCTAssertEqual(ours, theirs, "default git handling on a signature that covers .git")
    XCTAssertFalse(ours)
    let (oursNoGit, theirsNoGit) = try verdicts(["--no-ignore-git-paths"], ["--no-ignore-git-paths"])
    XCTAssertEqual(oursNoGit, theirsNoGit)
    XCTAssertTrue(oursNoGit)
  }
}
