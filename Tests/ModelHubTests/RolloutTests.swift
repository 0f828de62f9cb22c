import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// Rollouts: weighted variants with sticky per-installation buckets, and targeting rules.
final class RolloutTests: XCTestCase {
  /// Asks `:download` for `count` installations, 16 at a time; returns version → count.
  static func split(_ hub: TestHub, model: String, count: Int) async throws -> [Int: Int] {
    try await withThrowingTaskGroup(of: [Int: Int].self) { group in
      let lanes = 16
      for lane in 0..<lanes {
        group.addTask {
          var counts: [Int: Int] = [:]
          for index in stride(from: lane, to: count, by: lanes) {
            let info = try await hub.download(model, installation: "installation-\(index)").decode(HubDownloadInfo.self)
            counts[info.version, default: 0] += 1
          }
          return counts
        }
      }
      var total: [Int: Int] = [:]
      for try await counts in group { total.merge(counts, uniquingKeysWith: +) }
      return total
    }
  }

  func testRulesStickinessAndValidation() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    try await HubFixtures.threeVersions("m", on: hub)

    func put(_ rollout: HubRollout) async throws -> HTTPAnswer {
      try await hub.http.json("PUT", "/v1/models/m/rollout", key: hub.adminKey, rollout)
    }
    let value1 = try await put(HubRollout(variants: [.init(version: 1, weight: 50), .init(version: 2, weight: 40)]))
      .errorCode
    XCTAssertEqual(value1, "INVALID_ARGUMENT")
    let value2 = try await put(HubRollout(variants: [.init(version: 1, weight: 150), .init(version: 2, weight: -50)]))
      .errorCode
    XCTAssertEqual(value2, "INVALID_ARGUMENT")
    let value3 = try await put(HubRollout(variants: [])).errorCode
    XCTAssertEqual(value3, "INVALID_ARGUMENT")
    let value4 = try await put(HubRollout(variants: [.init(version: 3, weight: 100)])).errorCode
    XCTAssertEqual(value4, "FAILED_PRECONDITION")
    let value5 = try await put(HubRollout(variants: [.init(version: 9, weight: 100)])).status
    XCTAssertEqual(value5, 409)
    let value6 = try await put(HubRollout(variants: [], rules: [.init(version: 1, minAppVersion: "1.x")])).errorCode
    XCTAssertEqual(value6, "INVALID_ARGUMENT")

    let rollout = HubRollout(
      variants: [.init(version: 1, weight: 50), .init(version: 2, weight: 50)],
      rules: [
        .init(version: 1, installationIds: ["tester"]),
        .init(version: 2, platforms: ["android"], minAppVersion: "2.0", maxAppVersion: "2.9.9"),
      ])
    let value7 = try await put(rollout).status
    XCTAssertEqual(value7, 200)
    let value8 = try await hub.http.send("GET", "/v1/models/m/rollout", key: hub.adminKey).decode(HubRollout.self)
    XCTAssertEqual(value8, rollout)

    let tester = try await hub.download(
      "m", installation: "tester", headers: [HubHeaders.platform: "android", HubHeaders.appVersion: "2.1"]
    )
    .decode(HubDownloadInfo.self)
    XCTAssertEqual(tester.assignment, HubAssignment(reason: .rule, rule: 0))
    XCTAssertEqual(tester.version, 1)
    for (platform, app, expectRule) in [
      ("Android", "2.1", true), ("android", "2", true), ("android", "3.0", false),
      ("android", "1.9.9", false), ("ios", "2.1", false), ("android", "bogus", false),
    ] {
      let info = try await hub.download(
        "m", installation: "someone", headers: [HubHeaders.platform: platform, HubHeaders.appVersion: app]
      )
      .decode(HubDownloadInfo.self)
      XCTAssertEqual(info.assignment.reason == .rule, expectRule, "\(platform) \(app)")
      if expectRule { XCTAssertEqual(info.version, 2) }
    }
    // Sticky: the same installation gets the same variant and bucket every time.
    for id in ["a", "b", "c", "d"] {
      let first = try await hub.download("m", installation: id).decode(HubDownloadInfo.self)
      XCTAssertEqual(first.assignment.reason, .variant)
      for _ in 0..<3 {
        let again = try await hub.download("m", installation: id).decode(HubDownloadInfo.self)
        XCTAssertEqual(again.version, first.version)
        XCTAssertEqual(again.assignment.bucket, first.assignment.bucket)
      }
    }
    // No installation id: the rollout's stable variant (StableChoiceTests has the details).
    let value9 = try await hub.download("m").decode(HubDownloadInfo.self).assignment.reason
    XCTAssertEqual(value9, .stable)
    // A version in the rollout cannot be unpublished; after clearing the rollout it can.
    let value10 = try await hub.http.send("POST", "/v1/models/m/versions/2:unpublish", key: hub.adminKey).errorCode
    XCTAssertEqual(value10, "FAILED_PRECONDITION")
    let value11 = try await hub.http.send("DELETE", "/v1/models/m/rollout", key: hub.adminKey).status
    XCTAssertEqual(value11, 200)
    let value12 = try await hub.http.send("POST", "/v1/models/m/versions/2:unpublish", key: hub.adminKey).status
    XCTAssertEqual(value12, 200)
    let value13 = try await hub.download("m", installation: "a").decode(HubDownloadInfo.self).version
    XCTAssertEqual(value13, 1)
  }
}
