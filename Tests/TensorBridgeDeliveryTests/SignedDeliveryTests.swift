import Foundation
import ModelHub
import ModelHubAPI
import ModelSigning
import TensorBridgeDelivery
import TestSupport
import XCTest

/// Hub to client over real HTTP with signing on: the client verifies each version against its
/// hub signature before installing it. Attacks change the hub's storage and database (what a
/// storage, CDN or database compromise can do without the signing key); each is a typed error,
/// posts a failure event and leaves the installed model as it was.
final class SignedDeliveryTests: XCTestCase {
  private let secret = Data(repeating: 0x42, count: 32)

  private func signingHub(signing: Bool = true) async throws -> (TestHub, ModelSigningPublicKey?) {
    let folder = try TestPaths.temporaryDirectory(for: self, "delivery-signing")
    var key: ModelSigningPublicKey?
    if signing {
      let info = try HubStore(directory: folder).createSigningKey(.generated(sealedWith: try HubSigningSecret(secret)))
      key = try ModelSigningPublicKey(pemRepresentation: info.publicKey)
    }
    let credentials = HubSigningCredentials.secret(try HubSigningSecret(secret))
    let hub = try await TestHub.start(directory: folder) { if signing { $0.signingCredentials = credentials } }
    addTeardownBlock { await hub.stop() }
    return (hub, key)
  }

  private func downloader(
    _ hub: TestHub, trusting keys: [ModelSigningPublicKey], policy: ModelSignaturePolicy? = nil,
    center: NotificationCenter = NotificationCenter()
  ) throws -> ModelDownloader {
    let directory = try TestPaths.temporaryDirectory(for: self, "delivery-signing-store")
    return ModelDownloader(
      configuration: ModelDownloaderConfiguration(
        hubURL: hub.url, clientKey: hub.clientKey, directory: directory, maxAttempts: 1, requestTimeout: 10,
        notificationCenter: center, signatureVerification: ModelSignatureVerification(trustedKeys: keys, policy: policy)
      ))
  }

  /// Runs SQL on the hub's database (as an attacker with access to it would).
  private func sql(_ hub: TestHub, _ statement: String) throws {
    let result = try ProcessRun.run(
      URL(fileURLWithPath: "/usr/bin/sqlite3"), [hub.directory.appendingPathComponent("hub.sqlite").path, statement])
    XCTAssertEqual(result.status, 0, result.stderr)
  }

  /// Puts `data` in the hub's blob store and points version `version` of `model` at it.
  private func swapFile(_ hub: TestHub, _ model: String, _ version: Int, to data: Data) throws -> String {
    let hash = try Fixtures.sha256sum(data)
    let blob = hub.directory.appendingPathComponent("blobs/\(hash.prefix(2))/\(hash)")
    try FileManager.default.createDirectory(at: blob.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: blob)
    try sql(
      hub,
      "UPDATE version SET modelHash = '\(hash)', sizeBytes = \(data.count) WHERE model = '\(model)' AND version = \(version)"
    )
    return hash
  }

  private func bundle(_ hub: TestHub, _ model: String, _ version: Int) async throws -> Data {
    let answer = try await hub.http.send(
      "GET", HubAPI.getVersionSignature.path(["name": model, "version": "\(version)"]), key: hub.clientKey)
    XCTAssertEqual(answer.status, 200, answer.text)
    return answer.body
  }

  private func setSignature(_ hub: TestHub, _ model: String, _ version: Int, to bundle: Data) throws {
    let hex = bundle.map { String(format: "%02x", $0) }.joined()
    try sql(hub, "UPDATE versionSignature SET bundle = X'\(hex)' WHERE model = '\(model)' AND version = \(version)")
  }

  /// Installs version 1 of `m` (linear), publishes version 2 (two_vectors), runs `attack`, then
  /// expects `expected` from the update, a failure event, and version 1 still installed.
  private func expectRefusal(
    trusting: [ModelSigningPublicKey]? = nil,
    _ attack: (TestHub) async throws -> Void,
    _ expected: (TestHub) throws -> ModelDownloaderError,
    file: StaticString = #filePath, line: UInt = #line
  ) async throws {
    let (hub, key) = try await signingHub()
    try await hub.deploy("m", try Fixtures.model("linear"))
    let center = NotificationCenter()
    let downloader = try downloader(hub, trusting: trusting ?? [try XCTUnwrap(key)], center: center)
    let first = try await downloader.getModel(name: "m", downloadType: .latestModel)
    XCTAssertEqual(first.version, 1, file: file, line: line)
    try await hub.deploy("m", try Fixtures.model("two_vectors"))
    try await attack(hub)
    let log = Fixtures.EventLog(downloader.events)
    let posted = expectation(forNotification: .modelDownloadDidFail, object: nil, notificationCenter: center)
    do {
      let model = try await downloader.getModel(name: "m", downloadType: .latestModel)
      XCTFail("installed version \(model.version)", file: file, line: line)
    } catch let error as ModelDownloaderError {
      XCTAssertEqual(error, try expected(hub), file: file, line: line)
    }
    await fulfillment(of: [posted], timeout: 10)
    await log.expect(file: file, line: line) { if case .failed(name: "m", _) = $0 { true } else { false } }
    let installed = await downloader.listDownloadedModels()
    XCTAssertEqual(installed.map(\.version), [1], file: file, line: line)
    XCTAssertEqual(installed.first?.hash, try Fixtures.sha256sum(try Fixtures.model("linear")), file: file, line: line)
  }

  func testSignedVersionInstalls() async throws {
    let (hub, key) = try await signingHub()
    try await hub.deploy("m", try Fixtures.model("linear"))
    let downloader = try downloader(hub, trusting: [try XCTUnwrap(key)])
    let model = try await downloader.getModel(name: "m", downloadType: .latestModel)
    XCTAssertEqual(model.version, 1)
    XCTAssertEqual(try Data(contentsOf: model.fileURL), try Fixtures.model("linear"))
  }

  /// An external P-521 key (the operator's own, as `model_signing` accepts it) signs on the hub
  /// and the client verifies over SHA-512; the P-256 key it does not trust is refused by hint.
  func testExternalP521KeySignsAndVerifies() async throws {
    let folder = try TestPaths.temporaryDirectory(for: self, "delivery-signing-p521")
    let external = ModelSigningPrivateKey(curve: .p521)
    _ = try HubStore(directory: folder).createSigningKey(.external(external.publicKey))
    let credentials = try HubSigningCredentials(reading: Data(external.pemRepresentation.utf8))
    let hub = try await TestHub.start(directory: folder) { $0.signingCredentials = credentials }
    addTeardownBlock { await hub.stop() }
    try await hub.deploy("m", try Fixtures.model("linear"))
    let signed = try SigstoreBundle(jsonData: try await bundle(hub, "m", 1))
    XCTAssertEqual(signed.verificationMaterial.publicKeyHint, external.publicKey.hint)
    let model = try await downloader(hub, trusting: [external.publicKey]).getModel(
      name: "m", downloadType: .latestModel)
    XCTAssertEqual(try Data(contentsOf: model.fileURL), try Fixtures.model("linear"))
    let other = ModelSigningPrivateKey().publicKey
    do {
      _ = try await downloader(hub, trusting: [other]).getModel(name: "m", downloadType: .latestModel)
      XCTFail("installed a version signed by an untrusted key")
    } catch let error as ModelDownloaderError {
      XCTAssertEqual(
        error, .signatureInvalid(model: "m", version: 1, reason: .unknownKey(hint: external.publicKey.hint)))
    }
  }

  /// Storage and database compromise: other bytes, with their hash recorded as the version's.
  func testTamperedBytes() async throws {
    var tampered = try Fixtures.model("two_vectors")
    tampered[tampered.count / 2] ^= 0x01
    let original = try Fixtures.sha256sum(try Fixtures.model("two_vectors"))
    let actual = try Fixtures.sha256sum(tampered)
    try await expectRefusal({ hub in _ = try self.swapFile(hub, "m", 2, to: tampered) }) { _ in
      .signatureInvalid(model: "m", version: 2, reason: .digestMismatch(file: ".", expected: original, actual: actual))
    }
  }

  /// The bytes are swapped and the signed statement edited to their digest: the signature breaks.
  func testTamperedManifest() async throws {
    var tampered = try Fixtures.model("two_vectors")
    tampered[tampered.count / 2] ^= 0x01
    var hint = ""
    try await expectRefusal({ hub in
      let hash = try self.swapFile(hub, "m", 2, to: tampered)
      var bundle = try SigstoreBundle(jsonData: try await self.bundle(hub, "m", 2))
      hint = bundle.verificationMaterial.publicKeyHint ?? ""
      let original = try Fixtures.sha256sum(try Fixtures.model("two_vectors"))
      let payload = String(decoding: bundle.dsseEnvelope.payload, as: UTF8.self).replacingOccurrences(
        of: original, with: hash)
      XCTAssertTrue(payload.contains(hash))
      bundle.dsseEnvelope.payload = Data(payload.utf8)
      try self.setSignature(hub, "m", 2, to: bundle.jsonData())
    }) { _ in .signatureInvalid(model: "m", version: 2, reason: .signatureInvalid(keyHints: [hint])) }
  }

  /// A valid signature of another model with the same bytes.
  func testSignatureOfAnotherModel() async throws {
    try await expectRefusal({ hub in
      try await hub.deploy("other", try Fixtures.model("two_vectors"))
      try self.setSignature(hub, "m", 2, to: try await self.bundle(hub, "other", 1))
    }) { _ in .signatureSubjectMismatch(model: "m", version: 2, signedFor: "other/versions/1") }
  }

  /// Version 1's valid signature replayed for version 2.
  func testOlderSignatureReplayed() async throws {
    try await expectRefusal({ hub in
      try self.setSignature(hub, "m", 2, to: try await self.bundle(hub, "m", 1))
    }) { _ in .signatureSubjectMismatch(model: "m", version: 2, signedFor: "m/versions/1") }
  }

  /// The hub serves an older version with its own valid signature, over a newer installed one.
  func testRollbackIsRefused() async throws {
    let (hub, key) = try await signingHub()
    try await hub.deploy("m", try Fixtures.model("linear"))
    try await hub.deploy("m", try Fixtures.model("two_vectors"))
    let downloader = try downloader(hub, trusting: [try XCTUnwrap(key)])
    let current = try await downloader.getModel(name: "m", downloadType: .latestModel)
    XCTAssertEqual(current.version, 2)
    try await hub.setRollout("m", HubRollout(variants: [HubRollout.Variant(version: 1, weight: 100)]))
    do {
      _ = try await downloader.getModel(name: "m", downloadType: .latestModel)
      XCTFail("rolled back")
    } catch let error as ModelDownloaderError {
      XCTAssertEqual(error, .rollback(model: "m", installedVersion: 2, offeredVersion: 1))
    }
    let installed = await downloader.listDownloadedModels()
    XCTAssertEqual(installed.map(\.version), [2])
  }

  /// A client that trusts another key installs nothing.
  func testUnknownKey() async throws {
    let (hub, key) = try await signingHub()
    try await hub.deploy("m", try Fixtures.model("linear"))
    let downloader = try downloader(hub, trusting: [ModelSigningPrivateKey().publicKey])
    do {
      _ = try await downloader.getModel(name: "m", downloadType: .latestModel)
      XCTFail("installed a version signed by an untrusted key")
    } catch let error as ModelDownloaderError {
      XCTAssertEqual(
        error, .signatureInvalid(model: "m", version: 1, reason: .unknownKey(hint: try XCTUnwrap(key).hint)))
    }
    let installed = await downloader.listDownloadedModels()
    XCTAssertEqual(installed.count, 0)
  }

  /// After a rotation, a client trusting both keys installs the newly signed version; one that
  /// trusts only the old key refuses it and keeps its model.
  func testRotatedKey() async throws {
    let (hub, key) = try await signingHub()
    let old = try XCTUnwrap(key)
    try await hub.deploy("m", try Fixtures.model("linear"))
    let oldOnly = try downloader(hub, trusting: [old])
    _ = try await oldOnly.getModel(name: "m", downloadType: .latestModel)
    let rotated = try await hub.store.rotateSigningKey(.generated(sealedWith: try HubSigningSecret(secret)))
    let new = try ModelSigningPublicKey(pemRepresentation: rotated.publicKey)
    try await hub.deploy("m", try Fixtures.model("two_vectors"))
    let updated = try self.downloader(hub, trusting: [old, new])
    let newest = try await updated.getModel(name: "m", downloadType: .latestModel)
    XCTAssertEqual(newest.version, 2)
    do {
      _ = try await oldOnly.getModel(name: "m", downloadType: .latestModel)
      XCTFail("installed a version signed by an untrusted key")
    } catch let error as ModelDownloaderError {
      XCTAssertEqual(error, .signatureInvalid(model: "m", version: 2, reason: .unknownKey(hint: new.hint)))
    }
    let kept = await oldOnly.listDownloadedModels()
    XCTAssertEqual(kept.map(\.version), [1])
  }

  func testUnsignedVersionUnderEachPolicy() async throws {
    let (hub, _) = try await signingHub(signing: false)
    try await hub.deploy("m", try Fixtures.model("linear"))
    let key = ModelSigningPrivateKey().publicKey
    let required = try downloader(hub, trusting: [key])
    do {
      _ = try await required.getModel(name: "m", downloadType: .latestModel)
      XCTFail("installed an unsigned version")
    } catch let error as ModelDownloaderError {
      XCTAssertEqual(error, .signatureMissing(model: "m", version: 1))
    }
    let none = await required.listDownloadedModels()
    XCTAssertEqual(none.count, 0)
    let optional = try downloader(hub, trusting: [key], policy: .optional)
    let unsigned = try await optional.getModel(name: "m", downloadType: .latestModel)
    XCTAssertEqual(unsigned.version, 1)
  }
}
