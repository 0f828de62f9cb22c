import Foundation
import ModelHub
import ModelHubAPI
import ModelSigning
import TestSupport
import XCTest

/// Published versions are signed in the OpenSSF model-signing format and the signature is served
/// beside the version; keys are created, rotated and retired in the data folder.
final class HubSigningTests: XCTestCase {
  private let secret = Data((0..<32).map { UInt8($0 &* 7 &+ 3) })

  /// A hub whose data folder has a signing key sealed with ``secret`` and that is started with it.
  private func signingHub(credentials: Bool = true) async throws -> (TestHub, HubSigningKeyInfo) {
    let folder = try TestPaths.temporaryDirectory(for: self, "hub-signing")
    let store = try await TestBackend.open(directory: folder)
    let key = try await store.createSigningKey(.generated(sealedWith: try HubSigningSecret(secret)))
    store.close()
    let secret = try HubSigningSecret(self.secret)
    let hub = try await TestHub.start(directory: folder) { if credentials { $0.signingCredentials = .secret(secret) } }
    addTeardownBlock { await hub.stop() }
    return (hub, key)
  }

  private func signature(_ hub: TestHub, _ model: String, _ version: Int, key: String? = nil) async throws -> HTTPAnswer
  {
    try await hub.http.send(
      "GET", HubAPI.getVersionSignature.path(["name": model, "version": "\(version)"]), key: key ?? hub.clientKey)
  }

  func testPublishedVersionIsSignedAndTheCLIVerifiesIt() async throws {
    let (hub, key) = try await signingHub()
    XCTAssertEqual(key.role, .signing)
    let version = try await hub.deploy("linear", try HubFixtures.data("linear"))
    XCTAssertEqual(version.signingKeyID, key.id)
    let answer = try await signature(hub, "linear", 1)
    XCTAssertEqual(answer.status, 200, answer.text)
    let bundle = try SigstoreBundle(jsonData: answer.body)
    let publicKey = try ModelSigningPublicKey(pemRepresentation: key.publicKey)
    let verified = try ModelSignatureVerifier(trustedKeys: [publicKey])
      .verify(bundle, singleFileData: try HubFixtures.data("linear"))
    XCTAssertEqual(
      HubSignatureSubject(name: verified.manifest.modelName), HubSignatureSubject(model: "linear", version: 1))

    // The PyPI model-signing CLI verifies the hub's signature of the file.
    let folder = try TestPaths.temporaryDirectory(for: self)
    let signatureFile = folder.appendingPathComponent("linear.sig")
    let keyFile = folder.appendingPathComponent("hub.pub")
    try answer.body.write(to: signatureFile)
    try Data(key.publicKey.utf8).write(to: keyFile)
    let result = try ModelSigningCLI.verify(
      model: HubFixtures.model("linear"), publicKey: keyFile, signature: signatureFile)
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
  }

  func testUnpublishedVersionIsSignedOnPublish() async throws {
    let (hub, key) = try await signingHub()
    let version = try await hub.deploy("linear", try HubFixtures.data("linear"), publish: false)
    XCTAssertNil(version.signingKeyID)
    let missing = try await signature(hub, "linear", 1)
    XCTAssertEqual(missing.status, 404)
    XCTAssertEqual(missing.errorCode, "SIGNATURE_NOT_FOUND")
    let publish = try await hub.http.send(
      "POST", HubAPI.publishVersion.path(["name": "linear", "version": "1"]), key: hub.adminKey)
    XCTAssertEqual(publish.status, 200, publish.text)
    XCTAssertEqual(try publish.decode(HubModelVersion.self).signingKeyID, key.id)
    let signed = try await signature(hub, "linear", 1)
    XCTAssertEqual(signed.status, 200)
    let listed = try await hub.http.send("GET", HubAPI.listVersions.path(["name": "linear"]), key: hub.adminKey)
    XCTAssertEqual(try listed.decode(HubVersionList.self).versions.map(\.signingKeyID), [key.id])
    let noVersion = try await signature(hub, "linear", 9)
    XCTAssertEqual(noVersion.errorCode, "VERSION_NOT_FOUND")
  }

  func testRotationKeepsOldSignaturesAndRetiresKeys() async throws {
    let (hub, first) = try await signingHub()
    try await hub.deploy("linear", try HubFixtures.data("linear"))
    let second = try await hub.store.rotateSigningKey(.generated(sealedWith: try HubSigningSecret(secret)))
    XCTAssertNotEqual(second.id, first.id)
    let version = try await hub.deploy("linear", try HubFixtures.data("two_vectors"))
    XCTAssertEqual(version.signingKeyID, second.id)
    let keys = try await hub.store.listSigningKeys()
    XCTAssertEqual(
      Dictionary(uniqueKeysWithValues: keys.map { ($0.id, $0.role) }), [first.id: .verifying, second.id: .signing])
    // Each version verifies with the key that signed it, and only with that one.
    for (number, key, other, model) in [(1, first, second, "linear"), (2, second, first, "two_vectors")] {
      let bundle = try SigstoreBundle(jsonData: try await signature(hub, "linear", number).body)
      let trusted = try ModelSigningPublicKey(pemRepresentation: key.publicKey)
      let untrusted = try ModelSigningPublicKey(pemRepresentation: other.publicKey)
      XCTAssertNoThrow(
        try ModelSignatureVerifier(trustedKeys: [untrusted, trusted]).verify(
          bundle, singleFileData: HubFixtures.data(model)))
      XCTAssertThrowsError(
        try ModelSignatureVerifier(trustedKeys: [untrusted]).verify(bundle, singleFileData: HubFixtures.data(model))
      ) {
        XCTAssertEqual($0 as? ModelSignatureError, .unknownKey(hint: trusted.hint))
      }
    }
    do {
      _ = try await hub.store.retireSigningKey(id: second.id)
      XCTFail("the signing key was retired")
    } catch {
      XCTAssertEqual(error as? HubSigningError, .cannotRetireSigningKey(second.id))
    }
    let retired = try await hub.store.retireSigningKey(id: first.id)
    XCTAssertEqual(retired.role, .retired)
    do {
      _ = try await hub.store.retireSigningKey(id: "sk_nope")
      XCTFail("an unknown key was retired")
    } catch {
      XCTAssertEqual(error as? HubSigningError, .keyNotFound("sk_nope"))
    }
  }

  /// With a signing key but no way to open it, publishing fails and nothing is published.
  func testLockedSigningKeyRefusesToPublish() async throws {
    let (hub, key) = try await signingHub(credentials: false)
    try await hub.createModel("linear")
    let upload = try await hub.http.send(
      "POST", HubAPI.uploadVersion.path(["name": "linear"]) + "?publish=true", key: hub.adminKey,
      body: try HubFixtures.data("linear"))
    XCTAssertEqual(upload.status, 409, upload.text)
    XCTAssertEqual(upload.errorCode, "FAILED_PRECONDITION")
    XCTAssertTrue(upload.text.contains(key.id), upload.text)
    let versions = try await hub.http.send("GET", HubAPI.listVersions.path(["name": "linear"]), key: hub.adminKey)
    XCTAssertEqual(try versions.decode(HubVersionList.self).versions.count, 0)
  }

  func testSecretsAndExternalKeys() throws {
    XCTAssertThrowsError(try HubSigningSecret(Data(count: 31))) {
      XCTAssertEqual($0 as? HubSigningError, .secretTooShort(bytes: 31))
    }
    let folder = try TestPaths.temporaryDirectory(for: self, "hub-signing")
    let store = try HubStore(directory: folder)
    let external = ModelSigningPrivateKey()
    let info = try store.createSigningKey(.external(external.publicKey))
    XCTAssertTrue(info.external)
    XCTAssertEqual(info.hint, external.publicKey.hint)
    XCTAssertThrowsError(try store.createSigningKey(.external(external.publicKey))) {
      XCTAssertEqual($0 as? HubSigningError, .keyAlreadyRegistered(info.id))
    }
    // The database never holds a private key in the clear: the external key's is not there at all,
    // a generated key's only sealed.
    let generated = try store.rotateSigningKey(.generated(sealedWith: try HubSigningSecret(secret)))
    let database = try Data(contentsOf: folder.appendingPathComponent("hub.sqlite"))
    XCTAssertNil(database.range(of: external.rawRepresentation))
    XCTAssertEqual(try store.listSigningKeys().map(\.id), [info.id, generated.id])
    XCTAssertEqual(try HubSigningCredentials(reading: Data(external.pemRepresentation.utf8)).isPrivateKey, true)
  }
}

extension HubSigningCredentials {
  fileprivate var isPrivateKey: Bool { if case .privateKey = self { true } else { false } }
}
