import Foundation
import ModelHub
import ModelHubAPI
import ModelSigning
import TensorBridgeDelivery
import TestSupport
import XCTest

/// An encrypted store over a real loopback hub: the plaintext is in memory only (every file
/// under the store folder, partial downloads included, is scanned for it while the download
/// runs and after), a changed or wrongly-keyed file is a typed error, and signatures are still
/// checked before anything is installed.
final class EncryptedStoreTests: XCTestCase {
  private let secret = Data(repeating: 0x42, count: 32)
  private var key: ModelStoreEncryption {
    get throws { try ModelStoreEncryption(keyText: String(repeating: "ab", count: 32)) }
  }

  private func signedHub() async throws -> (TestHub, ModelSigningPublicKey) {
    let folder = try TestPaths.temporaryDirectory(for: self, "encrypted-hub")
    let info = try HubStore(directory: folder).createSigningKey(.generated(sealedWith: try HubSigningSecret(secret)))
    let credentials = HubSigningCredentials.secret(try HubSigningSecret(secret))
    let hub = try await TestHub.start(directory: folder, maxUploadBytes: 8 << 20) {
      $0.signingCredentials = credentials
    }
    addTeardownBlock { await hub.stop() }
    return (hub, try ModelSigningPublicKey(pemRepresentation: info.publicKey))
  }

  private func downloader(
    _ hub: TestHub, directory: URL, trusting keys: [ModelSigningPublicKey],
    encryption: ModelStoreEncryption?
  ) -> ModelDownloader {
    ModelDownloader(
      configuration: ModelDownloaderConfiguration(
        hubURL: hub.url, clientKey: hub.clientKey, directory: directory, maxAttempts: 1, requestTimeout: 10,
        notificationCenter: NotificationCenter(), signatureVerification: ModelSignatureVerification(trustedKeys: keys),
        encryption: encryption))
  }

  /// Paths of files under `folder` holding any of `needles`.
  fileprivate static func filesContaining(_ needles: [Data], under folder: URL) -> [String] {
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
    var hits: [String] = []
    for case let url as URL in walker {
      guard let data = try? Data(contentsOf: url) else { continue }
      if needles.contains(where: { data.range(of: $0) != nil }) { hits.append(url.path) }
    }
    return hits
  }

  /// Slices of the model spread over its length: any plaintext written anywhere contains one.
  private static func needles(_ model: Data) -> [Data] {
    stride(from: 0, to: model.count - 64, by: 4096).map { model.subdata(in: $0..<($0 + 64)) }
  }

  func testPlaintextNeverTouchesTheDiskAndDataIsReturned() async throws {
    let (hub, publicKey) = try await signedHub()
    let model = try Fixtures.padded("linear", 3 << 20)  // several 512 KiB ranges, so partial files exist a while
    try await hub.deploy("m", model)
    let store = try TestPaths.temporaryDirectory(for: self, "encrypted-store")
    let downloader = downloader(hub, directory: store, trusting: [publicKey], encryption: try key)
    let needles = Self.needles(model)
    let probe = StoreProbe(store: store, needles: needles)
    let watcher = Task.detached { await probe.watch() }
    let downloaded = try await downloader.getModel(name: "m", downloadType: .latestModel)
    watcher.cancel()
    _ = await watcher.result
    XCTAssertEqual(downloaded.data, model)
    XCTAssertEqual(downloaded.path, "")
    XCTAssertEqual(downloaded.hash, try Fixtures.sha256sum(model))
    let seen = probe.seen.value
    XCTAssertEqual(seen.hits, [], "plaintext found on disk (\(seen.scans) scans, \(seen.partials) partial files seen)")
    XCTAssertEqual(Self.filesContaining(needles, under: store), [])
    XCTAssertGreaterThan(seen.scans, 0)
    // The scan finds plaintext where there is some: a control in another folder.
    let control = try TestPaths.temporaryDirectory(for: self, "encrypted-control")
    try model.subdata(in: 10_000..<20_000).write(to: control.appendingPathComponent("x.partial"))
    XCTAssertEqual(Self.filesContaining(needles, under: control).count, 1)
    let files = try FileManager.default.contentsOfDirectory(atPath: store.appendingPathComponent("m").path)
    XCTAssertTrue(files.contains("\(downloaded.hash).sealed"), "\(files)")
    XCTAssertFalse(files.contains { $0.hasSuffix(".tflite") || $0.hasSuffix(".partial") }, "\(files)")

    // A new downloader (a relaunch) decrypts the installed copy into memory.
    let again = self.downloader(hub, directory: store, trusting: [publicKey], encryption: try key)
    let local = try await again.getModel(name: "m", downloadType: .localModel)
    XCTAssertEqual(local.data, model)
    let listed = await again.listDownloadedModels()
    XCTAssertEqual(listed.map(\.hash), [downloaded.hash])
    XCTAssertNil(listed.first?.data, "listing decrypts nothing")
  }

  func testTamperedOrWronglyKeyedFileIsATypedError() async throws {
    let (hub, publicKey) = try await signedHub()
    let model = try Fixtures.padded("linear", 100_000)
    try await hub.deploy("m", model)
    let store = try TestPaths.temporaryDirectory(for: self, "encrypted-store")
    let first = try await downloader(hub, directory: store, trusting: [publicKey], encryption: try key)
      .getModel(name: "m", downloadType: .latestModel)
    let sealed = store.appendingPathComponent("m/\(first.hash).sealed")

    let otherKey = try ModelStoreEncryption(keyText: String(repeating: "cd", count: 32))
    await assertDamaged(downloader(hub, directory: store, trusting: [publicKey], encryption: otherKey), sealed)
    // A copy that cannot be read is removed, so that the next update downloads it again.
    XCTAssertFalse(FileManager.default.fileExists(atPath: sealed.path))

    _ = try await downloader(hub, directory: store, trusting: [publicKey], encryption: try key)
      .getModel(name: "m", downloadType: .latestModel)
    var bytes = try Data(contentsOf: sealed)
    bytes[bytes.count / 2] ^= 0x01
    try bytes.write(to: sealed)
    await assertDamaged(downloader(hub, directory: store, trusting: [publicKey], encryption: try key), sealed)
    XCTAssertFalse(FileManager.default.fileExists(atPath: sealed.path))
  }

  private func assertDamaged(
    _ downloader: ModelDownloader, _ sealed: URL,
    file: StaticString = #filePath, line: UInt = #line
  ) async {
    do {
      let model = try await downloader.getModel(name: "m", downloadType: .localModel)
      XCTFail("read a damaged file: \(model.size) bytes", file: file, line: line)
    } catch let error as ModelDownloaderError {
      guard case .encryptedModelDamaged(let path, _) = error else {
        return XCTFail("expected encryptedModelDamaged, got \(error)", file: file, line: line)
      }
      XCTAssertEqual(path, sealed.path, file: file, line: line)
    } catch {
      XCTFail("untyped \(error)", file: file, line: line)
    }
  }

  func testSignatureIsStillCheckedBeforeInstall() async throws {
    let (hub, _) = try await signedHub()
    try await hub.deploy("m", try Fixtures.model("linear"))
    // A key this hub never signed with.
    let otherFolder = try TestPaths.temporaryDirectory(for: self, "encrypted-other-hub")
    let other = try HubStore(directory: otherFolder).createSigningKey(
      .generated(sealedWith: try HubSigningSecret(secret)))
    let store = try TestPaths.temporaryDirectory(for: self, "encrypted-store")
    let downloader = downloader(
      hub, directory: store, trusting: [try ModelSigningPublicKey(pemRepresentation: other.publicKey)],
      encryption: try key)
    do {
      _ = try await downloader.getModel(name: "m", downloadType: .latestModel)
      XCTFail("installed a model signed by an untrusted key")
    } catch let error as ModelDownloaderError {
      guard case .signatureInvalid = error else { return XCTFail("expected signatureInvalid, got \(error)") }
    }
    let left = (FileManager.default.enumerator(atPath: store.path)?.allObjects as? [String] ?? [])
      .filter { $0.hasSuffix(".sealed") || $0.hasSuffix(".partial") }
    XCTAssertEqual(left, [])
  }

  func testKeyLoading() throws {
    let text = ModelStoreEncryption.generateKeyText()
    XCTAssertEqual(text.count, 64)
    XCTAssertNoThrow(try ModelStoreEncryption(environmentVariable: "K", environment: ["K": text]))
    XCTAssertThrowsError(try ModelStoreEncryption(environmentVariable: "K", environment: [:])) {
      XCTAssertEqual($0 as? ModelStoreEncryptionError, .keyUnreadable(source: "$K", reason: "the variable is not set"))
    }
    XCTAssertThrowsError(try ModelStoreEncryption(keyText: "abcd")) {
      guard case .invalidKey = $0 as? ModelStoreEncryptionError else { return XCTFail("\($0)") }
    }
    let file = try TestPaths.temporaryDirectory(for: self, "encrypted-key").appendingPathComponent("key")
    try Data(repeating: 7, count: 32).write(to: file)
    XCTAssertNoThrow(try ModelStoreEncryption(keyFile: file))
    try Data(repeating: 7, count: 33).write(to: file)
    XCTAssertThrowsError(try ModelStoreEncryption(keyFile: file)) {
      XCTAssertEqual(
        $0 as? ModelStoreEncryptionError,
        .invalidKey(source: file.path, reason: "it is neither 64 hex digits nor base64"))
    }
    XCTAssertThrowsError(try ModelStoreEncryption(keyBytes: Data(count: 16)))
  }
}

/// Scans the store folder over and over while a download runs.
private struct StoreProbe: Sendable {
  let store: URL
  let needles: [Data]
  let seen = LockedBox<(hits: Set<String>, scans: Int, partials: Int)>(([], 0, 0))

  func watch() async {
    while !Task.isCancelled {
      let hits = EncryptedStoreTests.filesContaining(needles, under: store)
      let partials = (FileManager.default.enumerator(atPath: store.path)?.allObjects as? [String] ?? [])
        .filter { $0.hasSuffix(".partial") }.count
      seen.update {
        $0.hits.formUnion(hits)
        $0.scans += 1
        $0.partials += partials
      }
      try? await Task.sleep(nanoseconds: 1_000_000)
    }
  }
}

/// A value shared between the test and its watcher task.
private final class LockedBox<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value { lock.withLock { stored } }
  func update(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}
