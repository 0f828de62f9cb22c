import Foundation
import ModelHubAPI
import TestSupport
import XCTest

@testable import ModelHub

/// The in-memory serving state (``HubServingStore``) over the SQLite store: answered from memory
/// while nothing changes, reloaded when another process (here another `HubStore` on the same
/// folder, as the CLI does) commits, refreshed by its own writes.
final class ServingStateTests: XCTestCase {
  /// Counts the loads of the store it wraps.
  private final class CountingStore: HubMetadataStore {
    let inner: HubStore
    let loads = LoadTally()
    init(_ inner: HubStore) { self.inner = inner }

    func createModel(_ request: HubCreateModelRequest, now: Date) async throws -> HubModel {
      try await inner.createModel(request, now: now)
    }
    func model(_ name: String) async throws -> HubModel { try await inner.model(name) }
    func updateModel(_ name: String, _ request: HubUpdateModelRequest, ifMatch: String?, now: Date) async throws
      -> HubModel
    {
      try await inner.updateModel(name, request, ifMatch: ifMatch, now: now)
    }
    func deleteModel(_ name: String) async throws { try await inner.deleteModel(name) }
    func listModels(tag: String?, pageSize: Int, pageToken: String?) async throws -> HubModelPage {
      try await inner.listModels(tag: tag, pageSize: pageSize, pageToken: pageToken)
    }
    func addVersion(
      model name: String, temporary: URL, hash: String, size: Int64, validation: HubValidationReport,
      publish: Bool, signer: HubReleaseSigner?, now: Date
    ) async throws -> HubModelVersion {
      try await inner.addVersion(
        model: name, temporary: temporary, hash: hash, size: size, validation: validation,
        publish: publish, signer: signer, now: now)
    }
    func versions(of name: String) async throws -> [HubModelVersion] { try await inner.versions(of: name) }
    func version(_ name: String, _ number: Int) async throws -> HubModelVersion {
      try await inner.version(name, number)
    }
    func setPublished(_ name: String, _ number: Int, _ published: Bool, signer: HubReleaseSigner?, now: Date)
      async throws -> HubModelVersion
    {
      try await inner.setPublished(name, number, published, signer: signer, now: now)
    }
    func setRollout(_ name: String, _ rollout: HubRollout?, now: Date) async throws -> HubRollout? {
      try await inner.setRollout(name, rollout, now: now)
    }
    func rollout(of name: String) async throws -> HubRollout? { try await inner.rollout(of: name) }
    func setAlias(_ name: String, _ alias: String, version: Int, now: Date) async throws -> HubModelVersion {
      try await inner.setAlias(name, alias, version: version, now: now)
    }
    func removeAlias(_ name: String, _ alias: String) async throws -> HubModelVersion {
      try await inner.removeAlias(name, alias)
    }
    func createKey(scope: HubKeyScope, now: Date) async throws -> HubCreatedKey {
      try inner.createKey(scope: scope, now: now)
    }
    func listKeys() async throws -> [HubAPIKeyInfo] { try await inner.listKeys() }
    func revokeKey(id: String, now: Date) async throws -> HubAPIKeyInfo { try await inner.revokeKey(id: id, now: now) }
    func loadServing(_ part: HubServingPart, apply: @escaping @Sendable (HubServingLoad) -> Void) async throws {
      loads.add(part == .all ? "all" : "part")
      try await inner.loadServing(part, apply: apply)
    }
    func changeMarker() -> HubChangeMarker { inner.changeMarker() }
    var paths: HubPaths { inner.paths }
    var staging: BlobStore { inner.staging }
    var blobs: any BlobStorage { inner.blobs }
    var local: BlobStore? { inner.local }
    func signature(_ name: String, _ number: Int) async throws -> Data { try await inner.signature(name, number) }
    func releaseSigner(_ credentials: HubSigningCredentials?) async throws -> HubReleaseSigner? {
      try await inner.releaseSigner(credentials)
    }
    func createSigningKey(_ key: HubNewSigningKey, now: Date) async throws -> HubSigningKeyInfo {
      try inner.createSigningKey(key, now: now)
    }
    func rotateSigningKey(_ key: HubNewSigningKey, now: Date) async throws -> HubSigningKeyInfo {
      try inner.rotateSigningKey(key, now: now)
    }
    func retireSigningKey(id: String, now: Date) async throws -> HubSigningKeyInfo {
      try inner.retireSigningKey(id: id, now: now)
    }
    func listSigningKeys() async throws -> [HubSigningKeyInfo] { try inner.listSigningKeys() }
    func addDownloadCounts(_ counts: [DownloadTally.Key: Int]) async throws {
      try await inner.addDownloadCounts(counts)
    }
    func downloadCounts(_ name: String, since: String) async throws -> HubDownloadCounts {
      try await inner.downloadCounts(name, since: since)
    }
    func downloadURLKey(candidate: Data, now: Date) async throws -> Data {
      try await inner.downloadURLKey(candidate: candidate, now: now)
    }
    func recover() async throws -> HubStore.RecoveryReport { try await inner.recover() }
    func verify() async throws -> [String] { try await inner.verify() }
  }

  func testAnsweredFromMemoryUntilTheStoreChanges() async throws {
    let folder = try TestPaths.temporaryDirectory("serving-state")
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let store = CountingStore(try HubStore(directory: folder))
    let serving = HubServingStore(store: store)
    let first = try store.inner.createKey(scope: .client)
    try await serving.load()
    XCTAssertEqual(store.loads.count("all"), 1)

    for _ in 0..<500 {
      let snapshot = try await serving.snapshot()
      XCTAssertEqual(snapshot.keys[APIKeys.hash(first.key)], .client)
    }
    XCTAssertEqual(store.loads.count("all"), 1, "no load while nothing changed")

    // Another process (a second store on the folder, as `hub keys create|revoke` does).
    let other = try HubStore(directory: folder)
    let second = try other.createKey(scope: .admin)
    let afterCreate = try await serving.snapshot()
    XCTAssertEqual(
      afterCreate.keys[APIKeys.hash(second.key)], .admin, "a key created elsewhere works on the next request")
    XCTAssertEqual(store.loads.count("all"), 2)
    _ = try await other.revokeKey(id: first.id, now: Date())
    let afterRevoke = try await serving.snapshot()
    XCTAssertNil(afterRevoke.keys[APIKeys.hash(first.key)], "a key revoked elsewhere is refused on the next request")
    XCTAssertEqual(store.loads.count("all"), 3)

    // Write-through: the model is in memory as soon as the write returns.
    _ = try await serving.createModel(HubCreateModelRequest(name: "m"))
    XCTAssertEqual(store.loads.count("part"), 1)
    let afterWrite = try await serving.snapshot()
    XCTAssertEqual(afterWrite.models["m"], HubServedModel(rollout: nil, published: [:]))
    _ = try await serving.snapshot()
    _ = try await serving.snapshot()
    XCTAssertLessThanOrEqual(store.loads.count("all"), 4, "one reload at most after a write, then memory again")
  }
}

/// A thread-safe tally by label.
private final class LoadTally: @unchecked Sendable {
  // Guarded by `lock`.
  private var values: [String: Int] = [:]
  private let lock = NSLock()
  func add(_ label: String) { lock.withLock { values[label, default: 0] += 1 } }
  func count(_ label: String) -> Int { lock.withLock { values[label, default: 0] } }
}
