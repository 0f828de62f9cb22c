import Foundation
import ModelSigning
import TestSupport
import XCTest

/// `tensorbridge hub signing-keys create|list|rotate|retire` on a data folder.
final class HubSigningKeysCLITests: XCTestCase {
  func testCreateListRotateRetire() throws {
    let folder = try TestPaths.temporaryDirectory(for: self, "hub-signing-cli")
    let data = folder.appendingPathComponent("data").path
    let secret = folder.appendingPathComponent("secret")
    try Data(repeating: 0x5a, count: 32).write(to: secret)

    let missing = try CLIRun.run(["hub", "signing-keys", "create", "--data", data])
    XCTAssertEqual(missing.status, 1)
    XCTAssertTrue(missing.stderr.contains("--signing-secret"), missing.stderr)
    let short = folder.appendingPathComponent("short")
    try Data(repeating: 1, count: 8).write(to: short)
    let tooShort = try CLIRun.run(["hub", "signing-keys", "create", "--data", data, "--signing-secret", short.path])
    XCTAssertTrue(tooShort.stderr.contains("at least 32 random bytes"), tooShort.stderr)

    let created = try CLIRun.run(["hub", "signing-keys", "create", "--data", data, "--signing-secret", secret.path])
    XCTAssertEqual(created.status, 0, created.stderr)
    let pem = created.stdout.components(separatedBy: "\n").drop { !$0.hasPrefix("-----BEGIN") }.joined(separator: "\n")
    let first = try ModelSigningPublicKey(pemRepresentation: pem)
    let firstID = "sk_" + first.hint.prefix(12)
    XCTAssertTrue(created.stdout.hasPrefix("\(firstID)  signing"), created.stdout)

    let environment = ["TENSORBRIDGE_HUB_SIGNING_SECRET": Data(repeating: 0x5a, count: 32).base64EncodedString()]
    let rotated = try CLIRun.run(["hub", "signing-keys", "rotate", "--data", data, "--json"], environment: environment)
    XCTAssertEqual(rotated.status, 0, rotated.stderr)
    XCTAssertTrue(rotated.stdout.contains(#""role":"signing""#), rotated.stdout)

    let external = ModelSigningPrivateKey()
    let externalFile = folder.appendingPathComponent("external.pub")
    try Data(external.publicKey.pemRepresentation.utf8).write(to: externalFile)
    let registered = try CLIRun.run(["hub", "signing-keys", "create", "--data", data, "--external", externalFile.path])
    XCTAssertEqual(registered.status, 0, registered.stderr)
    XCTAssertTrue(registered.stdout.contains("verifying  external"), registered.stdout)

    let retired = try CLIRun.run(["hub", "signing-keys", "retire", "--data", data, firstID])
    XCTAssertEqual(retired.status, 0, retired.stderr)
    let list = try CLIRun.run(["hub", "signing-keys", "list", "--data", data])
    let lines = list.stdout.split(separator: "\n")
    XCTAssertEqual(lines.count, 3, list.stdout)
    XCTAssertTrue(lines[0].hasPrefix("\(firstID)  retired"), list.stdout)
    let trusted = try CLIRun.run(["hub", "signing-keys", "list", "--data", data, "--public-keys"])
    XCTAssertEqual(
      trusted.stdout.components(separatedBy: "-----BEGIN PUBLIC KEY-----").count - 1, 2, "retired keys are left out")
    XCTAssertFalse(trusted.stdout.contains(first.pemRepresentation))
  }
}
