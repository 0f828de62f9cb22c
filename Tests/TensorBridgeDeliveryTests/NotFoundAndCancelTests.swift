import Foundation
import ModelHubAPI
import TensorBridgeDelivery
import TestSupport
import XCTest

/// A wrong hub URL (no such route) and an unknown model are different errors on the wire and in
/// the client; cancelling one caller of a shared download ends that caller's wait at once
/// without cancelling the download for the others.
final class NotFoundAndCancelTests: XCTestCase {
  func testWrongHubURLAndUnknownModelAreDistinct() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    let store = try Fixtures.temporaryDirectory("store")
    let route = try await hub.http.send("GET", "/v2/nothing/here", key: hub.clientKey)
    XCTAssertEqual(route.status, 404)
    XCTAssertEqual(route.errorCode, "ROUTE_NOT_FOUND")
    let right = Fixtures.downloader(hub.url, key: hub.clientKey, directory: store)
    do {
      _ = try await right.getModel(name: "missing", downloadType: .latestModel)
      XCTFail("no such model")
    } catch let error as ModelDownloaderError {
      XCTAssertEqual(error, .modelNotFound("missing"))
    }
    let wrongURL = hub.url.appendingPathComponent("api")
    let wrong = Fixtures.downloader(wrongURL, key: hub.clientKey, directory: store)
    do {
      _ = try await wrong.getModel(name: "missing", downloadType: .latestModel)
      XCTFail("no hub at this URL")
    } catch let error as ModelDownloaderError {
      guard case .hubEndpointNotFound(let url, _) = error else { return XCTFail("\(error)") }
      XCTAssertTrue(url.hasPrefix(wrongURL.absoluteString), url)
      XCTAssertTrue(error.description.contains("check the hub URL"), error.description)
    }
    await hub.stop()
  }

  func testCancellingOneCallerLeavesTheSharedDownloadToTheOthers() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    let proxy = try FaultProxy(upstreamPort: hub.port, behaviour: .init(throttlePer64KiB: 0.01))
    let bytes = try Fixtures.padded("linear", 2 << 20, seed: 5)
    try await hub.deploy("m", bytes)
    let downloader = Fixtures.downloader(
      proxy.url, key: hub.clientKey, directory: try Fixtures.temporaryDirectory("store"))
    let log = Fixtures.EventLog(downloader.events)
    let cancelled = Task { try await downloader.getModel(name: "m", downloadType: .latestModel) }
    let kept = Task { try await downloader.getModel(name: "m", downloadType: .latestModel) }
    await log.expect { if case .progress(_, let written, _) = $0 { written > 0 } else { false } }
    let cancelTime = Date()
    cancelled.cancel()
    do {
      _ = try await cancelled.value
      XCTFail("the cancelled caller got the model")
    } catch let error as ModelDownloaderError {
      XCTAssertEqual(error, .cancelled(model: "m"))
    }
    let cancelledAfter = Date().timeIntervalSince(cancelTime)
    let model = try await kept.value
    let downloadEnded = Date().timeIntervalSince(cancelTime)
    XCTAssertEqual(try Data(contentsOf: model.fileURL), bytes, "the other caller got the whole model")
    XCTAssertLessThan(cancelledAfter, downloadEnded / 2, "the cancelled caller stopped waiting at once")
    XCTAssertEqual(log.events.filter { if case .started = $0 { true } else { false } }.count, 1, "one download")
    proxy.close()
    await hub.stop()
  }
}
