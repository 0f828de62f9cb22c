import Foundation
import ModelHub
import ModelSigning
import TestSupport
import XCTest

/// `tensorbridge pull --trusted-key` and `tensorbridge hub versions` against a signing hub.
final class SignedPullCLITests: XCTestCase {
  func testPullWithTrustedKeysAndVersionsShowSignatures() async throws {
    let folder = try TestPaths.temporaryDirectory(for: self, "signed-pull-cli")
    let secret = try HubSigningSecret(Data(repeating: 0x42, count: 32))
    let key = try HubStore(directory: folder.appendingPathComponent("hub")).createSigningKey(
      .generated(sealedWith: secret))
    let hub = try await TestHub.start(directory: folder.appendingPathComponent("hub")) {
      $0.signingCredentials = .secret(secret)
    }
    addTeardownBlock { await hub.stop() }
    let version = try await hub.deploy("m", try Fixtures.model("linear"))
    try await hub.deploy("m", try Fixtures.model("two_vectors"), publish: false)

    let trusted = folder.appendingPathComponent("hub.pub")
    let other = folder.appendingPathComponent("other.pub")
    try Data(key.publicKey.utf8).write(to: trusted)
    try Data(ModelSigningPrivateKey().publicKey.pemRepresentation.utf8).write(to: other)
    let env = ["TENSORBRIDGE_CLIENT_KEY": hub.clientKey]
    func pull(_ keys: [URL], _ store: String) async throws -> ProcessResult {
      try await CLIRun.runAsync(
        ["pull", "m", "--hub", hub.url.absoluteString, "--dir", folder.appendingPathComponent(store).path]
          + keys.flatMap { ["--trusted-key", $0.path] }, environment: env)
    }

    let ok = try await pull([other, trusted], "ok")
    XCTAssertEqual(ok.status, 0, ok.stderr)
    XCTAssertTrue(ok.stdout.hasSuffix("\(version.modelHash).tflite\n"), ok.stdout)

    let refused = try await pull([other], "refused")
    XCTAssertEqual(refused.status, 1, refused.stdout)
    XCTAssertTrue(refused.stderr.contains("The signature of version 1 of 'm' does not verify"), refused.stderr)
    XCTAssertFalse(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("refused/m/\(version.modelHash).tflite").path))

    let badKey = try await pull([folder], "bad-key")
    XCTAssertEqual(badKey.status, 1)
    XCTAssertTrue(badKey.stderr.contains("cannot read the key"), badKey.stderr)

    let versions = try await CLIRun.runAsync(
      ["hub", "versions", "m", "--hub", hub.url.absoluteString],
      environment: ["TENSORBRIDGE_HUB_KEY": hub.adminKey])
    XCTAssertEqual(versions.status, 0, versions.stderr)
    XCTAssertTrue(versions.stdout.contains("v1  published  signed by \(key.id)"), versions.stdout)
    XCTAssertTrue(versions.stdout.contains("v2  draft  unsigned"), versions.stdout)
  }
}
