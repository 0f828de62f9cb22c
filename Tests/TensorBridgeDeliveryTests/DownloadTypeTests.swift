import Foundation
import ModelHubAPI
import TensorBridgeDelivery
import TestSupport
import XCTest

/// The three download types, the conditions, events, notifications and the store, against the
/// real hub on loopback.
final class DownloadTypeTests: XCTestCase {
  func testLatestModelDownloadsVerifiesAndReportsProgress() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    let store = try Fixtures.temporaryDirectory("store")
    let bytes = try Fixtures.padded("linear", 3 << 20)
    let version = try await hub.deploy("flowers", bytes)
    let center = NotificationCenter()
    let succeeded = Mutexed<[CustomModel]>([])
    let observer = center.addObserver(forName: .modelDownloadDidSucceed, object: nil, queue: nil) { note in
      if let model = note.userInfo?[ModelDownloadUserInfoKey.remoteModel] as? CustomModel {
        succeeded.withLock { $0.append(model) }
      }
    }
    defer { center.removeObserver(observer) }
    let downloader = Fixtures.downloader(hub.url, key: hub.clientKey, directory: store, center: center)
    let log = Fixtures.EventLog(downloader.events)

    let isDownloaded = await downloader.isModelDownloaded(name: "flowers")
    XCTAssertFalse(isDownloaded)
    let model = try await downloader.getModel(name: "flowers", downloadType: .latestModel)
    XCTAssertEqual(model.name, "flowers")
    XCTAssertEqual(model.version, 1)
    XCTAssertEqual(model.size, Int64(bytes.count))
    XCTAssertEqual(model.hash, version.modelHash)
    XCTAssertEqual(model.hash, try Fixtures.sha256sum(bytes))
    XCTAssertEqual(try Data(contentsOf: model.fileURL), bytes)
    XCTAssertTrue(model.path.hasPrefix(store.path))
    XCTAssertTrue(model.path.hasSuffix("\(model.hash).tflite"))
    let downloaded = await downloader.isModelDownloaded(name: "flowers")
    XCTAssertTrue(downloaded)
    let listed = await downloader.listDownloadedModels()
    XCTAssertEqual(listed, [model])

    await log.expect { if case .succeeded = $0 { true } else { false } }
    let events = log.events
    guard case .started(let name, 1, let total, 0)? = events.first else {
      return XCTFail("first event \(String(describing: events.first))")
    }
    XCTAssertEqual(name, "flowers")
    XCTAssertEqual(total, Int64(bytes.count))
    let progress = events.compactMap { event -> Int64? in
      if case .progress(_, let written, let total) = event {
        XCTAssertEqual(total, Int64(bytes.count))
        return written
      }
      return nil
    }
    XCTAssertGreaterThan(progress.count, 10, "progress is reported along the way, not just 0 and 1")
    XCTAssertEqual(progress, progress.sorted(), "monotonic")
    XCTAssertEqual(Set(progress).count, progress.count, "strictly increasing")
    XCTAssertEqual(progress.last, Int64(bytes.count))
    XCTAssertEqual(events.last, .succeeded(model))
    XCTAssertEqual(succeeded.withLock { $0 }, [model])

    // A new version: latestModel fetches it, the old file goes once the new one is in place.
    let bytes2 = try Fixtures.padded("linear", 1 << 20, seed: 2)
    try await hub.deploy("flowers", bytes2)
    let model2 = try await downloader.getModel(name: "flowers", downloadType: .latestModel)
    XCTAssertEqual(model2.version, 2)
    XCTAssertEqual(try Data(contentsOf: model2.fileURL), bytes2)
    XCTAssertFalse(FileManager.default.fileExists(atPath: model.path), "the previous file is removed after the switch")
    let files = try FileManager.default.contentsOfDirectory(atPath: store.appendingPathComponent("flowers").path)
      .sorted()
    XCTAssertEqual(files, ["\(model2.hash).tflite", "manifest.json"])
    await hub.stop()
  }

  func testLocalModelReturnsLocalCopyWithoutAskingTheHub() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    let proxy = try FaultProxy(upstreamPort: hub.port)
    let store = try Fixtures.temporaryDirectory("store")
    try await hub.deploy("m", try Fixtures.model("linear"))
    let downloader = Fixtures.downloader(proxy.url, key: hub.clientKey, directory: store)
    // No local copy: behaves as latestModel.
    let first = try await downloader.getModel(name: "m", downloadType: .localModel)
    XCTAssertEqual(first.version, 1)
    let requests = proxy.requests.count
    XCTAssertEqual(requests, 2, proxy.requests.joined(separator: "\n"))
    // A newer version exists, but localModel returns the local copy and makes no request.
    try await hub.deploy("m", try Fixtures.model("two_vectors"))
    let second = try await downloader.getModel(name: "m", downloadType: .localModel)
    XCTAssertEqual(second, first)
    XCTAssertEqual(proxy.requests.count, requests)
    await hub.stop()
  }

  func testLocalModelUpdateInBackgroundReturnsLocalNowAndUpdatesForNextTime() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    let store = try Fixtures.temporaryDirectory("store")
    try await hub.deploy("m", try Fixtures.model("linear"))
    let downloader = Fixtures.downloader(hub.url, key: hub.clientKey, directory: store)
    let first = try await downloader.getModel(name: "m", downloadType: .localModelUpdateInBackground)
    XCTAssertEqual(first.version, 1, "no local copy: blocks for the latest")

    let v2 = try await hub.deploy("m", try Fixtures.padded("two_vectors", 2 << 20))
    let log = Fixtures.EventLog(downloader.events)
    let now = try await downloader.getModel(name: "m", downloadType: .localModelUpdateInBackground)
    XCTAssertEqual(now, first, "returns the local copy at once")
    await log.expect { if case .succeeded(let model) = $0 { model.version == 2 } else { false } }
    let next = try await downloader.getModel(name: "m", downloadType: .localModel)
    XCTAssertEqual(next.version, 2)
    XCTAssertEqual(next.hash, v2.modelHash)
    await hub.stop()
  }

  func testLatestModelWithCurrentCopyGets304AndKeepsIt() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    let proxy = try FaultProxy(upstreamPort: hub.port)
    let store = try Fixtures.temporaryDirectory("store")
    try await hub.deploy("m", try Fixtures.model("linear"))
    let downloader = Fixtures.downloader(proxy.url, key: hub.clientKey, directory: store)
    let log = Fixtures.EventLog(downloader.events)
    let first = try await downloader.getModel(name: "m", downloadType: .latestModel)
    let mtime = try FileManager.default.attributesOfItem(atPath: first.path)[.modificationDate] as? Date
    let second = try await downloader.getModel(name: "m", downloadType: .latestModel)
    XCTAssertEqual(second, first)
    XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: first.path)[.modificationDate] as? Date, mtime)
    let lines = proxy.requests
    XCTAssertEqual(lines.filter { $0.contains(":download") }.count, 2)
    XCTAssertEqual(lines.filter { $0.contains("/v1/files/") }.count, 1, "the second call fetched no bytes (304)")
    try await Task.sleep(nanoseconds: 50_000_000)
    XCTAssertEqual(log.events.filter { if case .started = $0 { true } else { false } }.count, 1)
    await hub.stop()
  }

  func testConcurrentCallsShareOneDownload() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    let proxy = try FaultProxy(upstreamPort: hub.port, behaviour: .init(throttlePer64KiB: 0.002))
    let store = try Fixtures.temporaryDirectory("store")
    try await hub.deploy("m", try Fixtures.padded("linear", 2 << 20))
    let downloader = Fixtures.downloader(proxy.url, key: hub.clientKey, directory: store)
    let log = Fixtures.EventLog(downloader.events)
    let models = try await withThrowingTaskGroup(of: CustomModel.self) { group in
      for index in 0..<6 {
        group.addTask {
          try await downloader.getModel(name: "m", downloadType: index % 2 == 0 ? .latestModel : .localModel)
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    XCTAssertEqual(Set(models).count, 1)
    // One download: its consecutive ranges cover the file exactly once.
    let ranges = proxy.requests.filter { $0.contains("/v1/files/") }.compactMap { line -> (Int, Int)? in
      guard let spec = line.split(separator: "[Range: bytes=").last?.dropLast() else { return nil }
      let bounds = spec.split(separator: "-").compactMap { Int($0) }
      return bounds.count == 2 ? (bounds[0], bounds[1]) : nil
    }
    XCTAssertEqual(ranges.first?.0, 0, proxy.requests.joined(separator: "\n"))
    XCTAssertEqual(ranges.last?.1, (2 << 20) + 951, "the padded model is 2 MiB + the 952-byte fixture")
    XCTAssertTrue(
      zip(ranges, ranges.dropFirst()).allSatisfy { $0.1 + 1 == $1.0 }, proxy.requests.joined(separator: "\n"))
    XCTAssertEqual(proxy.requests.filter { $0.contains(":download") }.count, 1)
    XCTAssertEqual(log.events.filter { if case .started = $0 { true } else { false } }.count, 1)
    await hub.stop()
  }

  func testStoreSurvivesAppUpgrade() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    let proxy = try FaultProxy(upstreamPort: hub.port)
    let store = try Fixtures.temporaryDirectory("store")
    try await hub.deploy("m", try Fixtures.model("linear"))
    let before = try await Fixtures.downloader(proxy.url, key: hub.clientKey, directory: store)
      .getModel(name: "m", downloadType: .latestModel)
    let installationID = try await Fixtures.downloader(proxy.url, key: hub.clientKey, directory: store).installationID()

    // "The app was upgraded": a new downloader over the same folder, no configured id.
    let upgraded = Fixtures.downloader(proxy.url, key: hub.clientKey, directory: store)
    let sameID = try await upgraded.installationID()
    XCTAssertEqual(sameID, installationID, "the installation id persists")
    let downloaded = await upgraded.isModelDownloaded(name: "m")
    XCTAssertTrue(downloaded)
    let after = try await upgraded.getModel(name: "m", downloadType: .latestModel)
    XCTAssertEqual(after, before)
    XCTAssertEqual(proxy.requests.filter { $0.contains("/v1/files/") }.count, 1, "no re-download: \(proxy.requests)")
    await hub.stop()
  }

  /// A local file whose bytes no longer match its hash is never served: it is dropped and the
  /// model downloaded again.
  func testCorruptedLocalFileIsNotServed() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    let store = try Fixtures.temporaryDirectory("store")
    let bytes = try Fixtures.model("linear")
    try await hub.deploy("m", bytes)
    let model = try await Fixtures.downloader(hub.url, key: hub.clientKey, directory: store)
      .getModel(name: "m", downloadType: .latestModel)
    var damaged = bytes
    damaged[damaged.count / 2] ^= 0xff
    try damaged.write(to: model.fileURL)
    let fresh = Fixtures.downloader(hub.url, key: hub.clientKey, directory: store)
    let isDownloaded = await fresh.isModelDownloaded(name: "m")
    XCTAssertFalse(isDownloaded)
    let again = try await fresh.getModel(name: "m", downloadType: .localModel)
    XCTAssertEqual(try Data(contentsOf: again.fileURL), bytes)
    await hub.stop()
  }

  func testDeleteAndList() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    let store = try Fixtures.temporaryDirectory("store")
    try await hub.deploy("a", try Fixtures.model("linear"))
    try await hub.deploy("b", try Fixtures.model("two_vectors"))
    let downloader = Fixtures.downloader(hub.url, key: hub.clientKey, directory: store)
    let a = try await downloader.getModel(name: "a", downloadType: .latestModel)
    let b = try await downloader.getModel(name: "b", downloadType: .latestModel)
    let listed = await downloader.listDownloadedModels()
    XCTAssertEqual(listed, [a, b])
    try await downloader.deleteDownloadedModel(name: "a")
    let afterDelete = await downloader.listDownloadedModels()
    XCTAssertEqual(afterDelete, [b])
    XCTAssertFalse(FileManager.default.fileExists(atPath: a.path))
    do {
      try await downloader.deleteDownloadedModel(name: "a")
      XCTFail("deleting twice")
    } catch let error as ModelDownloaderError {
      XCTAssertEqual(error, .modelNotDownloaded("a"))
      XCTAssertEqual(error.description, "No downloaded copy of 'a' is on this device.")
    }
    await hub.stop()
  }

  func testCompletionHandlerAndProgressHandler() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    let store = try Fixtures.temporaryDirectory("store")
    try await hub.deploy("m", try Fixtures.padded("linear", 2 << 20))
    let downloader = Fixtures.downloader(hub.url, key: hub.clientKey, directory: store)
    let fractions = Mutexed<[Float]>([])
    let result: Result<CustomModel, ModelDownloaderError> = await withCheckedContinuation { continuation in
      downloader.getModel(
        name: "m", downloadType: .latestModel,
        progressHandler: { fraction in
          fractions.withLock { $0.append(fraction) }
        }, completion: { continuation.resume(returning: $0) })
    }
    let model = try result.get()
    XCTAssertEqual(model.version, 1)
    let seen = fractions.withLock { $0 }
    XCTAssertGreaterThan(seen.count, 10, "every step reached the handler before completion")
    XCTAssertEqual(seen.last, 1)
    XCTAssertEqual(seen, seen.sorted())
    XCTAssertTrue(seen.allSatisfy { $0 > 0 && $0 <= 1 })

    let missing: Result<CustomModel, ModelDownloaderError> = await withCheckedContinuation { continuation in
      downloader.getModel(name: "nope", downloadType: .latestModel) { continuation.resume(returning: $0) }
    }
    XCTAssertEqual(missing.failureValue, .modelNotFound("nope"))
    await hub.stop()
  }

  /// What the conditions map to, and that downloads work under each on Linux (which has no
  /// cellular interface and no background sessions).
  func testConditions() async throws {
    for cellular in [true, false] {
      for background in [true, false] {
        let conditions = ModelDownloadConditions(
          allowsCellularAccess: cellular, allowsBackgroundDownloading: background)
        let configuration = conditions.sessionConfiguration(timeout: 7)
        XCTAssertEqual(configuration.allowsCellularAccess, cellular)
        XCTAssertEqual(configuration.timeoutIntervalForRequest, 7)
        XCTAssertNil(configuration.identifier, "never a background session")
        #if canImport(Darwin)
          XCTAssertEqual(configuration.shouldUseExtendedBackgroundIdleMode, background)
        #endif
      }
    }
    let defaults = ModelDownloadConditions()
    XCTAssertTrue(defaults.allowsCellularAccess)
    XCTAssertFalse(defaults.allowsBackgroundDownloading)

    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    try await hub.deploy("m", try Fixtures.model("linear"))
    for conditions in [
      ModelDownloadConditions(allowsCellularAccess: false, allowsBackgroundDownloading: false),
      ModelDownloadConditions(allowsCellularAccess: true, allowsBackgroundDownloading: true),
    ] {
      let store = try Fixtures.temporaryDirectory("store")
      let model = try await Fixtures.downloader(hub.url, key: hub.clientKey, directory: store)
        .getModel(name: "m", downloadType: .latestModel, conditions: conditions)
      XCTAssertEqual(model.version, 1, "\(conditions)")
    }
    await hub.stop()
  }

  /// The configured installation id reaches the hub's rollout: an id-targeted rule picks v1.
  func testInstallationIDDrivesRollout() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    try await hub.deploy("m", try Fixtures.model("linear"))
    try await hub.deploy("m", try Fixtures.model("two_vectors"))
    try await hub
      .setRollout(
        "m",
        HubRollout(variants: [.init(version: 2, weight: 100)], rules: [.init(version: 1, installationIds: ["tester"])]))
    let tester = ModelDownloader(
      configuration: ModelDownloaderConfiguration(
        hubURL: hub.url, clientKey: hub.clientKey, directory: try Fixtures.temporaryDirectory("store"),
        installationID: "tester"))
    let other = Fixtures.downloader(hub.url, key: hub.clientKey, directory: try Fixtures.temporaryDirectory("store"))
    let testerModel = try await tester.getModel(name: "m", downloadType: .latestModel)
    let otherModel = try await other.getModel(name: "m", downloadType: .latestModel)
    XCTAssertEqual(testerModel.version, 1)
    XCTAssertEqual(otherModel.version, 2)
    await hub.stop()
  }

  /// As documented on `events`: every event of a download is in the stream when `getModel`
  /// returns, so a loop cancelled right then still receives all of them, in order, and ends.
  func testEventsOfAReturnedDownloadReachALoopCancelledAfterIt() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    let bytes = try Fixtures.padded("linear", 2 << 20)
    try await hub.deploy("m", bytes)
    for _ in 0..<5 {
      let downloader = Fixtures.downloader(
        hub.url, key: hub.clientKey, directory: try Fixtures.temporaryDirectory("store"))
      let events = downloader.events
      let loop = Task {
        var seen: [ModelDownloadEvent] = []
        for await event in events { seen.append(event) }
        return seen
      }
      let model = try await downloader.getModel(name: "m", downloadType: .latestModel)
      loop.cancel()
      let seen = await loop.value
      guard case .started("m", 1, let total, 0)? = seen.first else {
        return XCTFail("first event \(String(describing: seen.first))")
      }
      XCTAssertEqual(total, Int64(bytes.count))
      XCTAssertEqual(seen.dropFirst().dropLast().last, .progress(name: "m", bytesWritten: total, totalBytes: total))
      XCTAssertEqual(seen.last, .succeeded(model))
    }
    await hub.stop()
  }
}

extension Result {
  var failureValue: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
