import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// The words of every rollout, alias and unpublish refusal, over real HTTP: status, code and the
/// whole message, which names the rule broken and the version, alias, variant or rule at fault.
/// (RolloutTests and AliasTests check that these are refused; this pins what the admin reads.)
/// Under `TB_HUB_DATABASE=postgres` the same answers come from the PostgreSQL store.
final class RefusalMessageTests: XCTestCase {
  private struct Refusal {
    var status: Int
    var code: String
    var message: String

    /// 400 `INVALID_ARGUMENT`: the request itself is malformed.
    static func invalid(_ message: String) -> Refusal {
      Refusal(status: 400, code: "INVALID_ARGUMENT", message: message)
    }

    /// 409 `FAILED_PRECONDITION`: well formed, but the model's state forbids it.
    static func conflict(_ message: String) -> Refusal {
      Refusal(status: 409, code: "FAILED_PRECONDITION", message: message)
    }
  }

  private func assertRefused(
    _ answer: HTTPAnswer, _ expected: Refusal, _ what: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(answer.status, expected.status, "\(what): \(answer.text)", file: file, line: line)
    XCTAssertEqual(answer.errorCode, expected.code, what, file: file, line: line)
    XCTAssertEqual(answer.errorMessage, expected.message, what, file: file, line: line)
  }

  /// A model `m` with versions 1 and 2 published, 3 not, and alias `stable` on version 1.
  private func hubWithModel() async throws -> TestHub {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    try await HubFixtures.threeVersions("m", on: hub)
    let alias = try await setAlias(hub, "stable", version: 1)
    XCTAssertEqual(alias.status, 200, alias.text)
    return hub
  }

  private func setRollout(_ hub: TestHub, json: String) async throws -> HTTPAnswer {
    try await hub.http.send(
      "PUT", HubAPI.setRollout.path(["name": "m"]), key: hub.adminKey, body: Data(json.utf8),
      contentType: "application/json")
  }

  private func unpublish(_ hub: TestHub, version: Int) async throws -> HTTPAnswer {
    try await hub.http.send(
      "POST", HubAPI.unpublishVersion.path(["name": "m", "version": "\(version)"]), key: hub.adminKey)
  }

  private func setAlias(_ hub: TestHub, _ alias: String, version: Int) async throws -> HTTPAnswer {
    try await hub.http.json(
      "PUT", HubAPI.setAlias.path(["name": "m", "alias": alias]), key: hub.adminKey,
      HubSetAliasRequest(version: version))
  }

  func testRolloutShapeRefusalsNameTheVariantOrRule() async throws {
    let hub = try await hubWithModel()
    let invalid = Refusal.invalid
    let cases: [(json: String, refusal: Refusal)] = [
      (#"{"variants": []}"#, invalid("A rollout needs at least one variant or rule.")),
      (
        #"{"variants": [{"version": 1, "weight": 60}, {"weight": 40}]}"#,
        invalid(#"Variant 1 names no version: give "version" or "alias"."#)
      ),
      (
        #"{"variants": [{"version": 1, "alias": "stable", "weight": 100}]}"#,
        invalid(#"Variant 0 gives both "version" and "alias": give one of them."#)
      ),
      (
        #"{"variants": [], "rules": [{"alias": "Not Valid"}]}"#,
        invalid("Rule 0: alias 'Not Valid' is not valid: use \(HubAliasName.ruleDescription).")
      ),
      (
        #"{"variants": [{"version": 1, "weight": 150}, {"version": 2, "weight": -50}]}"#,
        invalid("Variant weights are percentages from 0 to 100 (got 150).")
      ),
      (
        #"{"variants": [{"version": 1, "weight": 50}, {"version": 2, "weight": 40}]}"#,
        invalid("Variant weights must add up to 100 (they add up to 90).")
      ),
      (
        #"{"variants": [], "rules": [{"version": 1}, {"version": 2, "minAppVersion": "1.x"}]}"#,
        invalid("Rule 1: '1.x' is not a version like 1.2.3.")
      ),
      (
        #"{"variants": [], "rules": [{"version": 1, "platforms": ["ios", "web os"]}]}"#,
        invalid(
          "Rule 0: platform 'web os' must be 1 to 200 printable ASCII characters.")
      ),
      (
        #"{"variants": [], "rules": [{"version": 1, "installationIds": [""]}]}"#,
        invalid(
          "Rule 0: installation id '' must be 1 to 200 printable ASCII characters."
        )
      ),
    ]
    for (json, refusal) in cases {
      assertRefused(try await setRollout(hub, json: json), refusal, json)
    }
    // Nothing refused was stored: the model's rollout is still the empty one.
    let stored = try await hub.http.send("GET", HubAPI.getRollout.path(["name": "m"]), key: hub.adminKey)
    XCTAssertEqual(try stored.decode(HubRollout.self), HubRollout(variants: []), stored.text)
  }

  func testRolloutsNamingWhatIsNotServableAreRefusedByName() async throws {
    let hub = try await hubWithModel()
    let conflict = Refusal.conflict
    assertRefused(
      try await setRollout(hub, json: #"{"variants": [{"version": 1, "weight": 50}, {"version": 3, "weight": 50}]}"#),
      conflict("Version 3 of 'm' is not published."), "an unpublished version")
    assertRefused(
      try await setRollout(hub, json: #"{"variants": [{"version": 9, "weight": 100}]}"#),
      conflict("Version 9 of 'm' is not published."), "a version that does not exist")
    assertRefused(
      try await setRollout(hub, json: #"{"variants": [], "rules": [{"alias": "beta"}]}"#),
      conflict("Alias 'beta' of 'm' is not set: set it (hub alias set) before naming it in the rollout."),
      "an alias that is not set")
  }

  func testAliasAndUnpublishRefusalsNameWhatHoldsThem() async throws {
    let hub = try await hubWithModel()
    assertRefused(
      try await setAlias(hub, "Stable!", version: 1),
      .invalid("Alias 'Stable!' is not valid: use \(HubAliasName.ruleDescription)."),
      "a malformed alias")
    assertRefused(
      try await setAlias(hub, "next", version: 3),
      .conflict("Version 3 of 'm' is not published; publish it before aliasing it."),
      "an alias on an unpublished version")

    let rollout = try await setRollout(
      hub, json: #"{"variants": [{"alias": "stable", "weight": 50}, {"version": 2, "weight": 50}]}"#)
    XCTAssertEqual(rollout.status, 200, rollout.text)
    assertRefused(
      try await hub.http.send("DELETE", HubAPI.deleteAlias.path(["name": "m", "alias": "stable"]), key: hub.adminKey),
      .conflict("Alias 'stable' is in the rollout of 'm'; change the rollout before removing the alias."),
      "removing an alias the rollout names")
    assertRefused(
      try await unpublish(hub, version: 2),
      .conflict("Version 2 is in the rollout of 'm'; change the rollout first."),
      "unpublishing a version the rollout names")
    let lts = try await setAlias(hub, "lts", version: 1)
    XCTAssertEqual(lts.status, 200, lts.text)
    assertRefused(
      try await unpublish(hub, version: 1),
      .conflict("Version 1 of 'm' is named by alias lts, stable; move or remove the alias first."),
      "unpublishing a version aliases name")

    // Every refusal left the state as it was.
    let versions = try await hub.http.send("GET", HubAPI.listVersions.path(["name": "m"]), key: hub.adminKey)
    XCTAssertEqual(versions.status, 200, versions.text)
    XCTAssertTrue(versions.text.contains("\"stable\""), versions.text)
    XCTAssertFalse(versions.text.contains("\"next\""), versions.text)
  }
}
