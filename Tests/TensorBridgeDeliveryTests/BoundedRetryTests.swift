import Foundation
import ModelHubAPI
import TensorBridgeDelivery
import TestSupport
import XCTest

/// Retries are bounded in count and in time, back off, and end in a typed error naming the
/// cause; the installed model stays as it was. The fault: a proxy that strips `Range` and cuts
/// every whole-file answer in half with a matching `Content-Length`, so every answer looks
/// complete but is short.
final class BoundedRetryTests: XCTestCase {
  func testPullBehindARangeStrippingHalvingProxyGivesUp() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    let store = try Fixtures.temporaryDirectory("store")
    let env = ["TENSORBRIDGE_CLIENT_KEY": hub.clientKey]
    let old = try await hub.deploy("m", try Fixtures.padded("linear", 64 << 10, seed: 1))
    let first = try await CLIRun.runAsync(
      ["pull", "m", "--hub", hub.url.absoluteString, "--dir", store.path], environment: env)
    XCTAssertEqual(first.status, 0, first.stderr)
    _ = try await hub.deploy("m", try Fixtures.padded("linear", 2 << 20, seed: 2))

    let proxy = try FaultProxy(upstreamPort: hub.port, behaviour: .init(stripRange: true, halveFileAnswers: true))
    let started = Date()
    let arguments = ["pull", "m", "--hub", proxy.url.absoluteString, "--dir", store.path]
    let pull = try await ProcessRun.runAsync(BuiltProducts.cli, arguments, environment: env, timeLimit: 60)
    XCTAssertFalse(pull.timedOut, "pull kept retrying for a minute: \(proxy.requests.count) requests")
    XCTAssertLessThan(Date().timeIntervalSince(started), 30)
    XCTAssertEqual(pull.status, 1)
    XCTAssertTrue(pull.stderr.contains("after 4 attempts"), pull.stderr)
    XCTAssertTrue(pull.stderr.contains("ended at byte"), pull.stderr)
    let files = proxy.requests.filter { $0.contains("/v1/files/") }
    XCTAssertEqual(files.count, 4, files.joined(separator: "\n"))

    // The installed model is the old one, intact.
    let local = try await CLIRun.runAsync(
      ["pull", "m", "--type", "local", "--hub", "http://127.0.0.1:1", "--dir", store.path, "--json"], environment: env)
    XCTAssertEqual(local.status, 0, local.stderr)
    let model = try HubJSON.decoder().decode(CustomModel.self, from: Data(local.stdout.utf8))
    XCTAssertEqual(model.hash, old.modelHash)
    XCTAssertEqual(model.version, 1)
    proxy.close()
    await hub.stop()
  }

  /// The time limit holds even when many attempts are allowed: with 100 attempts and a 2 s
  /// budget, the downloader gives up within it, with the attempts made so far and the cause.
  func testRetriesStopAtTheTimeLimit() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    let bytes = try Fixtures.padded("linear", 1 << 20, seed: 3)
    _ = try await hub.deploy("m", bytes)
    let proxy = try FaultProxy(upstreamPort: hub.port, behaviour: .init(stripRange: true, halveFileAnswers: true))
    let store = try Fixtures.temporaryDirectory("store")
    let downloader = ModelDownloader(
      configuration: ModelDownloaderConfiguration(
        hubURL: proxy.url, clientKey: hub.clientKey, directory: store, maxAttempts: 100, initialBackoff: 0.2,
        backoffMultiplier: 1.5, requestTimeout: 10, notificationCenter: NotificationCenter(), maxRetryDuration: 2))
    let started = Date()
    do {
      _ = try await downloader.getModel(name: "m", downloadType: .latestModel)
      XCTFail("a half answer cannot be installed")
    } catch let error as ModelDownloaderError {
      guard case .network(_, let reason, let attempts) = error else { return XCTFail("\(error)") }
      XCTAssertTrue(reason.contains("ended at byte \(bytes.count / 2) of \(bytes.count)"), reason)
      XCTAssertGreaterThan(attempts, 1)
      XCTAssertLessThan(attempts, 100)
    }
    XCTAssertLessThan(Date().timeIntervalSince(started), 4, "gave up within the 2 s budget (plus one attempt)")
    let downloaded = await downloader.isModelDownloaded(name: "m")
    XCTAssertFalse(downloaded)
    proxy.close()
    await hub.stop()
  }
}
