import Foundation
import TestSupport
import XCTest

@testable import TensorBridgeMLKit

/// `ModelManager` over a real hub on loopback with a real SQLite data folder.
final class ModelManagerTests: XCTestCase {
  func testDownloadMovesProgressToOneAndPostsSuccess() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 16 << 20)
    // A large file (a valid model followed by padding) so that the download takes many steps.
    var bytes = try Data(contentsOf: TestPaths.fixtureModel("linear"))
    bytes.append(Data((0..<(12 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
    try await hub.deploy("linear", bytes)
    let center = NotificationCenter()
    let log = MLKitFixtures.NotificationLog(center)
    let manager = try MLKitFixtures.manager(hub, center: center)
    let remoteModel = CustomRemoteModel(name: "linear")
    let downloadedBefore = await manager.isModelDownloaded(remoteModel)
    XCTAssertFalse(downloadedBefore)

    let progress = manager.download(remoteModel, conditions: ModelDownloadConditions(allowsCellularAccess: true))
    XCTAssertEqual(progress.fractionCompleted, 0, accuracy: 0.2, "a new download starts near 0")
    var samples: [Double] = []
    let deadline = Date().addingTimeInterval(60)
    while progress.fractionCompleted < 1, Date() < deadline {
      samples.append(progress.fractionCompleted)
      usleep(100)
    }
    XCTAssertEqual(progress.fractionCompleted, 1.0)
    XCTAssertEqual(samples, samples.sorted(), "progress never moves back")
    XCTAssertTrue(
      samples.contains { $0 > 0 && $0 < 1 },
      "progress moved through intermediate values: \(Set(samples).sorted().prefix(5))")

    let success = await log.wait(for: .firebaseMLModelDownloadDidSucceed)
    XCTAssertEqual(success?.remote, remoteModel)
    XCTAssertNil(success?.error)
    let downloadedAfter = await manager.isModelDownloaded(remoteModel)
    XCTAssertTrue(downloadedAfter)
    let path = try await manager.latestModelFilePath(remoteModel)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), bytes)

    let (stream, continuation) = AsyncStream.makeStream(of: (String?, MLKitError?).self)
    manager.getLatestModelFilePath(remoteModel) { path, error in continuation.yield((path, error)) }
    for await (completionPath, error) in stream {
      XCTAssertEqual(completionPath, path)
      XCTAssertNil(error)
      break
    }

    try await manager.deleteDownloadedModel(remoteModel)
    let downloadedAfterDelete = await manager.isModelDownloaded(remoteModel)
    XCTAssertFalse(downloadedAfterDelete)
    do {
      _ = try await manager.latestModelFilePath(remoteModel)
      XCTFail("deleted")
    } catch {
      XCTAssertEqual(error, .modelNotDownloaded(name: "linear"))
    }
    await hub.stop()
  }

  func testMissingModelPostsFailureWithTheError() async throws {
    let hub = try await TestHub.start()
    let center = NotificationCenter()
    let log = MLKitFixtures.NotificationLog(center)
    let manager = try MLKitFixtures.manager(hub, center: center)
    let remoteModel = CustomRemoteModel(name: "missing")
    let progress = manager.download(remoteModel, conditions: ModelDownloadConditions())
    let failure = await log.wait(for: .firebaseMLModelDownloadDidFail)
    XCTAssertEqual(failure?.remote, remoteModel)
    XCTAssertEqual(failure?.error, .download(.modelNotFound("missing")))
    XCTAssertLessThan(progress.fractionCompleted, 1)
    XCTAssertTrue(log.entries.allSatisfy { $0.name == .firebaseMLModelDownloadDidFail }, "no success notification")

    let (stream, continuation) = AsyncStream.makeStream(of: MLKitError?.self)
    manager.deleteDownloadedModel(remoteModel) { continuation.yield($0) }
    for await error in stream {
      XCTAssertEqual(error, .download(.modelNotDownloaded("missing")))
      break
    }
    await hub.stop()
  }

  func testAManagerWithoutAHubSaysWhatIsMissing() async throws {
    for (environment, missing) in [
      ([:], "TENSORBRIDGE_HUB_URL"),
      (["TENSORBRIDGE_HUB_URL": "http://127.0.0.1:9"], "TENSORBRIDGE_CLIENT_KEY"),
    ] {
      let manager = ModelManagerSettings.fromEnvironment(environment)
      XCTAssertThrowsError(try manager.downloader()) { error in
        XCTAssertEqual(error as? MLKitError, .notConfigured(missing: missing))
      }
      let downloaded = await manager.isModelDownloaded(CustomRemoteModel(name: "any"))
      XCTAssertFalse(downloaded)
    }
    let configured = ModelManagerSettings.fromEnvironment([
      "TENSORBRIDGE_HUB_URL": "http://127.0.0.1:9",
      "TENSORBRIDGE_CLIENT_KEY": "k", "TENSORBRIDGE_MODELS_DIR": "/tmp/x",
    ])
    XCTAssertEqual(try configured.downloader().configuration.directory.path, "/tmp/x")
  }
}
