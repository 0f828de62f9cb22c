import Foundation
import ModelHubAPI
import S3Client
import TestSupport
import XCTest

@testable import ModelHub

/// What hubs on one PostgreSQL database share beyond keys and models: download counts (added up
/// across nodes), the download-URL key, and blobs in one S3 bucket (kept with the same put-before-commit order as on
/// SQLite, whatever `TB_HUB_DATABASE` and `TB_HUB_BLOBS` say).
final class PostgresSharedStateTests: XCTestCase {
  private func databaseURL(_ label: String) throws -> String {
    let server = try PostgresServer.shared()
    let name = "shared_\(label)_\(UInt32.random(in: 0...UInt32.max))"
    try server.createDatabase(name)
    return server.url(database: name)
  }

  func testDownloadCountsOfTwoNodesAddUp() async throws {
    let url = try databaseURL("downloads")
    let nodeA = try await TestHub.start(database: url)
    addTeardownBlock { await nodeA.stop() }
    let nodeB = try await TestHub.start(database: url)
    try await nodeA.deploy("counted", try HubFixtures.data("linear"))
    for _ in 0..<3 { try await nodeA.download("counted").status.assertEqual(200) }
    for _ in 0..<2 { try await nodeB.download("counted").status.assertEqual(200) }
    // Node B writes its pending counts when it stops.
    await nodeB.stop()

    let path = HubAPI.getDownloadCounts.path(["name": "counted"]) + "?days=1"
    let answer = try await nodeA.http.send("GET", path, key: nodeA.adminKey)
    XCTAssertEqual(answer.status, 200, answer.text)
    let counts = try answer.decode(HubDownloadCounts.self)
    XCTAssertEqual(counts.days.map(\.version), [1])
    XCTAssertEqual(counts.days.map(\.count), [5], "3 answers from node A and 2 from node B")
    let missing = try await nodeA.http.send(
      "GET", HubAPI.getDownloadCounts.path(["name": "absent"]), key: nodeA.adminKey)
    XCTAssertEqual(missing.errorCode, "MODEL_NOT_FOUND")
  }

  /// Each node has its own data folder (its own `signing.key`), yet a download URL one node
  /// issues is accepted by another: the key is the one in the database.
  func testADownloadURLFromOneNodeIsAcceptedByAnother() async throws {
    let url = try databaseURL("urls")
    // One bucket prefix for both, streamed: node B must answer from the bytes, not a redirect.
    guard case .s3(var settings) = try TestBlobs.location(prefix: TestBlobs.newPrefix()) else {
      throw TestFailure("not an S3 location")
    }
    settings.blobs.downloads = .stream
    let blobs = HubBlobLocation.s3(settings)
    let nodeA = try await TestHub.start(database: url) { $0.blobLocation = blobs }
    addTeardownBlock { await nodeA.stop() }
    let nodeB = try await TestHub.start(database: url) { $0.blobLocation = blobs }
    addTeardownBlock { await nodeB.stop() }
    let bytes = try HubFixtures.data("linear")
    try await nodeA.deploy("shared", bytes)
    let info = try await nodeA.download("shared").decode(HubDownloadInfo.self)
    guard var parts = URLComponents(string: info.downloadUri) else { throw TestFailure("no download URL") }
    parts.scheme = "http"
    parts.host = "127.0.0.1"
    parts.port = nodeB.port
    guard let onB = parts.url else { throw TestFailure("no URL on node B") }
    let answer = try await nodeB.http.send("GET", url: onB)
    XCTAssertEqual(answer.status, 200, answer.text)
    XCTAssertEqual(answer.body, bytes)
  }

  /// Another node deleting the object as an orphan between this node's put and its commit: the
  /// upload checks it under the hash's lock and puts it again.
  func testABlobRemovedBetweenPutAndCommitIsPutAgain() async throws {
    let folder = try TestPaths.temporaryDirectory(for: self, "pg-s3-order")
    guard case .s3(let settings) = try TestBlobs.location(prefix: TestBlobs.newPrefix()) else {
      throw TestFailure("not an S3 location")
    }
    let storage = S3BlobOrderTests.ForgetfulStorage(inner: settings.makeStorage())
    let store = try await PostgresHubStore(
      location: try HubPostgresURL(try databaseURL("order")), directory: folder, blobStorage: storage)
    addTeardownBlock { store.shutdown() }
    _ = try await store.createModel(HubCreateModelRequest(name: "m"), now: Date())
    let bytes = try HubFixtures.data("linear")
    let upload = folder.appendingPathComponent("tmp/upload")
    try bytes.write(to: upload)
    let hash = Hex.sha256(bytes)
    let version = try await store.addVersion(
      model: "m", temporary: upload, hash: hash, size: Int64(bytes.count),
      validation: try ModelInspector.inspect(bytes), publish: true, signer: nil, now: Date())
    XCTAssertEqual(version.version, 1)
    let size = try await storage.inner.blobSize(hash)
    XCTAssertEqual(size, Int64(bytes.count), "the version's blob is there after the commit")
    let problems = try await store.verify()
    XCTAssertEqual(problems, [])

    try await store.deleteModel("m")
    let left = try await storage.inner.blobSize(hash)
    XCTAssertNil(left, "the blob goes after the deletion commits")
  }
}
