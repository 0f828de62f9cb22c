import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// Aliases in rollouts, over real HTTP on either backend (`TB_HUB_DATABASE=postgres` runs them on
/// PostgreSQL): a variant or rule naming an alias serves the version the alias names at the time
/// of the request, so moving the alias moves that share of installations with no rollout change;
/// a rollout can name only aliases that are set, an alias a rollout names cannot be removed, and
/// each variant or rule names exactly one version or alias.
final class AliasRolloutTests: XCTestCase {
  private func setAlias(_ hub: TestHub, _ model: String, _ alias: String, _ version: Int) async throws -> Int {
    try await hub.http.json(
      "PUT", HubAPI.setAlias.path(["name": model, "alias": alias]), key: hub.adminKey,
      HubSetAliasRequest(version: version)
    ).status
  }

  private func putRollout(_ hub: TestHub, _ body: String) async throws -> HTTPAnswer {
    try await hub.http.send(
      "PUT", HubAPI.setRollout.path(["name": "m"]), key: hub.adminKey, body: Data(body.utf8),
      contentType: "application/json")
  }

  /// Three published versions; `stable` → 1, `canary` → 2.
  private func startHub() async throws -> (TestHub, [HubModelVersion]) {
    let hub = try await TestHub.start()
    try await hub.createModel("m")
    var versions: [HubModelVersion] = []
    for fixture in ["linear", "two_vectors", "two_vectors_int8"] {
      versions.append(try await hub.upload("m", try HubFixtures.data(fixture), publish: true))
    }
    let stable = try await setAlias(hub, "m", "stable", 1)
    let canary = try await setAlias(hub, "m", "canary", 2)
    XCTAssertEqual([stable, canary], [200, 200])
    return (hub, versions)
  }

  func testVariantsFollowTheirAliases() async throws {
    let (hub, versions) = try await startHub()
    addTeardownBlock { await hub.stop() }

    let rollout = HubRollout(variants: [.init(alias: "canary", weight: 10), .init(alias: "stable", weight: 90)])
    let put = try await hub.http.json("PUT", HubAPI.setRollout.path(["name": "m"]), key: hub.adminKey, rollout)
    XCTAssertEqual(put.status, 200, String(decoding: put.body, as: UTF8.self))
    // Stored and answered as sent: aliases, no version numbers.
    let stored = try await hub.http.send("GET", HubAPI.getRollout.path(["name": "m"]), key: hub.adminKey)
    XCTAssertEqual(try stored.decode(HubRollout.self), rollout)
    XCTAssertFalse(String(decoding: stored.body, as: UTF8.self).contains("\"version\""))

    // Each installation gets the version its bucket's alias names, and says which alias.
    var canaryInstallations: [String] = []
    for index in 0..<200 {
      let id = "device-\(index)"
      let info = try await hub.download("m", installation: id).decode(HubDownloadInfo.self)
      XCTAssertEqual(info.assignment.reason, .variant)
      let bucket = try XCTUnwrap(info.assignment.bucket)
      let expected = bucket < 1000 ? (alias: "canary", version: 2) : (alias: "stable", version: 1)
      XCTAssertEqual(info.assignment.alias, expected.alias, id)
      XCTAssertEqual(info.version, expected.version, id)
      XCTAssertEqual(info.modelHash, versions[expected.version - 1].modelHash)
      if expected.alias == "canary" { canaryInstallations.append(id) }
    }
    XCTAssertFalse(canaryInstallations.isEmpty, "no installation of 200 landed in the 10% canary")

    // No installation id: the heavier variant, through its alias.
    let anonymous = try await hub.download("m").decode(HubDownloadInfo.self)
    XCTAssertEqual(anonymous.assignment, HubAssignment(reason: .stable, variant: 1, alias: "stable"))
    XCTAssertEqual(anonymous.version, 1)

    // Moving `canary` to v3 moves the canary installations at once: their check of v2's hash is
    // no longer a 304; the stable installations still get their 304.
    let moved = try await setAlias(hub, "m", "canary", 3)
    XCTAssertEqual(moved, 200)
    for id in canaryInstallations.prefix(5) {
      let check = try await hub.download(
        "m", installation: id, headers: ["If-None-Match": "\"\(versions[1].modelHash)\""])
      XCTAssertEqual(check.status, 200, id)
      let info = try check.decode(HubDownloadInfo.self)
      XCTAssertEqual(info.version, 3)
      XCTAssertEqual(info.assignment.alias, "canary")
    }
    let stableCheck = try await hub.download(
      "m", installation: "device-stable-check", headers: ["If-None-Match": "\"\(versions[0].modelHash)\""])
    let stableInfo = try await hub.download("m", installation: "device-stable-check").decode(HubDownloadInfo.self)
    XCTAssertEqual(stableCheck.status, stableInfo.assignment.alias == "stable" ? 304 : 200)

    // The rollout itself did not change.
    let after = try await hub.http.send("GET", HubAPI.getRollout.path(["name": "m"]), key: hub.adminKey)
    XCTAssertEqual(try after.decode(HubRollout.self), rollout)
  }

  func testRulesByAliasAndMixedTargets() async throws {
    let (hub, _) = try await startHub()
    addTeardownBlock { await hub.stop() }
    let rollout = HubRollout(
      variants: [.init(version: 3, weight: 50), .init(alias: "stable", weight: 50)],
      rules: [.init(alias: "canary", platforms: ["android"])])
    let put = try await hub.http.json("PUT", HubAPI.setRollout.path(["name": "m"]), key: hub.adminKey, rollout)
    XCTAssertEqual(put.status, 200, String(decoding: put.body, as: UTF8.self))
    let android = try await hub.download("m", installation: "a", headers: [HubHeaders.platform: "android"])
      .decode(HubDownloadInfo.self)
    XCTAssertEqual(android.assignment, HubAssignment(reason: .rule, rule: 0, alias: "canary"))
    XCTAssertEqual(android.version, 2)
    // A variant naming a version says no alias.
    var sawVersionVariant = false
    for index in 0..<40 {
      let info = try await hub.download("m", installation: "ios-\(index)", headers: [HubHeaders.platform: "ios"])
        .decode(HubDownloadInfo.self)
      XCTAssertEqual(info.assignment.reason, .variant)
      if info.assignment.variant == 0 {
        XCTAssertEqual(info.version, 3)
        XCTAssertNil(info.assignment.alias)
        sawVersionVariant = true
      } else {
        XCTAssertEqual(info.version, 1)
        XCTAssertEqual(info.assignment.alias, "stable")
      }
    }
    XCTAssertTrue(sawVersionVariant)
    // Moving the rule's alias moves the rule.
    let moved = try await setAlias(hub, "m", "canary", 3)
    XCTAssertEqual(moved, 200)
    let again = try await hub.download("m", installation: "a", headers: [HubHeaders.platform: "android"])
      .decode(HubDownloadInfo.self)
    XCTAssertEqual(again.version, 3)
  }

  func testRolloutsNameOnlySetAliasesAndKeepThem() async throws {
    let (hub, _) = try await startHub()
    addTeardownBlock { await hub.stop() }

    let unset = try await putRollout(hub, #"{"variants": [{"alias": "beta", "weight": 100}]}"#)
    XCTAssertEqual(unset.errorCode, "FAILED_PRECONDITION")
    XCTAssertTrue(unset.errorMessage.contains("Alias 'beta'"), unset.errorMessage)
    for (body, says) in [
      (#"{"variants": [{"weight": 100}]}"#, "Variant 0 names no version"),
      (#"{"variants": [{"version": 1, "alias": "stable", "weight": 100}]}"#, "Variant 0 gives both"),
      (#"{"variants": [{"alias": "Stable!", "weight": 100}]}"#, "Variant 0: alias 'Stable!' is not valid"),
      (#"{"rules": [{"platforms": ["ios"]}]}"#, "Rule 0 names no version"),
      (#"{"rules": [{"alias": "", "platforms": ["ios"]}]}"#, "Rule 0: alias '' is not valid"),
    ] {
      let answer = try await putRollout(hub, body)
      XCTAssertEqual(answer.errorCode, "INVALID_ARGUMENT", body)
      XCTAssertTrue(answer.errorMessage.contains(says), "\(body): \(answer.errorMessage)")
    }
    let stored = try await hub.http.send("GET", HubAPI.getRollout.path(["name": "m"]), key: hub.adminKey)
    XCTAssertEqual(try stored.decode(HubRollout.self), HubRollout(variants: []), "nothing refused was stored")

    let ok = try await putRollout(hub, #"{"variants": [{"alias": "canary", "weight": 100}]}"#).status
    XCTAssertEqual(ok, 200)
    let remove = try await hub.http.send(
      "DELETE", HubAPI.deleteAlias.path(["name": "m", "alias": "canary"]), key: hub.adminKey)
    XCTAssertEqual(remove.errorCode, "FAILED_PRECONDITION")
    XCTAssertTrue(remove.errorMessage.contains("rollout"), remove.errorMessage)
    let stillThere = try await hub.download("m", installation: "x").decode(HubDownloadInfo.self)
    XCTAssertEqual(stillThere.version, 2)
    // The version behind the alias stays published (the alias guards it), and an alias the
    // rollout does not name can be removed.
    let unpublish = try await hub.http.send("POST", "/v1/models/m/versions/2:unpublish", key: hub.adminKey)
    XCTAssertEqual(unpublish.errorCode, "FAILED_PRECONDITION")
    let removeStable = try await hub.http.send(
      "DELETE", HubAPI.deleteAlias.path(["name": "m", "alias": "stable"]), key: hub.adminKey
    ).status
    XCTAssertEqual(removeStable, 200)
    // Once the rollout no longer names it, it can go.
    let cleared = try await hub.http.send("DELETE", HubAPI.deleteRollout.path(["name": "m"]), key: hub.adminKey)
      .status
    XCTAssertEqual(cleared, 200)
    let removeNow = try await hub.http.send(
      "DELETE", HubAPI.deleteAlias.path(["name": "m", "alias": "canary"]), key: hub.adminKey
    ).status
    XCTAssertEqual(removeNow, 200)
  }
}
