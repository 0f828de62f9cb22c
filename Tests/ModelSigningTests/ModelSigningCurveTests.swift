import Foundation
import ModelSigning
import TestSupport
import XCTest

/// P-384 and P-521 keys, which the reference (`model-signing` 1.1.1: `_check_supported_ec_key`,
/// `get_ec_key_hash`) accepts beside P-256, signing over SHA-384 and SHA-512: what Swift signs
/// with them the CLI verifies, and what the CLI signs with keys Python's `cryptography` wrote
/// (PKCS#8 and SEC1) Swift verifies.
final class ModelSigningCurveTests: XCTestCase {
  private let otherCurves: [ModelSigningCurve] = [.p384, .p521]

  func testSwiftSignsWithEachCurveAndCLIVerifies() throws {
    for curve in otherCurves {
      let scratch = try SigningScratch(self, curve: curve)
      XCTAssertEqual(scratch.privateKey.rawRepresentation.count, curve.scalarByteCount)
      for model in [try scratch.singleFileModel(), try scratch.folderModel()] {
        let signature = try scratch.write(try ModelSigner(privateKey: scratch.privateKey).sign(modelAt: model))
        let result = try ModelSigningCLI.verify(model: model, publicKey: scratch.publicKeyFile, signature: signature)
        XCTAssertEqual(result.status, 0, "\(curve) \(model.lastPathComponent): \(result.stdout + result.stderr)")
        XCTAssertTrue(result.stdout.contains("Verification succeeded"), result.stdout)
      }
    }
  }

  func testCLISignsWithEachCurveAndSwiftVerifies() throws {
    for (curve, name, format) in [
      (ModelSigningCurve.p384, "SECP384R1", "PKCS8"), (.p384, "SECP384R1", "TraditionalOpenSSL"),
      (.p521, "SECP521R1", "PKCS8"), (.p521, "SECP521R1", "TraditionalOpenSSL"),
    ] {
      let scratch = try SigningScratch(self)
      let keyFile = scratch.folder.appendingPathComponent("\(name)-\(format).pem")
      let written = try ProcessRun.run(
        try ModelSigningCLI.python(),
        [
          "-c",
          """
          import sys
          from cryptography.hazmat.primitives.asymmetric import ec
          from cryptography.hazmat.primitives import serialization as s
          key = ec.generate_private_key(getattr(ec, sys.argv[2])())
          pem = key.private_bytes(s.Encoding.PEM, getattr(s.PrivateFormat, sys.argv[3]), s.NoEncryption())
          open(sys.argv[1], "wb").write(pem)
          """, keyFile.path, name, format,
        ])
      XCTAssertEqual(written.status, 0, written.stderr)
      let key = try ModelSigningPrivateKey(pemRepresentation: String(contentsOf: keyFile, encoding: .utf8))
      XCTAssertEqual(key.curve, curve, "\(name) \(format)")
      let model = try scratch.folderModel()
      let signature = scratch.folder.appendingPathComponent("cli.sig")
      let signed = try ModelSigningCLI.sign(model: model, privateKey: keyFile, signature: signature)
      XCTAssertEqual(signed.status, 0, signed.stdout + signed.stderr)
      let bundle = try SigstoreBundle(jsonData: Data(contentsOf: signature))
      XCTAssertEqual(bundle.verificationMaterial.publicKeyHint, key.publicKey.hint, "the hint is computed alike")
      let verified = try ModelSignatureVerifier(trustedKeys: [key.publicKey]).verify(bundle, modelAt: model)
      XCTAssertEqual(verified.key.curve, curve)
      // The same signature under another curve's key of the same hint cannot exist; under a
      // trusted key of another curve, without the hint, it is no trusted key's signature.
      var unhinted = bundle
      unhinted.verificationMaterial.publicKeyHint = nil
      let stranger = ModelSigningPrivateKey(curve: curve == .p384 ? .p521 : .p384).publicKey
      XCTAssertThrowsSignatureError(.signatureInvalid(keyHints: [stranger.hint])) {
        try ModelSignatureVerifier(trustedKeys: [stranger]).verifiedManifest(of: unhinted)
      }
      XCTAssertEqual(
        try ModelSignatureVerifier(trustedKeys: [stranger, key.publicKey]).verifiedManifest(of: unhinted).key,
        key.publicKey)
    }
  }

  func testKeysOfEachCurveReadAndWrite() throws {
    for curve in ModelSigningCurve.allCases {
      let key = ModelSigningPrivateKey(curve: curve)
      XCTAssertEqual(key.curve, curve)
      XCTAssertEqual(try ModelSigningPrivateKey(pemRepresentation: key.pemRepresentation).publicKey, key.publicKey)
      XCTAssertEqual(try ModelSigningPrivateKey(rawRepresentation: key.rawRepresentation).publicKey, key.publicKey)
      let publicKey = try ModelSigningPublicKey(pemRepresentation: key.publicKey.pemRepresentation)
      XCTAssertEqual(publicKey, key.publicKey)
      XCTAssertEqual(publicKey.curve, curve)
      XCTAssertEqual(try ModelSigningPublicKey(derRepresentation: Array(publicKey.derRepresentation)), publicKey)
    }
    XCTAssertThrowsError(try ModelSigningPrivateKey(rawRepresentation: Data(count: 40))) { error in
      guard case .unreadableKey(kind: "private", let reason)? = error as? ModelSignatureError else {
        return XCTFail("\(error)")
      }
      XCTAssertTrue(reason.contains("40 bytes"), reason)
    }
  }
}
