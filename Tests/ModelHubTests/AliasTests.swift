import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// Aliases over real HTTP: set, moved and removed by admins, shown on versions, used by clients
/// (`:download?alias=`; the Delivery client and the CLI in AliasDeliveryTests), refused when malformed, and
/// guarding the version they name from being unpublished.
final class AliasTests: XCTestCase {
  private func setAlias(_ hub: TestHub, _ model: String, _ alias: String, _ version: Int) async throws -> HTTPAnswer {
    try await hub.http.json(
      "PUT", HubAPI.setAlias.path(["name": model, "alias": alias]), key: hub.adminKey,
      HubSetAliasRequest(version: version))
  }

  private func download(_ hub: TestHub, _ model: String, alias: String, ifNoneMatch: String? = nil) async throws
    -> HTTPAnswer
  {
    var headers = [HubHeaders.installationID: "device-1"]
    if let ifNoneMatch { headers["If-None-Match"] = "\"\(ifNoneMatch)\"" }
    return try await hub.http.send(
      "GET", HubAPI.downloadModel.path(["name": model]) + "?alias=\(alias)", key: hub.clientKey, headers: headers)
  }

  func testSetMoveRemoveAndDownloadByAlias() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    let uploaded = try await HubFixtures.threeVersions("m", on: hub)
    let (v1, v2) = (uploaded[0], uploaded[1])

    let set = try await setAlias(hub, "m", "stable", 1)
    XCTAssertEqual(set.status, 200, String(decoding: set.body, as: UTF8.self))
    XCTAssertEqual(try set.decode(HubModelVersion.self).aliases, ["stable"])
    let canary = try await setAlias(hub, "m", "canary", 2).status
    XCTAssertEqual(canary, 200)

    // The rollout-less choice is the latest published (v2); the alias overrides it.
    let byAlias = try await download(hub, "m", alias: "stable").decode(HubDownloadInfo.self)
    XCTAssertEqual(byAlias.version, 1)
    XCTAssertEqual(byAlias.modelHash, v1.modelHash)
    XCTAssertEqual(byAlias.assignment.reason, .alias)
    let plain = try await hub.download("m", installation: "device-1").decode(HubDownloadInfo.self)
    XCTAssertEqual(plain.version, 2)
    let notModified = try await download(hub, "m", alias: "stable", ifNoneMatch: v1.modelHash).status
    XCTAssertEqual(notModified, 304)

    // Moving is one PUT; the very next check sees the new version.
    let moved = try await setAlias(hub, "m", "stable", 2).status
    XCTAssertEqual(moved, 200)
    let afterMove = try await download(hub, "m", alias: "stable", ifNoneMatch: v1.modelHash)
    XCTAssertEqual(afterMove.status, 200)
    XCTAssertEqual(try afterMove.decode(HubDownloadInfo.self).modelHash, v2.modelHash)

    let list = try await hub.http.send("GET", HubAPI.listVersions.path(["name": "m"]), key: hub.adminKey)
    let versions = try list.decode(HubVersionList.self).versions
    XCTAssertEqual(versions.first { $0.version == 2 }?.aliases, ["canary", "stable"])
    XCTAssertEqual(versions.first { $0.version == 1 }?.aliases, [])

    // A version an alias names stays published; a draft cannot be aliased.
    let unpublish = try await hub.http.send("POST", "/v1/models/m/versions/2:unpublish", key: hub.adminKey)
    XCTAssertEqual(unpublish.errorCode, "FAILED_PRECONDITION")
    let draft = try await setAlias(hub, "m", "beta", 3).errorCode
    XCTAssertEqual(draft, "FAILED_PRECONDITION")
    let missingVersion = try await setAlias(hub, "m", "beta", 9).errorCode
    XCTAssertEqual(missingVersion, "VERSION_NOT_FOUND")
    let missingModel = try await setAlias(hub, "nope", "beta", 1).errorCode
    XCTAssertEqual(missingModel, "MODEL_NOT_FOUND")
    for bad in ["Stable", "a_b", String(repeating: "a", count: 41)] {
      let code = try await setAlias(hub, "m", bad, 1).errorCode
      XCTAssertEqual(code, "INVALID_ARGUMENT", bad)
      let asked = try await download(hub, "m", alias: bad).errorCode
      XCTAssertEqual(asked, "INVALID_ARGUMENT", bad)
    }
    let byClient = try await hub.http.json(
      "PUT", HubAPI.setAlias.path(["name": "m", "alias": "x"]), key: hub.clientKey, HubSetAliasRequest(version: 1)
    ).status
    XCTAssertEqual(byClient, 403)

    let removed = try await hub.http.send(
      "DELETE", HubAPI.deleteAlias.path(["name": "m", "alias": "stable"]), key: hub.adminKey)
    XCTAssertEqual(removed.status, 200)
    XCTAssertEqual(try removed.decode(HubModelVersion.self).aliases, ["canary"])
    let gone = try await download(hub, "m", alias: "stable").errorCode
    XCTAssertEqual(gone, "ALIAS_NOT_FOUND")
    let again = try await hub.http.send(
      "DELETE", HubAPI.deleteAlias.path(["name": "m", "alias": "stable"]), key: hub.adminKey)
    XCTAssertEqual(again.errorCode, "ALIAS_NOT_FOUND")
    let unpublishNow = try await hub.http.send("POST", "/v1/models/m/versions/1:unpublish", key: hub.adminKey).status
    XCTAssertEqual(unpublishNow, 200, "v1 has no alias any more")
  }

  /// Deleting a model removes its aliases; a model created again under the name has none.
  func testAliasesGoWithTheirModel() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    try await hub.createModel("m")
    _ = try await hub.upload("m", try HubFixtures.data("linear"), publish: true)
    let set = try await setAlias(hub, "m", "stable", 1).status
    XCTAssertEqual(set, 200)
    let deleted = try await hub.http.send("DELETE", "/v1/models/m", key: hub.adminKey).status
    XCTAssertEqual(deleted, 200)
    try await hub.createModel("m")
    _ = try await hub.upload("m", try HubFixtures.data("two_vectors"), publish: true)
    let code = try await download(hub, "m", alias: "stable").errorCode
    XCTAssertEqual(code, "ALIAS_NOT_FOUND")
  }
}
