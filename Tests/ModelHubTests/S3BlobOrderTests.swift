import Foundation
import ModelHubAPI
import S3Client
import TestSupport
import XCTest

@testable import ModelHub

/// The order that keeps S3 blobs and metadata consistent: put before the commit, delete only
/// unreferenced blobs after it, and an upload never losing its blob to a deletion of the same
/// hash (in this process: ``BlobPins``; by another hub: the put again after the commit).
final class S3BlobOrderTests: XCTestCase {
  /// S3 storage that deletes each object again right after its first put, as another hub
  /// cleaning orphans between this hub's put and its commit would.
  struct ForgetfulStorage: BlobStorage {
    actor Seen {
      var hashes: Set<String> = []
      func first(_ hash: String) -> Bool { hashes.insert(hash).inserted }
    }
    let inner: S3BlobStorage
    let seen = Seen()

    func put(_ hash: String, from file: URL) async throws(HubError) {
      try await inner.put(hash, from: file)
      if await seen.first(hash) { try await inner.delete(hash) }
    }
    func blobSize(_ hash: String) async throws(HubError) -> Int64? { try await inner.blobSize(hash) }
    func delete(_ hash: String) async throws(HubError) { try await inner.delete(hash) }
    func read(_ hash: String, range: ClosedRange<Int64>?) async throws(HubError) -> BlobBody {
      try await inner.read(hash, range: range)
    }
    func storedBlobs() async throws(HubError) -> [String: Int64] { try await inner.storedBlobs() }
    func directURL(for hash: String) async throws(HubError) -> URL? { nil }
  }

  private func s3Storage() throws -> S3BlobStorage {
    guard case .s3(let settings) = try TestBlobs.location(prefix: TestBlobs.newPrefix()) else {
      throw TestFailure("not an S3 location")
    }
    return settings.makeStorage()
  }

  func testABlobRemovedBetweenPutAndCommitIsPutAgain() async throws {
    let folder = try TestPaths.temporaryDirectory(for: self, "s3-order")
    let storage = ForgetfulStorage(inner: try s3Storage())
    let store = try HubStore(directory: folder, blobStorage: storage)
    _ = try await store.createModel(HubCreateModelRequest(name: "m"))
    let bytes = try HubFixtures.data("linear")
    let upload = folder.appendingPathComponent("tmp/upload")
    try bytes.write(to: upload)
    let hash = Hex.sha256(bytes)
    let version = try await store.addVersion(
      model: "m", temporary: upload, hash: hash, size: Int64(bytes.count),
      validation: try ModelInspector.inspect(bytes),
      publish: true)
    XCTAssertEqual(version.version, 1)
    let size = try await storage.inner.blobSize(hash)
    XCTAssertEqual(size, Int64(bytes.count), "the version's blob is there after the commit")
    let problems = try await store.verify()
    XCTAssertEqual(problems, [])
  }

  /// S3 storage whose puts take `delay` longer, and which counts deletions.
  private struct SlowStorage: BlobStorage {
    actor Count {
      var deletions = 0
      func add() { deletions += 1 }
    }
    let inner: S3BlobStorage
    let delay: Duration
    let count = Count()

    func put(_ hash: String, from file: URL) async throws(HubError) {
      try await inner.put(hash, from: file)
      try? await Task.sleep(for: delay)
    }
    func blobSize(_ hash: String) async throws(HubError) -> Int64? { try await inner.blobSize(hash) }
    func delete(_ hash: String) async throws(HubError) {
      await count.add()
      try await inner.delete(hash)
    }
    func read(_ hash: String, range: ClosedRange<Int64>?) async throws(HubError) -> BlobBody {
      try await inner.read(hash, range: range)
    }
    func storedBlobs() async throws(HubError) -> [String: Int64] { try await inner.storedBlobs() }
    func directURL(for hash: String) async throws(HubError) -> URL? { nil }
  }

  /// A model is deleted while the same bytes, uploaded to another model, are between their put
  /// and their commit: the deletion leaves the pinned blob alone (no DeleteObject at all), and
  /// the new version has its blob.
  func testADeletionLeavesABlobAnUploadIsCommittingAlone() async throws {
    let folder = try TestPaths.temporaryDirectory(for: self, "s3-pins")
    let storage = SlowStorage(inner: try s3Storage(), delay: .milliseconds(600))
    let store = try HubStore(directory: folder, blobStorage: storage)
    let bytes = try HubFixtures.data("linear")
    let hash = Hex.sha256(bytes)
    let report = try ModelInspector.inspect(bytes)
    for name in ["a", "b"] { _ = try await store.createModel(HubCreateModelRequest(name: name)) }
    func upload(_ name: String) async throws {
      let file = folder.appendingPathComponent("tmp/\(name)")
      try bytes.write(to: file)
      _ = try await store.addVersion(
        model: name, temporary: file, hash: hash, size: Int64(bytes.count), validation: report, publish: true)
    }
    try await upload("a")
    async let committing: Void = upload("b")
    try await Task.sleep(for: .milliseconds(200))
    try await store.deleteModel("a")
    try await committing
    let deletions = await storage.count.deletions
    XCTAssertEqual(deletions, 0, "the deletion skipped the blob an upload had pinned")
    let problems = try await store.verify()
    XCTAssertEqual(problems, [])
    try await store.deleteModel("b")
    let left = try await store.storedBlobs()
    XCTAssertEqual(left, [:], "the last reference gone, the blob goes")
  }
}
