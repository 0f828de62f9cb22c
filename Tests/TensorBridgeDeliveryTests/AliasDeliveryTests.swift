import Foundation
import ModelHubAPI
import TensorBridgeDelivery
import TestSupport
import XCTest

/// Clients asking for an alias: `ModelDownloader.getModel(name:alias:)` and `tensorbridge pull
/// --alias`, with the alias set, listed and removed by `tensorbridge hub alias` / `hub versions`.
final class AliasDeliveryTests: XCTestCase {
  func testModelDownloaderGetsTheAliasedVersion() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    addTeardownBlock { await hub.stop() }
    let v1 = try await hub.deploy("m", try Fixtures.model("linear"))
    _ = try await hub.upload("m", try Fixtures.model("two_vectors"), publish: true)
    let set = try await hub.http.json(
      "PUT", HubAPI.setAlias.path(["name": "m", "alias": "stable"]), key: hub.adminKey, HubSetAliasRequest(version: 1))
    XCTAssertEqual(set.status, 200, String(decoding: set.body, as: UTF8.self))
    let folder = try Fixtures.temporaryDirectory("alias-client")
    let downloader = ModelDownloader(hubURL: hub.url, clientKey: hub.clientKey, directory: folder)

    let stable = try await downloader.getModel(name: "m", alias: "stable", downloadType: .latestModel)
    XCTAssertEqual(stable.version, 1)
    XCTAssertEqual(stable.hash, v1.modelHash)
    let latest = try await downloader.getModel(name: "m", downloadType: .latestModel)
    XCTAssertEqual(latest.version, 2, "without an alias: the rollout's choice (latest published)")
    do {
      _ = try await downloader.getModel(name: "m", alias: "nope", downloadType: .latestModel)
      XCTFail("an unknown alias must fail")
    } catch let error as ModelDownloaderError {
      XCTAssertEqual(error, .aliasNotFound(model: "m", alias: "nope"))
    }
    do {
      _ = try await downloader.getModel(name: "m", alias: "Bad Alias", downloadType: .latestModel)
      XCTFail("a malformed alias must fail before asking")
    } catch let error as ModelDownloaderError {
      XCTAssertEqual(error, .invalidAlias("Bad Alias"))
    }
  }

  func testCLIAliasSetVersionsPullAndRemove() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    addTeardownBlock { await hub.stop() }
    let v1 = try await hub.deploy("flowers", try Fixtures.model("linear"))
    _ = try await hub.upload("flowers", try Fixtures.model("two_vectors"), publish: true)
    let admin = ["TENSORBRIDGE_HUB_KEY": hub.adminKey]
    let url = hub.url.absoluteString

    let set = try await CLIRun.runAsync(
      ["hub", "alias", "set", "flowers", "stable", "1", "--hub", url], environment: admin)
    XCTAssertEqual(set.status, 0, set.stderr)
    XCTAssertTrue(set.stdout.contains("stable -> v1"), set.stdout)
    let bad = try await CLIRun.runAsync(
      ["hub", "alias", "set", "flowers", "Stable", "1", "--hub", url], environment: admin)
    XCTAssertNotEqual(bad.status, 0)
    XCTAssertTrue(bad.stderr.contains("not an alias"), bad.stderr)
    let versions = try await CLIRun.runAsync(["hub", "versions", "flowers", "--hub", url], environment: admin)
    XCTAssertEqual(versions.status, 0, versions.stderr)
    XCTAssertTrue(versions.stdout.split(separator: "\n").contains { $0.hasPrefix("v1  [stable]") }, versions.stdout)

    let store = try Fixtures.temporaryDirectory("alias-store")
    let pull = try await CLIRun.runAsync(
      ["pull", "flowers", "--alias", "stable", "--hub", url, "--dir", store.path, "--json"],
      environment: ["TENSORBRIDGE_CLIENT_KEY": hub.clientKey])
    XCTAssertEqual(pull.status, 0, pull.stderr)
    let model = try HubJSON.decoder().decode(CustomModel.self, from: Data(pull.stdout.utf8))
    XCTAssertEqual(model.version, 1)
    XCTAssertEqual(model.hash, v1.modelHash)

    let remove = try await CLIRun.runAsync(
      ["hub", "alias", "rm", "flowers", "stable", "--hub", url], environment: admin)
    XCTAssertEqual(remove.status, 0, remove.stderr)
    let missing = try await CLIRun.runAsync(
      ["pull", "flowers", "--alias", "stable", "--hub", url, "--dir", store.path],
      environment: ["TENSORBRIDGE_CLIENT_KEY": hub.clientKey])
    XCTAssertNotEqual(missing.status, 0)
    XCTAssertTrue(missing.stderr.contains("no alias 'stable'"), missing.stderr)
  }
}
