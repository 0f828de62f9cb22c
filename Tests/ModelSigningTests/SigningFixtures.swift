import Foundation
import ModelSigning
import TestSupport
import XCTest

/// Keys and models written to scratch folders for the signing tests.
struct SigningScratch {
  let folder: URL
  let privateKey: ModelSigningPrivateKey
  let privateKeyFile: URL
  let publicKeyFile: URL

  init(_ testCase: XCTestCase, curve: ModelSigningCurve = .p256) throws {
    folder = try TestPaths.temporaryDirectory(for: testCase, "tb-signing")
    privateKey = ModelSigningPrivateKey(curve: curve)
    privateKeyFile = folder.appendingPathComponent("key.pem")
    publicKeyFile = folder.appendingPathComponent("key.pub")
    try Data(privateKey.pemRepresentation.utf8).write(to: privateKeyFile)
    try Data(privateKey.publicKey.pemRepresentation.utf8).write(to: publicKeyFile)
  }

  var verifier: ModelSignatureVerifier { ModelSignatureVerifier(trustedKeys: [privateKey.publicKey]) }

  /// A copy of the `linear` fixture model.
  func singleFileModel() throws -> URL {
    let url = folder.appendingPathComponent("linear.tflite")
    try FileManager.default.copyItem(at: TestPaths.fixtureModel("linear"), to: url)
    return url
  }

  /// A bundle folder whose names test the ordering (`a/b` before `a-b/c`), nesting and the git
  /// files the CLI ignores.
  func folderModel() throws -> URL {
    let root = folder.appendingPathComponent("bundle")
    let files: [String: Data] = [
      "model.tflite": try Data(contentsOf: TestPaths.fixtureModel("linear")),
      "model.json": Data(#"{"name": "linear"}"#.utf8),
      "a/b": Data("ab".utf8),
      "a-b/c": Data("a-b c".utf8),
      "labels/é.txt": Data("accent".utf8),
      "empty.txt": Data(),
      ".gitignore": Data("*.o\n".utf8),
    ]
    for (path, data) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url)
    }
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("empty-folder"), withIntermediateDirectories: true)
    return root
  }

  /// A PKI made for this test in `pki/` (`scripts/signing/make_pki.py`: `NAME.pem`, `NAME.key`).
  func pki() throws -> URL {
    let url = folder.appendingPathComponent("pki")
    try ModelSigningCLI.makePKI(in: url)
    return url
  }

  /// Signs `model` with the reference CLI (`model_signing sign key`, this scratch's key) into
  /// `name` in the scratch folder.
  func signedByCLI(_ model: URL, into name: String = "cli.sig") throws -> URL {
    let signature = folder.appendingPathComponent(name)
    let signed = try ModelSigningCLI.sign(model: model, privateKey: privateKeyFile, signature: signature)
    guard signed.status == 0 else {
      throw TestFailure("model_signing sign key failed: \(signed.stdout + signed.stderr)")
    }
    return signature
  }

  /// Writes `bundle` as a signature file.
  func write(_ bundle: SigstoreBundle, _ name: String = "model.sig") throws -> URL {
    let url = folder.appendingPathComponent(name)
    try bundle.jsonData().write(to: url)
    return url
  }
}

/// Asserts that `body` throws exactly `expected`.
func XCTAssertThrowsSignatureError<T>(
  _ expected: ModelSignatureError, _ body: () throws -> T,
  file: StaticString = #filePath, line: UInt = #line
) {
  XCTAssertThrowsError(try body(), file: file, line: line) { error in
    XCTAssertEqual(error as? ModelSignatureError, expected, file: file, line: line)
  }
}
