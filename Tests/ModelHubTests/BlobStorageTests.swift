import Crypto
import Foundation
import NIOCore
import S3Client
import TestSupport
import XCTest

@testable import ModelHub

/// The ``BlobStorage`` contract, run against the local folder (``BlobStore``) and against
/// ``S3BlobStorage`` on a real moto server that checks every signature.
final class BlobStorageTests: XCTestCase {
  func testLocalFolder() async throws {
    let folder = try TestPaths.temporaryDirectory(for: self, "blob-local")
    let store = BlobStore(paths: HubPaths(root: folder))
    try store.prepare()
    try await checkContract(store, folder: folder, bigBytes: 3 << 20)
    let none = try await store.directURL(for: String(repeating: "a", count: 64))
    XCTAssertNil(none)
  }

  func testS3SinglePutAndMultipart() async throws {
    let server = try MotoS3Server()
    defer { server.stop() }
    let client = S3Client(
      endpoint: S3Endpoint(url: server.endpoint), region: server.region,
      credentials: S3Credentials(accessKeyID: server.accessKeyID, secretAccessKey: server.secretAccessKey))
    try await client.createBucket("tb-blobs")
    var configuration = S3BlobConfiguration(bucket: "tb-blobs", prefix: "/hub/blobs/")
    configuration.multipartThreshold = 6 << 20
    configuration.partBytes = 5 << 20
    configuration.downloads = .redirect(expires: 120)
    let storage = S3BlobStorage(configuration: configuration, client: client)
    XCTAssertEqual(storage.key("ab"), "hub/blobs/ab")
    let folder = try TestPaths.temporaryDirectory(for: self, "blob-s3")
    // 12 MiB + 3 bytes: above the threshold, so three parts (5, 5, 2 MiB + 3).
    let big = try await checkContract(storage, folder: folder, bigBytes: (12 << 20) + 3)
    let object = try await client.headObject(bucket: "tb-blobs", key: "hub/blobs/\(big)")
    XCTAssertEqual(object?.contentLength, (12 << 20) + 3)
    XCTAssertEqual(object?.eTag?.hasSuffix("-3\""), true, "a multipart ETag names its part count")

    let url = try await storage.directURL(for: big)
    let text = try XCTUnwrap(url?.absoluteString)
    XCTAssertTrue(
      text.hasPrefix("\(server.endpoint.absoluteString)/tb-blobs/hub/blobs/\(big)?X-Amz-Algorithm=AWS4-HMAC-SHA256"))
    XCTAssertTrue(text.contains("&X-Amz-Expires=120&X-Amz-SignedHeaders=host&X-Amz-Signature="))

    configuration.downloads = .stream
    let streaming = S3BlobStorage(configuration: configuration, client: client)
    let noURL = try await streaming.directURL(for: big)
    XCTAssertNil(noURL)

    // Storage signed with the wrong secret is refused by the server.
    let forged = S3BlobStorage(
      configuration: configuration,
      client: S3Client(
        endpoint: S3Endpoint(url: server.endpoint), region: server.region,
        credentials: S3Credentials(accessKeyID: server.accessKeyID, secretAccessKey: "wrong")))
    do {
      _ = try await forged.blobSize(big)
      XCTFail("a wrongly signed HEAD was answered")
    } catch {
      XCTAssertTrue("\(error)".contains("403"), "\(error)")
    }
  }

  /// Puts a small and a big file, reads them whole and in ranges, deletes; returns the big
  /// blob's hash (still stored).
  @discardableResult
  func checkContract(_ storage: some BlobStorage, folder: URL, bigBytes: Int) async throws -> String {
    let small = Data("a small model".utf8)
    let smallHash = try write(small, in: folder, name: "small")
    let big = Data((0..<bigBytes).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })
    let bigHash = try write(big, in: folder, name: "big")

    let missing = try await storage.blobSize(smallHash)
    XCTAssertNil(missing)
    let existsBefore = try await storage.exists(smallHash)
    XCTAssertFalse(existsBefore)
    try await storage.put(smallHash, from: folder.appendingPathComponent("small"))
    try await storage.put(smallHash, from: folder.appendingPathComponent("small"))  // again: no-op
    try await storage.put(bigHash, from: folder.appendingPathComponent("big"))
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("big").path), "put leaves the file")

    let smallSize = try await storage.blobSize(smallHash)
    XCTAssertEqual(smallSize, Int64(small.count))
    let bigSize = try await storage.blobSize(bigHash)
    XCTAssertEqual(bigSize, Int64(big.count))
    let whole = try await storage.read(bigHash, range: nil)
    XCTAssertEqual(whole.length, Int64(big.count))
    let wholeData = try await whole.collect()
    XCTAssertEqual(wholeData.count, big.count)
    XCTAssertEqual(HubHashHex.of(wholeData), bigHash)
    let slice = try await storage.read(bigHash, range: 1_000_000...1_000_099)
    XCTAssertEqual(slice.length, 100)
    let sliceData = try await slice.collect()
    XCTAssertEqual(sliceData, big[1_000_000...1_000_099])

    try await storage.delete(smallHash)
    try await storage.delete(smallHash)  // already gone: no error
    let existsAfter = try await storage.exists(smallHash)
    XCTAssertFalse(existsAfter)
    do {
      _ = try await storage.read(smallHash, range: nil)
      XCTFail("a deleted blob was read")
    } catch {
      XCTAssertEqual(error, .fileNotFound)
    }
    return bigHash
  }

  private func write(_ data: Data, in folder: URL, name: String) throws -> String {
    try data.write(to: folder.appendingPathComponent(name))
    return HubHashHex.of(data)
  }
}

/// Lowercase hex SHA-256.
enum HubHashHex {
  static func of(_ data: Data) -> String { SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined() }
}
