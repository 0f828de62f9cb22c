import Crypto
import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// The whole story through the real CLI and server processes: keys, deploy, list, versions,
/// publish, a 10/90 rollout observed over 10,000 installations, download with resume, rm.
final class CLITests: XCTestCase {
  func testDeployListPublishRolloutDownloadRemove() async throws {
    let folder = try TestPaths.temporaryDirectory("modelhub-tests")
    let data = folder.appendingPathComponent("hub")
    let admin = try CLIRun.run(["hub", "keys", "create"] + TestBackend.storeArguments(data) + ["--scope", "admin"])
    XCTAssertEqual(admin.status, 0, admin.stderr)
    let adminKey = admin.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    XCTAssertTrue(adminKey.hasPrefix("tbh_admin_"))
    let clientJSON = try CLIRun.run(
      ["hub", "keys", "create"] + TestBackend.storeArguments(data) + ["--scope", "client", "--json"])
    let clientKey = try HubJSON.decoder().decode(HubCreatedKey.self, from: Data(clientJSON.stdout.utf8)).key
    XCTAssertEqual(
      try CLIRun.run(["hub", "keys", "create"] + TestBackend.storeArguments(data) + ["--scope", "root"]).status, 2)
    for chunk in ["0", "3", "65537", "big"] {
      let refused = try CLIRun.run(["hub", "serve", "--data", data.path, "--chunk-kib", chunk])
      XCTAssertEqual(refused.status, 2, "--chunk-kib \(chunk): \(refused.stderr)")
      XCTAssertTrue(refused.stderr.contains("chunk-kib"), refused.stderr)
    }

    let server = HubProcess(data: data)
    try server.start()
    let env = ["TENSORBRIDGE_HUB_URL": server.base, "TENSORBRIDGE_HUB_KEY": adminKey]
    func cli(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
      let result = try CLIRun.run(["hub"] + arguments, environment: env)
      XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)", file: file, line: line)
      return result.stdout
    }

    XCTAssertTrue(
      try cli(["deploy", "classifier", HubFixtures.model("linear").path, "--tags", "vision,beta", "--publish"])
        .contains("classifier version 1 (published)"))
    XCTAssertTrue(
      try cli(["deploy", "classifier", HubFixtures.model("two_vectors").path]).contains("classifier version 2:"))
    let versions = try cli(["versions", "classifier"])
    XCTAssertTrue(versions.contains("v2  draft"), versions)
    XCTAssertTrue(versions.contains("v1  published  unsigned"), versions)
    XCTAssertTrue(try cli(["publish", "classifier", "2"]).contains("classifier v2 published"))
    XCTAssertTrue(try cli(["list", "--tag", "vision"]).contains("classifier  latest v2, published v2  [beta,vision]"))
    XCTAssertEqual(try cli(["list", "--tag", "audio"]), "")
    XCTAssertTrue(try cli(["rollout", "classifier", "2=10", "1=90"]).contains("v2 10%, v1 90%"))
    // The same split through an alias: the canary share follows `canary`, wherever it points.
    XCTAssertTrue(try cli(["alias", "set", "classifier", "canary", "2"]).contains("canary"))
    XCTAssertTrue(try cli(["rollout", "classifier", "canary=10", "1=90"]).contains("canary 10%, v1 90%"))
    let unset = try CLIRun.run(["hub", "rollout", "classifier", "beta=10", "1=90"], environment: env)
    XCTAssertEqual(unset.status, 1)
    XCTAssertTrue(unset.stderr.contains("Alias 'beta'"), unset.stderr)
    XCTAssertEqual(try CLIRun.run(["hub", "rollout", "classifier", "=10", "1=90"], environment: env).status, 2)

    // Errors: exit 1 with one line saying why.
    let garbage = folder.appendingPathComponent("garbage.tflite")
    try Data(repeating: 7, count: 1000).write(to: garbage)
    let rejected = try CLIRun.run(["hub", "deploy", "classifier", garbage.path], environment: env)
    XCTAssertEqual(rejected.status, 1)
    XCTAssertTrue(rejected.stderr.contains("422 INVALID_MODEL"), rejected.stderr)
    XCTAssertEqual(try CLIRun.run(["hub", "deploy", "../x", garbage.path], environment: env).status, 1)
    XCTAssertEqual(
      try CLIRun.run(
        ["hub", "list"], environment: ["TENSORBRIDGE_HUB_URL": server.base, "TENSORBRIDGE_HUB_KEY": clientKey]
      ).status, 1)

    // The split over 10,000 installations, through the client API (pipelined keep-alive requests
    // on 4 connections in parallel, to keep the test fast).
    let port = server.port
    let counts = try await withThrowingTaskGroup(of: [Int: Int].self) { group in
      for lane in 0..<4 {
        group.addTask {
          let requests = stride(from: lane, to: 10_000, by: 4).map { index in
            "GET /v1/models/classifier:download HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(clientKey)\r\n"
              + "\(HubHeaders.installationID): installation-\(index)\r\n\r\n"
          }
          var counts: [Int: Int] = [:]
          for answer in try RawConnection(port: port).pipeline(requests) {
            XCTAssertEqual(answer.status, 200)
            counts[try HubJSON.decoder().decode(HubDownloadInfo.self, from: answer.body).version, default: 0] += 1
          }
          return counts
        }
      }
      var total: [Int: Int] = [:]
      for try await part in group { total.merge(part, uniquingKeysWith: +) }
      return total
    }
    XCTAssertEqual(counts.values.reduce(0, +), 10_000)
    let share = Double(counts[2] ?? 0) / 100
    XCTAssertEqual(share, 10, accuracy: 2, "\(counts)")

    let http = HTTPClient(base: server.base)
    // Download the assigned version with a resume halfway.
    let answer = try await http.send(
      "GET", "/v1/models/classifier:download", key: clientKey,
      headers: [HubHeaders.installationID: "installation-1"])
    let info = try answer.decode(HubDownloadInfo.self)
    let half = Int(info.sizeBytes / 2)
    let first = try await http.send("GET", info.downloadUri, headers: ["Range": "bytes=0-\(half - 1)"])
    let rest = try await http.send("GET", info.downloadUri, headers: ["Range": "bytes=\(half)-"])
    XCTAssertEqual([first.status, rest.status], [206, 206])
    let whole = first.body + rest.body
    XCTAssertEqual(Hex.sha256(whole), info.modelHash)
    let value1 = try await http.send(
      "GET", "/v1/models/classifier:download", key: clientKey,
      headers: [HubHeaders.installationID: "installation-1", "If-None-Match": "\"\(info.modelHash)\""]
    ).status
    XCTAssertEqual(value1, 304)

    XCTAssertTrue(try cli(["rm", "classifier"]).contains("classifier deleted"))
    XCTAssertEqual(try cli(["list"]), "")
    XCTAssertEqual(server.stop(), 0, "graceful shutdown on SIGTERM")
    do {
      let problems = try await server.verify()
      XCTAssertEqual(problems, [])
    }
    try? FileManager.default.removeItem(at: folder)
  }
}

enum Hex {
  static func sha256(_ data: Data) -> String { SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined() }
}
