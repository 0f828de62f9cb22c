import Foundation
import ModelSigning
import TestSupport
import XCTest

/// Password-protected private keys as Python's `cryptography` writes them
/// (`BestAvailableEncryption`: PKCS#8 with PBES2, and OpenSSL's traditional format), which
/// `model_signing sign key --password` reads: the same key comes out in Swift, and what
/// `tensorbridge sign --password` signs with it the CLI verifies.
final class EncryptedKeyTests: XCTestCase {
  func testKeysCryptographyEncryptsOpenWithTheirPassword() throws {
    let scratch = try SigningScratch(self)
    let model = try scratch.singleFileModel()
    for (curve, format) in [("SECP256R1", "PKCS8"), ("SECP384R1", "PKCS8"), ("SECP521R1", "TraditionalOpenSSL")] {
      let keyFile = scratch.folder.appendingPathComponent("\(curve)-\(format).pem")
      let publicFile = scratch.folder.appendingPathComponent("\(curve)-\(format).pub")
      let written = try ProcessRun.run(
        try ModelSigningCLI.python(),
        [
          "-c",
          """
          import sys
          from cryptography.hazmat.primitives.asymmetric import ec
          from cryptography.hazmat.primitives import serialization as s
          key = ec.generate_private_key(getattr(ec, sys.argv[3])())
          open(sys.argv[1], "wb").write(key.private_bytes(
              s.Encoding.PEM, getattr(s.PrivateFormat, sys.argv[4]), s.BestAvailableEncryption("s3cret-é".encode())))
          open(sys.argv[2], "wb").write(key.public_key().public_bytes(
              s.Encoding.PEM, s.PublicFormat.SubjectPublicKeyInfo))
          """, keyFile.path, publicFile.path, curve, format,
        ])
      XCTAssertEqual(written.status, 0, written.stderr)
      let pem = try String(contentsOf: keyFile, encoding: .utf8)
      let expected = try ModelSigningPublicKey(pemRepresentation: String(contentsOf: publicFile, encoding: .utf8))
      XCTAssertEqual(try ModelSigningPrivateKey(pemRepresentation: pem, password: "s3cret-é").publicKey, expected)
      for (password, reason) in [
        (nil, "it is encrypted: give its password"), ("wrong", "the password does not open it"),
      ] {
        XCTAssertThrowsError(try ModelSigningPrivateKey(pemRepresentation: pem, password: password)) { error in
          guard case .unreadableKey(kind: "private", let text)? = error as? ModelSignatureError else {
            return XCTFail("\(error)")
          }
          // A wrong password may also decrypt to bytes that are no key (1 in 256).
          XCTAssertTrue(text.hasPrefix(reason) || password != nil, text)
        }
      }
      let signature = scratch.folder.appendingPathComponent("\(curve).sig")
      let signed = try CLIRun.run([
        "sign", model.path, "--private-key", keyFile.path, "--password", "s3cret-é", "--signature", signature.path,
      ])
      XCTAssertEqual(signed.status, 0, signed.stderr)
      let verified = try ModelSigningCLI.verify(model: model, publicKey: publicFile, signature: signature)
      XCTAssertEqual(verified.status, 0, verified.stdout + verified.stderr)
    }
    XCTAssertThrowsError(
      try ModelSigningPrivateKey(pemRepresentation: scratch.privateKey.pemRepresentation, password: "x")
    ) { error in
      XCTAssertEqual(
        error as? ModelSignatureError,
        .unreadableKey(kind: "private", reason: "a password was given but the key is not encrypted"))
    }
  }
}
