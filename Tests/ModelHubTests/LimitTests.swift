import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// Every documented limit (README "Limits", the OpenAPI document) holds exactly at its boundary:
/// at the limit accepted, one past it refused with a 4xx whose message names the limit.
final class LimitTests: XCTestCase {
  private var hub: TestHub!

  override func setUp() async throws {
    hub = try await TestHub.start { $0.maxUploadBytes = 200_000 }
    try await hub.createModel("m")
    try await hub.upload("m", try HubFixtures.data("linear"), publish: true)
  }

  override func tearDown() async throws { await hub.stop() }

  /// Sends `value` as JSON padded with trailing spaces to `size` bytes when given.
  private func send(_ method: String, _ path: String, _ value: some Encodable, size: Int? = nil) async throws
    -> HTTPAnswer
  {
    var body = try HubJSON.encoder().encode(value)
    if let size {
      XCTAssertLessThanOrEqual(body.count, size)
      body.append(Data(repeating: 0x20, count: size - body.count))
    }
    return try await hub.http.send(method, path, key: hub.adminKey, body: body, contentType: "application/json")
  }

  private func assertRefused(
    _ answer: HTTPAnswer, status: Int = 400, naming limit: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(answer.status, status, file: file, line: line)
    let message = (try? HubJSON.decoder().decode(HubErrorBody.self, from: answer.body))?.error.message ?? ""
    XCTAssertTrue(message.contains(limit), "'\(message)' names \(limit)", file: file, line: line)
  }

  private func rollout(_ rollout: HubRollout) async throws -> HTTPAnswer {
    try await send("PUT", "/v1/models/m/rollout", rollout)
  }

  func testModelNameIs60Characters() async throws {
    let ok = try await send("POST", "/v1/models", HubCreateModelRequest(name: String(repeating: "n", count: 60)))
    XCTAssertEqual(ok.status, 201)
    assertRefused(
      try await send("POST", "/v1/models", HubCreateModelRequest(name: String(repeating: "n", count: 61))),
      naming: "1 to 60")
  }

  func testTwentyTagsPerModel() async throws {
    let tags = (0..<21).map { "t\($0)" }
    let ok = try await send("POST", "/v1/models", HubCreateModelRequest(name: "a", tags: Array(tags.prefix(20))))
    XCTAssertEqual(ok.status, 201)
    assertRefused(try await send("POST", "/v1/models", HubCreateModelRequest(name: "b", tags: tags)), naming: "20 tags")
  }

  func testDisplayNameIs200Characters() async throws {
    let ok = try await send(
      "PATCH", "/v1/models/m", HubUpdateModelRequest(displayName: String(repeating: "d", count: 200)))
    XCTAssertEqual(ok.status, 200)
    assertRefused(
      try await send("PATCH", "/v1/models/m", HubUpdateModelRequest(displayName: String(repeating: "d", count: 201))),
      naming: "1 to 200")
  }

  func testClientHeadersAre200Bytes() async throws {
    for header in [HubHeaders.installationID, HubHeaders.platform, HubHeaders.appVersion] {
      let ok = try await hub.download("m", headers: [header: String(repeating: "1", count: 200)])
      XCTAssertEqual(ok.status, 200, header)
      assertRefused(
        try await hub.download("m", headers: [header: String(repeating: "1", count: 201)]), naming: "200 bytes")
    }
  }

  func testPageSizeIs100() async throws {
    let ok = try await hub.http.send("GET", "/v1/models?pageSize=100", key: hub.adminKey)
    XCTAssertEqual(ok.status, 200)
    assertRefused(try await hub.http.send("GET", "/v1/models?pageSize=101", key: hub.adminKey), naming: "100")
  }

  func testTwentyVariantsPerRollout() async throws {
    let twenty = (0..<20).map { _ in HubRollout.Variant(version: 1, weight: 5) }
    let ok = try await rollout(HubRollout(variants: twenty))
    XCTAssertEqual(ok.status, 200, String(decoding: ok.body, as: UTF8.self))
    assertRefused(
      try await rollout(HubRollout(variants: twenty + [.init(version: 1, weight: 0)])), naming: "20 variants")
  }

  func testHundredRulesPerRollout() async throws {
    let rules = (0..<101).map { _ in HubRollout.Rule(version: 1, platforms: ["linux"]) }
    let ok = try await rollout(HubRollout(variants: [], rules: Array(rules.prefix(100))))
    XCTAssertEqual(ok.status, 200, String(decoding: ok.body, as: UTF8.self))
    assertRefused(try await rollout(HubRollout(variants: [], rules: rules)), naming: "100 rules")
  }

  func testTwentyPlatformsPerRule() async throws {
    let platforms = (0..<21).map { "p\($0)" }
    let ok = try await rollout(
      HubRollout(variants: [], rules: [.init(version: 1, platforms: Array(platforms.prefix(20)))]))
    XCTAssertEqual(ok.status, 200)
    assertRefused(
      try await rollout(HubRollout(variants: [], rules: [.init(version: 1, platforms: platforms)])),
      naming: "20 platforms")
  }

  /// 10,000 ids over all rules, each as long as allowed and made of the character JSON escapes
  /// (the largest rollout body the limits allow): accepted; one id more: refused.
  func testTenThousandInstallationIDsPerRollout() async throws {
    func ids(_ range: Range<Int>) -> [String] {
      range.map { index in
        let suffix = "-\(index)"
        return String(repeating: "\"", count: 200 - suffix.count) + suffix
      }
    }
    let full = HubRollout(
      variants: [],
      rules: [
        .init(version: 1, installationIds: ids(0..<5_000)), .init(version: 1, installationIds: ids(5_000..<10_000)),
      ])
    let size = try HubJSON.encoder().encode(full).count
    XCTAssertLessThan(size, 8 << 20, "the largest rollout fits the body limit")
    let ok = try await rollout(full)
    XCTAssertEqual(ok.status, 200, String(decoding: ok.body.prefix(300), as: UTF8.self))
    var over = full
    over.rules.append(.init(version: 1, installationIds: ids(10_000..<10_001)))
    assertRefused(try await rollout(over), naming: "10000 installation ids")
  }

  func testInstallationIDIs200Characters() async throws {
    let ok = try await rollout(
      HubRollout(variants: [], rules: [.init(version: 1, installationIds: [String(repeating: "i", count: 200)])]))
    XCTAssertEqual(ok.status, 200)
    assertRefused(
      try await rollout(
        HubRollout(variants: [], rules: [.init(version: 1, installationIds: [String(repeating: "i", count: 201)])])),
      naming: "1 to 200")
  }

  func testJSONBodyIs64KiB() async throws {
    let ok = try await send("PATCH", "/v1/models/m", HubUpdateModelRequest(displayName: "x"), size: 65_536)
    XCTAssertEqual(ok.status, 200)
    assertRefused(
      try await send("PATCH", "/v1/models/m", HubUpdateModelRequest(displayName: "x"), size: 65_537),
      status: 413, naming: "65536 bytes")
  }

  func testRolloutBodyIs8MiB() async throws {
    let value = HubRollout(variants: [.init(version: 1, weight: 100)])
    let ok = try await send("PUT", "/v1/models/m/rollout", value, size: 8 << 20)
    XCTAssertEqual(ok.status, 200)
    assertRefused(
      try await send("PUT", "/v1/models/m/rollout", value, size: (8 << 20) + 1), status: 413, naming: "8388608 bytes")
  }

  func testUploadIsMaxUploadBytes() async throws {
    var model = try HubFixtures.data("linear")
    model.append(Data(repeating: 7, count: 200_000 - model.count))
    let ok = try await hub.http.send("POST", "/v1/models/m/versions", key: hub.adminKey, body: model)
    XCTAssertEqual(ok.status, 201, String(decoding: ok.body, as: UTF8.self))
    model.append(1)
    assertRefused(
      try await hub.http.send("POST", "/v1/models/m/versions", key: hub.adminKey, body: model),
      status: 413, naming: "200000 bytes")
  }
}
