import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// Every bad input gets the right status and a JSON error body, and stores nothing.
final class BadInputTests: XCTestCase {
  private func expect(
    _ answer: HTTPAnswer, _ status: Int, _ code: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(answer.status, status, String(decoding: answer.body, as: UTF8.self), file: file, line: line)
    XCTAssertEqual(answer.errorCode, code, String(decoding: answer.body, as: UTF8.self), file: file, line: line)
    XCTAssertEqual(answer.header("Content-Type")?.hasPrefix("application/json"), true, file: file, line: line)
  }

  private func assertNothingStored(_ hub: TestHub, file: StaticString = #filePath, line: UInt = #line) async throws {
    let files = try await hub.storedFiles()
    XCTAssertEqual(files.blobs, 0, "blobs", file: file, line: line)
    XCTAssertEqual(files.temporary, 0, "temporary files", file: file, line: line)
    let problems = try await hub.store.verify()
    XCTAssertEqual(problems, [], file: file, line: line)
    let list = try await hub.http.send("GET", "/v1/models/m/versions", key: hub.adminKey)
    if list.status == 200 { XCTAssertEqual(try list.decode(HubVersionList.self).versions, [], file: file, line: line) }
  }

  func testKeysAndScopes() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    expect(try await hub.http.send("GET", "/v1/models"), 401, "UNAUTHENTICATED")
    expect(try await hub.http.send("GET", "/v1/models", key: "tbh_admin_forged"), 401, "UNAUTHENTICATED")
    expect(
      try await hub.http.send("GET", "/v1/models", headers: ["Authorization": "Basic abc"]), 401, "UNAUTHENTICATED")
    // Client keys are read-only.
    expect(
      try await hub.http.json("POST", "/v1/models", key: hub.clientKey, HubCreateModelRequest(name: "m")), 403,
      "PERMISSION_DENIED")
    expect(try await hub.http.send("GET", "/v1/models", key: hub.clientKey), 403, "PERMISSION_DENIED")
    try await hub.createModel("m")
    expect(
      try await hub.http.send(
        "POST", "/v1/models/m/versions", key: hub.clientKey, body: try HubFixtures.data("linear")),
      403, "PERMISSION_DENIED")
    expect(try await hub.http.send("DELETE", "/v1/models/m", key: hub.clientKey), 403, "PERMISSION_DENIED")
    expect(
      try await hub.http.json("PUT", "/v1/models/m/rollout", key: hub.clientKey, HubRollout(variants: [])), 403,
      "PERMISSION_DENIED")
    let value1 = try await hub.http.send("GET", "/v1/models/m", key: hub.adminKey).status
    XCTAssertEqual(value1, 200)
    try await assertNothingStored(hub)
  }

  func testNamesAndPathTraversal() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    for name in ["..", "../etc", "a/b", "a.b", "with space", String(repeating: "x", count: 61), "", "é"] {
      expect(
        try await hub.http.json("POST", "/v1/models", key: hub.adminKey, HubCreateModelRequest(name: name)), 400,
        "INVALID_NAME")
    }
    for path in [
      "/v1/models/..%2F..%2Fetc%2Fpasswd", "/v1/models/%2E%2E", "/v1/models/a%2Fb/versions", "/v1/models/%00",
    ] {
      let answer = try await hub.http.send("GET", path, key: hub.adminKey)
      XCTAssertTrue([400, 404].contains(answer.status), "\(path): \(answer.status)")
      XCTAssertNotNil(answer.errorCode, path)
    }
    expect(
      try await hub.http.send(
        "POST", "/v1/models/..%2Fescape/versions", key: hub.adminKey, body: try HubFixtures.data("linear")),
      400, "INVALID_NAME")
    let files = try await hub.http.send("GET", "/v1/files/..%2F..%2Fsigning.key?expires=9999999999&signature=00")
    XCTAssertEqual(files.status, 403)
    try await assertNothingStored(hub)
  }

  func testBadJSON() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    func post(_ text: String) async throws -> HTTPAnswer {
      try await hub.http.send(
        "POST", "/v1/models", key: hub.adminKey, body: Data(text.utf8), contentType: "application/json")
    }
    expect(try await post("{"), 400, "INVALID_JSON")
    expect(try await post("[]"), 400, "INVALID_JSON")
    expect(try await post(#"{"name": 5}"#), 400, "INVALID_JSON")
    expect(try await post(#"{"displayName": "x"}"#), 400, "INVALID_JSON")
    expect(try await post(#"{"name": "ok", "tags": ["bad tag"]}"#), 400, "INVALID_ARGUMENT")
    expect(try await hub.http.send("POST", "/v1/models", key: hub.adminKey), 400, "EMPTY_BODY")
    let huge = Data((#"{"name": "m", "displayName": ""# + String(repeating: "x", count: 70_000) + #""}"#).utf8)
    expect(
      try await hub.http.send("POST", "/v1/models", key: hub.adminKey, body: huge, contentType: "application/json"),
      413, "PAYLOAD_TOO_LARGE")
    try await hub.createModel("m")
    expect(
      try await hub.http.json("POST", "/v1/models", key: hub.adminKey, HubCreateModelRequest(name: "m")), 409,
      "ALREADY_EXISTS")
    expect(
      try await hub.http.send(
        "PATCH", "/v1/models/m", key: hub.adminKey, body: Data("nope".utf8), contentType: "application/json"),
      400, "INVALID_JSON")
    expect(
      try await hub.http.send(
        "PUT", "/v1/models/m/rollout", key: hub.adminKey, body: Data(#"{"variants": "x"}"#.utf8),
        contentType: "application/json"), 400, "INVALID_JSON")
    for query in ["pageSize=0", "pageSize=101", "pageSize=abc", "pageToken=%25%25", "pageToken=Li4v"] {
      expect(try await hub.http.send("GET", "/v1/models?\(query)", key: hub.adminKey), 400, "INVALID_ARGUMENT")
    }
    expect(try await hub.http.send("GET", "/v1/models/m/versions/0", key: hub.adminKey), 400, "INVALID_ARGUMENT")
    expect(try await hub.http.send("GET", "/v1/models/m/versions/abc", key: hub.adminKey), 400, "INVALID_ARGUMENT")
    expect(try await hub.http.send("GET", "/v1/models/m/versions/7", key: hub.adminKey), 404, "VERSION_NOT_FOUND")
    expect(
      try await hub.http.send("POST", "/v1/models/m/versions/7:publish", key: hub.adminKey), 404, "VERSION_NOT_FOUND")
    expect(
      try await hub.http.send("POST", "/v1/models/nope/versions", key: hub.adminKey, body: Data([1])), 404,
      "MODEL_NOT_FOUND")
    try await assertNothingStored(hub)
  }

  func testRejectedUploadsLeaveNothingBehind() async throws {
    let hub = try await TestHub.start { $0.maxUploadBytes = 64 * 1024 }
    addTeardownBlock { await hub.stop() }
    try await hub.createModel("m")
    let valid = try HubFixtures.data("two_vectors")
    // Garbage, truncated, empty, wrong content, too large.
    let garbage = try await hub.http.send(
      "POST", "/v1/models/m/versions", key: hub.adminKey, body: Data(repeating: 0x41, count: 5000))
    expect(garbage, 422, "INVALID_MODEL")
    expect(
      try await hub.http.send("POST", "/v1/models/m/versions", key: hub.adminKey, body: valid.prefix(valid.count / 2)),
      422, "INVALID_MODEL")
    expect(
      try await hub.http.send("POST", "/v1/models/m/versions", key: hub.adminKey, body: Data("{\"json\": true}".utf8)),
      422, "INVALID_MODEL")
    expect(try await hub.http.send("POST", "/v1/models/m/versions", key: hub.adminKey), 400, "EMPTY_BODY")
    expect(
      try await hub.http.send("POST", "/v1/models/m/versions", key: hub.adminKey, body: Data(count: 64 * 1024 + 1)),
      413, "PAYLOAD_TOO_LARGE")
    expect(
      try await hub.http.send("POST", "/v1/models/m/versions?publish=maybe", key: hub.adminKey, body: valid),
      400, "INVALID_ARGUMENT")
    try await assertNothingStored(hub)
    // A crasher from the fuzzer's corpus, if any are committed, is rejected too.
    let crashers = TestPaths.fixtures.appendingPathComponent("crashers")
    for name in ((try? FileManager.default.contentsOfDirectory(atPath: crashers.path)) ?? []).filter({
      $0.hasSuffix(".tflite")
    }).prefix(5) {
      let bytes = try Data(contentsOf: crashers.appendingPathComponent(name))
      guard bytes.count <= 64 * 1024 else { continue }
      let answer = try await hub.http.send("POST", "/v1/models/m/versions", key: hub.adminKey, body: bytes)
      XCTAssertEqual(answer.status, 422, name)
    }
    try await assertNothingStored(hub)
  }

  func testLoadCheckInAChildProcess() async throws {
    // The real check: this package's CLI (`inspect --json`) loads the model with LiteRT.
    let real = try await TestHub.start {
      $0.loadCheck = LoadCheckCommand(executable: BuiltProducts.cli, arguments: ["inspect", "--json"], timeLimit: 30)
    }
    addTeardownBlock { await real.stop() }
    try await real.createModel("m")
    let version = try await real.upload("m", try HubFixtures.data("linear"))
    XCTAssertEqual(version.validation.runtimeLoads, true)
    // The CLI's report is read as a `LoadCheckReport`: a custom operator LiteRT lacks is named.
    let custom = try await real.upload("m", try HubFixtures.data("custom_op"))
    XCTAssertEqual(custom.validation.runtimeLoads, false)
    XCTAssertNotNil(custom.validation.runtimeError, "the load check reported no error")
    // A model LiteRT prepares only once its dynamic inputs are sized loads, and the report says so.
    let sized = try await real.upload(
      "m", try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("dynamic/sized_at_run.tflite")))
    XCTAssertEqual(sized.validation.runtimeLoads, true)
    XCTAssertNil(sized.validation.runtimeError)
    let note = try XCTUnwrap(sized.validation.runtimeInputSizesRequired)
    XCTAssertTrue(note.contains("'serving_default_a:0' [1, -1]"), note)
    XCTAssertNil(version.validation.runtimeInputSizesRequired)

    // A loader that hangs is killed at the time limit (here a shell whose own child, a grandchild of
    // the hub, keeps its output open); one that crashes is reported; either way nothing is stored.
    let hanging = try await TestHub.start {
      $0.loadCheck = LoadCheckCommand(
        executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "sleep 6; exit 0", "sh"], timeLimit: 1)
    }
    addTeardownBlock { await hanging.stop() }
    try await hanging.createModel("m")
    let started = Date()
    let slow = try await hanging.http.send(
      "POST", "/v1/models/m/versions", key: hanging.adminKey, body: try HubFixtures.data("linear"))
    expect(slow, 422, "MODEL_REJECTED")
    XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    XCTAssertTrue(String(decoding: slow.body, as: UTF8.self).contains("longer than"))
    try await assertNothingStored(hanging)

    let crashing = try await TestHub.start {
      $0.loadCheck = LoadCheckCommand(
        executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "kill -SEGV $$", "sh"], timeLimit: 10)
    }
    addTeardownBlock { await crashing.stop() }
    try await crashing.createModel("m")
    let crashed = try await crashing.http.send(
      "POST", "/v1/models/m/versions", key: crashing.adminKey, body: try HubFixtures.data("linear"))
    expect(crashed, 422, "MODEL_REJECTED")
    XCTAssertTrue(String(decoding: crashed.body, as: UTF8.self).contains("crashed"))
    try await assertNothingStored(crashing)
  }
}
