import Foundation
import ModelSigning
import TestSupport
import XCTest

/// Interop with the reference implementation, the PyPI `model-signing` CLI (key method): what
/// Swift signs the CLI verifies, what the CLI signs Swift verifies, and both refuse the same
/// tampering.
final class ModelSigningInteropTests: XCTestCase {
  func testSwiftSignsSingleFileAndCLIVerifies() throws {
    let scratch = try SigningScratch(self)
    let model = try scratch.singleFileModel()
    let signature = try scratch.write(try ModelSigner(privateKey: scratch.privateKey).sign(modelAt: model))
    let result = try ModelSigningCLI.verify(model: model, publicKey: scratch.publicKeyFile, signature: signature)
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    XCTAssertTrue(result.stdout.contains("Verification succeeded"), result.stdout)
  }

  func testSwiftSignsFolderAndCLIVerifies() throws {
    let scratch = try SigningScratch(self)
    let model = try scratch.folderModel()
    let signature = try scratch.write(try ModelSigner(privateKey: scratch.privateKey).sign(modelAt: model))
    let result = try ModelSigningCLI.verify(model: model, publicKey: scratch.publicKeyFile, signature: signature)
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
  }

  func testCLISignsSingleFileAndSwiftVerifies() throws {
    let scratch = try SigningScratch(self)
    let model = try scratch.singleFileModel()
    let signature = try scratch.signedByCLI(model)
    let bundle = try SigstoreBundle(jsonData: Data(contentsOf: signature))
    XCTAssertEqual(
      bundle.verificationMaterial.publicKeyHint, scratch.privateKey.publicKey.hint, "the hint is computed alike")
    let verified = try scratch.verifier.verify(bundle, modelAt: model)
    XCTAssertEqual(verified.manifest.modelName, "linear.tflite")
    XCTAssertEqual(verified.manifest.resources.map(\.name), ["."])
    XCTAssertEqual(
      try scratch.verifier.verify(bundle, singleFileData: Data(contentsOf: model)).key, scratch.privateKey.publicKey)
  }

  /// The CLI signs with a SEC1 (`BEGIN EC PRIVATE KEY`) key written by Python's `cryptography`;
  /// the signature lies inside the model folder (the CLI records it in `ignore_paths`).
  func testCLISignsFolderWithSEC1KeyAndSwiftVerifies() throws {
    let scratch = try SigningScratch(self)
    let model = try scratch.folderModel()
    let keyFile = scratch.folder.appendingPathComponent("sec1.pem")
    let written = try ProcessRun.run(
      try ModelSigningCLI.python(),
      [
        "-c",
        """
        import sys
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.hazmat.primitives import serialization as s
        key = ec.generate_private_key(ec.SECP256R1())
        open(sys.argv[1], "wb").write(key.private_bytes(s.Encoding.PEM, s.PrivateFormat.TraditionalOpenSSL, s.NoEncryption()))
        """, keyFile.path,
      ])
    XCTAssertEqual(written.status, 0, written.stderr)
    let key = try ModelSigningPrivateKey(pemRepresentation: String(contentsOf: keyFile, encoding: .utf8))
    let signature = model.appendingPathComponent("model.sig")
    let signed = try ModelSigningCLI.sign(model: model, privateKey: keyFile, signature: signature)
    XCTAssertEqual(signed.status, 0, signed.stdout + signed.stderr)
    let bundle = try SigstoreBundle(jsonData: Data(contentsOf: signature))
    let verified = try ModelSignatureVerifier(trustedKeys: [key.publicKey]).verify(bundle, modelAt: model)
    XCTAssertEqual(
      verified.manifest.resources.map(\.name),
      ["a/b", "a-b/c", "empty.txt", "labels/é.txt", "model.json", "model.tflite"])
    XCTAssertTrue(verified.manifest.serialization.ignorePaths.contains("model.sig"))
    // The manifest Swift computes lists the files in the CLI's order.
    let local = try ModelSigningManifest.computed(forModelAt: model, serialization: verified.manifest.serialization)
    XCTAssertEqual(local.resources, verified.manifest.resources)
  }

  func testTamperedBytesFailInBoth() throws {
    let scratch = try SigningScratch(self)
    let model = try scratch.folderModel()
    let bundle = try ModelSigner(privateKey: scratch.privateKey).sign(modelAt: model)
    let signature = try scratch.write(bundle)
    let tampered = model.appendingPathComponent("model.tflite")
    var bytes = try Data(contentsOf: tampered)
    bytes[bytes.count / 2] ^= 0x01
    try bytes.write(to: tampered)
    let result = try ModelSigningCLI.verify(model: model, publicKey: scratch.publicKeyFile, signature: signature)
    XCTAssertNotEqual(result.status, 0)
    let output = result.stdout + result.stderr
    XCTAssertTrue(output.contains("Hash mismatch for") && output.contains("model.tflite"), output)
    XCTAssertThrowsError(try scratch.verifier.verify(bundle, modelAt: model)) { error in
      guard case .digestMismatch(let file, _, let actual)? = error as? ModelSignatureError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(file, "model.tflite")
      XCTAssertEqual(actual, SigningDigest.sha256Hex(of: bytes))
    }
  }

  /// The manifest is edited to the tampered file's digest (and the root digest recomputed): the
  /// signature no longer matches the payload.
  func testTamperedManifestFailsInBoth() throws {
    let scratch = try SigningScratch(self)
    let model = try scratch.singleFileModel()
    var bundle = try ModelSigner(privateKey: scratch.privateKey).sign(modelAt: model)
    let original = try Data(contentsOf: model)
    var bytes = original
    bytes[bytes.count - 1] ^= 0xff
    try bytes.write(to: model)
    var payload = String(decoding: bundle.dsseEnvelope.payload, as: UTF8.self)
    payload = payload.replacingOccurrences(
      of: SigningDigest.sha256Hex(of: original), with: SigningDigest.sha256Hex(of: bytes))
    payload = payload.replacingOccurrences(
      of: SigningDigest.hex(SigningDigest.sha256(SigningDigest.sha256(original))),
      with: SigningDigest.hex(SigningDigest.sha256(SigningDigest.sha256(bytes))))
    XCTAssertNotEqual(Data(payload.utf8), bundle.dsseEnvelope.payload)
    bundle.dsseEnvelope.payload = Data(payload.utf8)
    let signature = try scratch.write(bundle)
    let result = try ModelSigningCLI.verify(model: model, publicKey: scratch.publicKeyFile, signature: signature)
    XCTAssertNotEqual(result.status, 0, result.stdout)
    XCTAssertThrowsSignatureError(.signatureInvalid(keyHints: [scratch.privateKey.publicKey.hint])) {
      try scratch.verifier.verify(bundle, modelAt: model)
    }
  }

  func testOtherKeyFailsInBoth() throws {
    let scratch = try SigningScratch(self)
    let model = try scratch.singleFileModel()
    let other = ModelSigningPrivateKey()
    let bundle = try ModelSigner(privateKey: other).sign(modelAt: model)
    let signature = try scratch.write(bundle)
    let result = try ModelSigningCLI.verify(model: model, publicKey: scratch.publicKeyFile, signature: signature)
    XCTAssertNotEqual(result.status, 0)
    XCTAssertTrue((result.stdout + result.stderr).contains("Key mismatch"), result.stdout + result.stderr)
    XCTAssertThrowsSignatureError(.unknownKey(hint: other.publicKey.hint)) {
      try scratch.verifier.verify(bundle, modelAt: model)
    }
  }
}
