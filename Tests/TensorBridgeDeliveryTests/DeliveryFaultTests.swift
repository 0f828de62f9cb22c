import Foundation
import ModelHubAPI
import TensorBridgeDelivery
import TestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Faults against the real hub on loopback: a killed server, altered bytes, a hub that is down,
/// a store that cannot be written, unknown models, expired URLs, 5xx answers.
final class DeliveryFaultTests: XCTestCase {
  /// SIGKILL of the hub in the middle of a (slowed) download; after a restart on the same port
  /// the next call resumes with `Range` from the bytes already on disk and installs the exact file.
  func testServerKilledMidDownloadThenRestartedResumes() async throws {
    let folder = try Fixtures.temporaryDirectory("kill")
    let hub = HubProcess(data: folder.appendingPathComponent("hub"))
    let adminKey = try hub.createKey(scope: "admin")
    let clientKey = try hub.createKey(scope: "client")
    let options = ["--no-load-check", "--max-upload-mb", "64"]
    try hub.start(extra: options)
    let port = hub.port
    let bytes = try Fixtures.padded("linear", 6 << 20, seed: 3)
    try await HTTPClient(base: hub.base).deploy("big", bytes, key: adminKey)
    let proxy = try FaultProxy(upstreamPort: port, behaviour: .init(throttlePer64KiB: 0.004))
    let store = folder.appendingPathComponent("store")
    let downloader = Fixtures.downloader(proxy.url, key: clientKey, directory: store, attempts: 2)
    let log = Fixtures.EventLog(downloader.events)

    let first = Task { try await downloader.getModel(name: "big", downloadType: .latestModel) }
    await log.expect { if case .progress(_, let written, _) = $0 { written >= 1 << 20 } else { false } }
    hub.kill9()
    do {
      _ = try await first.value
      XCTFail("the download cannot finish with the hub dead")
    } catch let error as ModelDownloaderError {
      guard case .network(_, _, let attempts) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(attempts, 2)
    }
    let partials = try FileManager.default.contentsOfDirectory(atPath: store.appendingPathComponent("big").path)
      .filter { $0.hasSuffix(".partial") }
    XCTAssertEqual(partials.count, 1)
    let isDownloaded = await downloader.isModelDownloaded(name: "big")
    XCTAssertFalse(isDownloaded, "a partial file is never a model")

    try hub.start(port: port, extra: options)
    proxy.update { $0.throttlePer64KiB = 0 }
    let model = try await downloader.getModel(name: "big", downloadType: .latestModel)
    XCTAssertEqual(try Data(contentsOf: model.fileURL), bytes)
    XCTAssertEqual(model.hash, try Fixtures.sha256sum(bytes))
    let resumed = log.events.compactMap { event -> Int64? in
      if case .started(_, _, _, let from) = event { return from }
      return nil
    }
    XCTAssertEqual(resumed.first, 0)
    XCTAssertGreaterThanOrEqual(resumed.last ?? 0, 1 << 20, "the last attempt resumed: \(resumed)")
    let ranged = proxy.requests.filter { $0.contains("/v1/files/") && $0.contains("Range: bytes=") }
    XCTAssertFalse(ranged.isEmpty, proxy.requests.joined(separator: "\n"))
    XCTAssertTrue(ranged.contains { $0.contains("bytes=\(resumed.last ?? -1)-") }, "\(ranged)")
    hub.stop()
    try? FileManager.default.removeItem(at: folder)
  }

  /// One flipped byte in transit: a typed hash error, nothing installed, the previous model
  /// still served; the next clean download works.
  func testFlippedByteIsRejectedAndOldModelKept() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    let proxy = try FaultProxy(upstreamPort: hub.port)
    let store = try Fixtures.temporaryDirectory("store")
    let center = NotificationCenter()
    let failures = Mutexed<[ModelDownloaderError]>([])
    let observer = center.addObserver(forName: .modelDownloadDidFail, object: nil, queue: nil) { note in
      if let error = note.userInfo?[ModelDownloadUserInfoKey.error] as? ModelDownloaderError {
        failures.withLock { $0.append(error) }
      }
    }
    defer { center.removeObserver(observer) }
    try await hub.deploy("m", try Fixtures.model("linear"))
    let downloader = Fixtures.downloader(proxy.url, key: hub.clientKey, directory: store, center: center)
    let log = Fixtures.EventLog(downloader.events)
    let old = try await downloader.getModel(name: "m", downloadType: .latestModel)

    let newBytes = try Fixtures.padded("two_vectors", 300_000)
    let v2 = try await hub.deploy("m", newBytes)
    proxy.update { $0.flipBodyByte = 123_457 }
    do {
      _ = try await downloader.getModel(name: "m", downloadType: .latestModel)
      XCTFail("altered bytes were accepted")
    } catch let error as ModelDownloaderError {
      var flipped = newBytes
      flipped[123_457] ^= 0x01
      XCTAssertEqual(error, .hashMismatch(model: "m", expected: v2.modelHash, actual: try Fixtures.sha256sum(flipped)))
      XCTAssertTrue(error.description.contains("previous model kept"), error.description)
      XCTAssertEqual(failures.withLock { $0 }, [error])
      await log.expect { $0 == .failed(name: "m", error: error) }
    }
    let served = try await downloader.getModel(name: "m", downloadType: .localModel)
    XCTAssertEqual(served, old)
    XCTAssertEqual(try Data(contentsOf: served.fileURL), try Fixtures.model("linear"))
    let files = try FileManager.default.contentsOfDirectory(atPath: store.appendingPathComponent("m").path).sorted()
    XCTAssertEqual(files, ["\(old.hash).tflite", "manifest.json"], "the bad bytes were discarded")

    let fixed = try await downloader.getModel(name: "m", downloadType: .latestModel)
    XCTAssertEqual(try Data(contentsOf: fixed.fileURL), newBytes)
    await hub.stop()
  }

  /// Hub down: localModel serves the local copy, latestModel fails with a typed network error
  /// after its retries, the bundled fallback still resolves, and background updates fail quietly.
  func testHubDown() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    let store = try Fixtures.temporaryDirectory("store")
    try await hub.deploy("m", try Fixtures.model("linear"))
    let url = hub.url
    let local = try await Fixtures.downloader(url, key: hub.clientKey, directory: store).getModel(
      name: "m", downloadType: .latestModel)
    await hub.stop()

    let downloader = Fixtures.downloader(url, key: hub.clientKey, directory: store, attempts: 3)
    let viaLocal = try await downloader.getModel(name: "m", downloadType: .localModel)
    XCTAssertEqual(viaLocal, local)
    do {
      _ = try await downloader.getModel(name: "m", downloadType: .latestModel)
      XCTFail("latestModel with the hub down")
    } catch let error as ModelDownloaderError {
      guard case .network(let failedURL, _, let attempts) = error else { return XCTFail("\(error)") }
      XCTAssertTrue(failedURL.hasPrefix(url.absoluteString))
      XCTAssertEqual(attempts, 3)
      XCTAssertTrue(error.description.hasPrefix("Could not reach \(url.absoluteString)"), error.description)
    }
    let log = Fixtures.EventLog(downloader.events)
    let background = try await downloader.getModel(name: "m", downloadType: .localModelUpdateInBackground)
    XCTAssertEqual(background, local)
    await log.expect { if case .failed(_, .network) = $0 { true } else { false } }

    let bundledPath = TestPaths.fixtures.appendingPathComponent("models/linear.tflite").path
    let bundled = CustomLocalModel(path: bundledPath)
    let resolved = try await downloader.resolve(remote: CustomRemoteModel(name: "m"), local: bundled)
    XCTAssertEqual(resolved, .downloaded(local))
    let empty = Fixtures.downloader(url, key: hub.clientKey, directory: try Fixtures.temporaryDirectory("empty"))
    let fallback = try await empty.resolve(remote: CustomRemoteModel(name: "m"), local: bundled)
    XCTAssertEqual(fallback, .bundled(bundled))
    XCTAssertEqual(fallback.path, bundledPath)
    do {
      _ = try await empty.resolve(remote: CustomRemoteModel(name: "m"), local: nil)
      XCTFail("nothing to resolve")
    } catch let error as ModelDownloaderError {
      XCTAssertEqual(error, .noModelAvailable(name: "m", reason: "nothing was downloaded yet"))
    }
    do {
      _ = try await empty.getModel(name: "m", downloadType: .localModel)
      XCTFail("no local copy and no hub")
    } catch let error as ModelDownloaderError {
      guard case .network = error else { return XCTFail("\(error)") }
    }
  }

  /// The store cannot be written (a file where the model's folder should be; a read-only
  /// folder): a typed store error, and what was installed stays installed.
  func testDiskWriteFailureLeavesStoreUnchanged() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    let store = try Fixtures.temporaryDirectory("store")
    try await hub.deploy("blocked", try Fixtures.model("linear"))
    FileManager.default.createFile(atPath: store.appendingPathComponent("blocked").path, contents: Data("x".utf8))
    let downloader = Fixtures.downloader(hub.url, key: hub.clientKey, directory: store)
    do {
      _ = try await downloader.getModel(name: "blocked", downloadType: .latestModel)
      XCTFail("wrote through a file")
    } catch let error as ModelDownloaderError {
      guard case .storeFailure(let path, _, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(path, store.appendingPathComponent("blocked").path)
      XCTAssertTrue(error.description.hasSuffix("the model store is unchanged."), error.description)
    }
    XCTAssertEqual(try Data(contentsOf: store.appendingPathComponent("blocked")), Data("x".utf8))

    // v1 installed; v2's download file cannot be written (a folder sits where it goes, which
    // even root cannot open as a file): typed error, v1 still served, manifest untouched.
    try await hub.deploy("m", try Fixtures.model("linear"))
    let v1 = try await downloader.getModel(name: "m", downloadType: .latestModel)
    let manifest = try Data(contentsOf: store.appendingPathComponent("m/manifest.json"))
    let v2 = try await hub.deploy("m", try Fixtures.model("two_vectors"))
    let blocker = store.appendingPathComponent("m/\(v2.modelHash).partial")
    try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: false)
    do {
      _ = try await downloader.getModel(name: "m", downloadType: .latestModel)
      XCTFail("wrote into a folder")
    } catch let error as ModelDownloaderError {
      guard case .storeFailure(let path, _, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(path, blocker.path)
    }
    XCTAssertEqual(try Data(contentsOf: store.appendingPathComponent("m/manifest.json")), manifest)
    let still = try await downloader.getModel(name: "m", downloadType: .localModel)
    XCTAssertEqual(still, v1)
    try FileManager.default.removeItem(at: blocker)

    // A read-only folder (only meaningful when not root, which ignores permissions).
    if getuid() != 0 {
      try await hub.deploy("m", try Fixtures.padded("linear", 1000))
      let folder = store.appendingPathComponent("m")
      try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
      defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
      do {
        _ = try await downloader.getModel(name: "m", downloadType: .latestModel)
        XCTFail("wrote into a read-only folder")
      } catch let error as ModelDownloaderError {
        guard case .storeFailure = error else { return XCTFail("\(error)") }
      }
      let unchanged = try await downloader.getModel(name: "m", downloadType: .localModel)
      XCTAssertEqual(unchanged, v1)
    }
    await hub.stop()
  }

  func testUnknownModelAndBadNames() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    let store = try Fixtures.temporaryDirectory("store")
    try await hub.deploy("draft", try Fixtures.model("linear"), publish: false)
    let downloader = Fixtures.downloader(hub.url, key: hub.clientKey, directory: store)
    let cases: [(String, ModelDownloaderError)] = [
      ("missing", .modelNotFound("missing")),
      ("draft", .noPublishedVersion("draft")),
      ("../etc", .invalidModelName("../etc")),
      ("", .invalidModelName("")),
    ]
    for (name, expected) in cases {
      for type in ModelDownloadType.allCases {
        do {
          _ = try await downloader.getModel(name: name, downloadType: type)
          XCTFail("\(name) \(type)")
        } catch let error as ModelDownloaderError {
          XCTAssertEqual(error, expected)
        }
      }
    }
    XCTAssertEqual(ModelDownloaderError.modelNotFound("missing").description, "The hub has no model named 'missing'.")
    let bad = Fixtures.downloader(hub.url, key: "wrong", directory: store)
    do {
      _ = try await bad.getModel(name: "draft", downloadType: .latestModel)
      XCTFail("a wrong key")
    } catch let error as ModelDownloaderError {
      guard case .unauthorized(401, _) = error else { return XCTFail("\(error)") }
    }
    let listed = try FileManager.default.contentsOfDirectory(atPath: store.path).filter { $0 != "installation-id" }
    XCTAssertEqual(listed, [], "failed calls leave nothing behind")
    await hub.stop()
  }

  /// A download URL that expired before it was used is refreshed once; a hub whose URLs are
  /// always expired gives a typed error after exactly one refresh.
  func testExpiredDownloadURLIsRefreshedOnce() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20) { $0.downloadURLLifetime = 2 }
    let proxy = try FaultProxy(upstreamPort: hub.port, behaviour: .init(delayFirstFileRequest: 3.2))
    let store = try Fixtures.temporaryDirectory("store")
    let bytes = try Fixtures.model("linear")
    try await hub.deploy("m", bytes)
    let downloader = Fixtures.downloader(proxy.url, key: hub.clientKey, directory: store)
    let model = try await downloader.getModel(name: "m", downloadType: .latestModel)
    XCTAssertEqual(try Data(contentsOf: model.fileURL), bytes)
    let lines = proxy.requests
    XCTAssertEqual(lines.filter { $0.contains(":download") }.count, 2, lines.joined(separator: "\n"))
    XCTAssertEqual(lines.filter { $0.contains("/v1/files/") }.count, 2)
    await hub.stop()

    let expired = try await TestHub.start(maxUploadBytes: 8 << 20) { $0.downloadURLLifetime = -60 }
    let proxy2 = try FaultProxy(upstreamPort: expired.port)
    try await expired.deploy("m", bytes)
    let downloader2 = Fixtures.downloader(
      proxy2.url, key: expired.clientKey, directory: try Fixtures.temporaryDirectory("store"))
    do {
      _ = try await downloader2.getModel(name: "m", downloadType: .latestModel)
      XCTFail("an always-expired URL")
    } catch let error as ModelDownloaderError {
      XCTAssertEqual(error, .downloadURLExpired(model: "m"))
    }
    XCTAssertEqual(proxy2.requests.filter { $0.contains(":download") }.count, 2, "refreshed exactly once")
    await expired.stop()
  }

  /// 5xx answers are retried with backoff; more of them than attempts is a typed HTTP error.
  func testRetriesServerErrors() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    let proxy = try FaultProxy(upstreamPort: hub.port, behaviour: .init(unavailableRequests: 2))
    try await hub.deploy("m", try Fixtures.model("linear"))
    let downloader = Fixtures.downloader(
      proxy.url, key: hub.clientKey, directory: try Fixtures.temporaryDirectory("store"), attempts: 3)
    let model = try await downloader.getModel(name: "m", downloadType: .latestModel)
    XCTAssertEqual(model.version, 1)
    XCTAssertEqual(proxy.requests.filter { $0.contains(":download") }.count, 3)

    proxy.update { $0.unavailableRequests = 5 }
    let other = Fixtures.downloader(
      proxy.url, key: hub.clientKey, directory: try Fixtures.temporaryDirectory("store"), attempts: 3)
    do {
      _ = try await other.getModel(name: "m", downloadType: .latestModel)
      XCTFail("five 503s with three attempts")
    } catch let error as ModelDownloaderError {
      guard case .httpStatus(_, 503, "UNAVAILABLE", _) = error else { return XCTFail("\(error)") }
    }
    await hub.stop()
  }

  /// Answers that are not what the hub promises are typed errors, never crashes or installs.
  func testMalformedHubAnswers() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    let proxy = try FaultProxy(upstreamPort: hub.port)
    let store = try Fixtures.temporaryDirectory("store")
    let hash = String(repeating: "a", count: 64)
    func info(hash: String = hash, size: Int = 10, uri: String = "http://127.0.0.1:1/f") -> String {
      "{\"downloadUri\":\"\(uri)\",\"expireTime\":\"2030-01-01T00:00:00Z\",\"sizeBytes\":\(size),\"modelHash\":\"\(hash)\",\"version\":1,\"assignment\":{\"reason\":\"latest\"}}"
    }
    let cases: [(Int, String, String)] = [
      (200, "not json", "the body is not a download description"),
      (200, "{}", "the body is not a download description"),
      (200, info(hash: "XYZ"), "modelHash 'XYZ' is not 64 lowercase hex digits"),
      (200, info(size: -5), "sizeBytes is -5"),
      (200, info(uri: "ftp://example.com/x"), "downloadUri 'ftp://example.com/x' is not an http(s) URL"),
      (304, "", "304 Not Modified without a local copy"),
    ]
    for (status, body, reason) in cases {
      proxy.update { $0.canned = [":download": (status, body)] }
      let downloader = Fixtures.downloader(proxy.url, key: hub.clientKey, directory: store)
      do {
        _ = try await downloader.getModel(name: "m", downloadType: .latestModel)
        XCTFail("accepted \(status) \(body)")
      } catch let error as ModelDownloaderError {
        guard case .invalidResponse(_, let actual) = error else {
          XCTFail("\(error)")
          continue
        }
        XCTAssertTrue(actual.hasPrefix(reason), "\(actual) vs \(reason)")
      }
    }
    // Announced 100 bytes shorter than the file: only the announced bytes are asked for, their
    // hash is not the announced one, and nothing is kept.
    try await hub.deploy("m", try Fixtures.model("linear"))
    let real = try await hub.download("m")
    var announced = try HubJSON.decoder().decode(HubDownloadInfo.self, from: real.body)
    announced.sizeBytes -= 100
    announced.downloadUri = announced.downloadUri.replacingOccurrences(of: ":\(hub.port)/", with: ":\(proxy.port)/")
    let answer = String(decoding: try HubJSON.encoder().encode(announced), as: UTF8.self)
    proxy.update { $0.canned = [":download": (200, answer)] }
    let downloader = Fixtures.downloader(proxy.url, key: hub.clientKey, directory: store)
    do {
      _ = try await downloader.getModel(name: "m", downloadType: .latestModel)
      XCTFail("accepted a file that is not the announced one")
    } catch let error as ModelDownloaderError {
      guard case .hashMismatch("m", announced.modelHash, _) = error else { return XCTFail("\(error)") }
    }
    let isDownloaded = await downloader.isModelDownloaded(name: "m")
    XCTAssertFalse(isDownloaded)
    let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: store.appendingPathComponent("m").path)) ?? []
    XCTAssertEqual(leftovers, [])
    await hub.stop()
  }
}
