import Foundation
import ModelSigning
import TestSupport
import XCTest

/// The verifier's refusals, each a typed error naming the problem.
final class ModelSignatureVerifierTests: XCTestCase {
  private func signedFolder() throws -> (SigningScratch, URL, SigstoreBundle) {
    let scratch = try SigningScratch(self)
    let model = try scratch.folderModel()
    return (scratch, model, try ModelSigner(privateKey: scratch.privateKey).sign(modelAt: model))
  }

  func testRoundTripThroughJSON() throws {
    let (scratch, model, bundle) = try signedFolder()
    let read = try SigstoreBundle(jsonData: bundle.jsonData())
    XCTAssertEqual(read, bundle)
    let verified = try scratch.verifier.verify(read, modelAt: model)
    XCTAssertEqual(verified.manifest.modelName, "bundle")
    XCTAssertFalse(verified.manifest.resources.contains { $0.name == ".gitignore" }, "git files are ignored")
  }

  func testExtraAndMissingFiles() throws {
    let (scratch, model, bundle) = try signedFolder()
    try Data("new".utf8).write(to: model.appendingPathComponent("a/new.txt"))
    XCTAssertThrowsSignatureError(.unsignedFile("a/new.txt")) { try scratch.verifier.verify(bundle, modelAt: model) }
    try FileManager.default.removeItem(at: model.appendingPathComponent("a/new.txt"))
    try FileManager.default.removeItem(at: model.appendingPathComponent("empty.txt"))
    XCTAssertThrowsSignatureError(.missingFile("empty.txt")) { try scratch.verifier.verify(bundle, modelAt: model) }
  }

  func testSymlinksAreRefused() throws {
    let (scratch, model, bundle) = try signedFolder()
    let link = model.appendingPathComponent("link.tflite")
    try FileManager.default.createSymbolicLink(
      at: link, withDestinationURL: model.appendingPathComponent("model.tflite"))
    XCTAssertThrowsSignatureError(.symlinkInModel(link.path)) { try scratch.verifier.verify(bundle, modelAt: model) }
  }

  func testEnvelopeFields() throws {
    let (scratch, model, bundle) = try signedFolder()
    var wrongType = bundle
    wrongType.dsseEnvelope.payloadType = "application/json"
    XCTAssertThrowsSignatureError(.wrongPayloadType("application/json")) {
      try scratch.verifier.verify(wrongType, modelAt: model)
    }
    var wrongMedia = bundle
    wrongMedia.mediaType = "application/vnd.dev.sigstore.bundle+json;version=0.2"
    XCTAssertThrowsSignatureError(.wrongMediaType(wrongMedia.mediaType)) {
      try scratch.verifier.verify(wrongMedia, modelAt: model)
    }
    var unsigned = bundle
    unsigned.dsseEnvelope.signatures = []
    XCTAssertThrowsSignatureError(.noSignatures) { try scratch.verifier.verify(unsigned, modelAt: model) }
    var noHint = bundle
    noHint.verificationMaterial.publicKeyHint = nil
    let other = ModelSigningPrivateKey().publicKey
    XCTAssertThrowsSignatureError(.signatureInvalid(keyHints: [other.hint])) {
      try ModelSignatureVerifier(trustedKeys: [other]).verify(noHint, modelAt: model)
    }
    // Without a hint every trusted key is tried; the right one among them verifies.
    XCTAssertNoThrow(
      try ModelSignatureVerifier(trustedKeys: [other, scratch.privateKey.publicKey]).verify(noHint, modelAt: model))
  }

  func testMalformedBundleNamesTheField() throws {
    let (_, _, bundle) = try signedFolder()
    func edited(_ edit: (inout [String: Any]) -> Void) throws -> Data {
      var json = try XCTUnwrap(JSONSerialization.jsonObject(with: bundle.jsonData()) as? [String: Any])
      edit(&json)
      return try JSONSerialization.data(withJSONObject: json)
    }
    let noType = try edited { json in
      var envelope = json["dsseEnvelope"] as? [String: Any] ?? [:]
      envelope["payloadType"] = nil
      json["dsseEnvelope"] = envelope
    }
    XCTAssertThrowsSignatureError(.malformedBundle(field: "dsseEnvelope.payloadType", problem: "missing")) {
      try SigstoreBundle(jsonData: noType)
    }
    let badSig = try edited { json in
      var envelope = json["dsseEnvelope"] as? [String: Any] ?? [:]
      envelope["signatures"] = [["sig": "not base64!", "keyid": ""]]
      json["dsseEnvelope"] = envelope
    }
    XCTAssertThrowsError(try SigstoreBundle(jsonData: badSig)) { error in
      guard case .malformedBundle(let field, _)? = error as? ModelSignatureError else { return XCTFail("\(error)") }
      XCTAssertEqual(field, "dsseEnvelope.signatures[0].sig")
    }
    XCTAssertThrowsError(try SigstoreBundle(jsonData: Data("{".utf8))) { error in
      guard case .malformedBundle(let field, _)? = error as? ModelSignatureError else { return XCTFail("\(error)") }
      XCTAssertEqual(field, "(document)")
    }
  }

  /// Statements signed with a valid key but with wrong contents are refused by what is wrong.
  func testStatementChecks() throws {
    let scratch = try SigningScratch(self)
    func bundle(_ statement: String) throws -> SigstoreBundle {
      let payload = Data(statement.utf8)
      let message = DSSEEnvelope.preAuthenticationEncoding(
        payloadType: ModelSigningFormat.payloadType, payload: payload)
      let signer = ModelSigner(privateKey: scratch.privateKey)
      // Sign an arbitrary payload by re-signing a bundle whose payload is replaced.
      var signed = try signer.sign(.singleFile(modelName: "m", sha256: [UInt8](repeating: 0, count: 32)))
      signed.dsseEnvelope.payload = payload
      signed.dsseEnvelope.signatures = [
        DSSEEnvelope.Signature(sig: try TestSigning.sign(message, with: scratch.privateKey))
      ]
      return signed
    }
    let digest = String(repeating: "ab", count: 32)
    let resources = #"[{"name": ".", "algorithm": "sha256", "digest": "\#(digest)"}]"#
    let serialization = #"{"method": "files", "hash_type": "sha256", "allow_symlinks": false}"#
    func statement(
      type: String = ModelSigningFormat.statementType, predicateType: String = ModelSigningFormat.predicateType,
      serialization: String = serialization, resources: String = resources, root: String = digest
    ) -> String {
      #"{"_type": "\#(type)", "predicateType": "\#(predicateType)", "subject": [{"name": "m", "digest": {"sha256": "\#(root)"}}], "predicate": {"serialization": \#(serialization), "resources": \#(resources)}}"#
    }
    let verifier = scratch.verifier
    XCTAssertThrowsSignatureError(.wrongStatementType("x")) {
      try verifier.verifiedManifest(of: bundle(statement(type: "x")))
    }
    XCTAssertThrowsSignatureError(.wrongPredicateType("https://model_signing/Digests/v0.1")) {
      try verifier.verifiedManifest(of: bundle(statement(predicateType: "https://model_signing/Digests/v0.1")))
    }
    XCTAssertThrowsSignatureError(.unsupportedSerialization(field: "predicate.serialization.method", value: "shards")) {
      try verifier.verifiedManifest(of: bundle(statement(serialization: #"{"method": "shards", "shard_size": 1}"#)))
    }
    // BLAKE2b is refused (as by the reference's verifier); BLAKE3 is read, and each resource
    // must name it.
    for (hashType, field, value) in [
      ("blake2b", "predicate.serialization.hash_type", "blake2b"),
      ("blake3", "predicate.resources[0].algorithm", "sha256"),
    ] {
      XCTAssertThrowsSignatureError(.unsupportedSerialization(field: field, value: value)) {
        try verifier.verifiedManifest(
          of: bundle(
            statement(
              serialization: #"{"method": "files", "hash_type": "\#(hashType)", "allow_symlinks": false}"#)))
      }
    }
    XCTAssertThrowsSignatureError(
      .malformedStatement(field: "predicate.resources[0].digest", problem: "not 64 hex digits")
    ) {
      try verifier.verifiedManifest(
        of: bundle(statement(resources: #"[{"name": ".", "algorithm": "sha256", "digest": "ab"}]"#)))
    }
    XCTAssertThrowsSignatureError(.malformedStatement(field: "predicate.resources[0].name", problem: "missing")) {
      try verifier.verifiedManifest(
        of: bundle(statement(resources: #"[{"algorithm": "sha256", "digest": "\#(digest)"}]"#)))
    }
    let root = SigningDigest.hex(SigningDigest.sha256(Data(repeating: 0xab, count: 32)))
    XCTAssertThrowsSignatureError(.inconsistentManifest(expected: digest, actual: root)) {
      try verifier.verifiedManifest(of: bundle(statement()))
    }
    XCTAssertEqual(
      try verifier.verifiedManifest(of: bundle(statement(root: root))).manifest.resources.map(\.digestHex), [digest])
  }

  func testKeysReadAndWrite() throws {
    let key = ModelSigningPrivateKey()
    XCTAssertEqual(try ModelSigningPrivateKey(pemRepresentation: key.pemRepresentation).publicKey, key.publicKey)
    XCTAssertEqual(try ModelSigningPrivateKey(rawRepresentation: key.rawRepresentation).publicKey, key.publicKey)
    let publicKey = try ModelSigningPublicKey(pemRepresentation: key.publicKey.pemRepresentation)
    XCTAssertEqual(publicKey, key.publicKey)
    XCTAssertEqual(publicKey.hint.count, 64)
    XCTAssertTrue(publicKey.pemRepresentation.hasSuffix("-----END PUBLIC KEY-----\n"))
    XCTAssertThrowsError(try ModelSigningPublicKey(pemRepresentation: "not a key")) { error in
      guard case .unreadableKey(kind: "public", _)? = error as? ModelSignatureError else { return XCTFail("\(error)") }
    }
  }
}
