import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// kill -9 of a real hub process in the middle of deleting a model with many versions: after a
/// restart the model is either whole (every version listed, every blob there) or gone (no
/// version, no blob), never listed with missing files. Files are removed only after the
/// deletion is committed; blobs a crash leaves unreferenced are collected at start-up.
final class CrashSafeDeleteTests: XCTestCase {
  /// Blobs stored: files under `blobs/` (a directory listing, fast enough to catch the delete
  /// starting), or the objects under the hub's S3 prefix.
  private func blobCount(_ server: HubProcess) async throws -> Int {
    if server.s3Prefix != nil { return try await server.storedBlobs().count }
    let blobs = server.data.appendingPathComponent("blobs")
    let prefixes = (try? FileManager.default.contentsOfDirectory(atPath: blobs.path)) ?? []
    return prefixes.reduce(0) { total, prefix in
      total
        + ((try? FileManager.default.contentsOfDirectory(atPath: blobs.appendingPathComponent(prefix).path))?.count ?? 0)
    }
  }

  func testKilledDeleteLeavesTheWholeModelOrNone() async throws {
    let folder = try TestPaths.temporaryDirectory("modelhub-tests")
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appendingPathComponent("hub")
    let created = try CLIRun.run(["hub", "keys", "create"] + TestBackend.storeArguments(data) + ["--scope", "admin"])
    XCTAssertEqual(created.status, 0, created.stderr)
    let key = created.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let server = HubProcess(data: data)
    try server.start(extra: ["--no-load-check"])
    var http = HTTPClient(base: server.base)
    for name in ["m", "other"] {
      let status = try await http.json("POST", "/v1/models", key: key, HubCreateModelRequest(name: name)).status
      XCTAssertEqual(status, 201)
    }
    // Many versions of "m", each its own blob (a real model with distinct trailing bytes), and
    // one of "other" that must survive whatever happens to "m".
    let model = try HubFixtures.data("linear")
    let count = 400
    let uploader = http
    try await withThrowingTaskGroup(of: Void.self) { group in
      for lane in 0..<4 {
        group.addTask {
          for index in stride(from: lane, to: count, by: 4) {
            var bytes = model
            bytes.append(Data("version-\(index)".utf8))
            let status = try await uploader.send("POST", "/v1/models/m/versions?publish=true", key: key, body: bytes)
              .status
            XCTAssertEqual(status, 201)
          }
        }
      }
      try await group.waitForAll()
    }
    let otherStatus = try await http.send("POST", "/v1/models/other/versions", key: key, body: model).status
    XCTAssertEqual(otherStatus, 201)
    let stored = try await blobCount(server)
    XCTAssertEqual(stored, count + 1)

    // DELETE on a raw connection; kill -9 as soon as the first blob file disappears.
    let connection = try RawConnection(port: server.port)
    try connection.send(
      Data(RawHTTP.request("/v1/models/m", ["Authorization": "Bearer \(key)"], method: "DELETE").utf8))
    let deadline = Date().addingTimeInterval(20)
    while try await blobCount(server) == count + 1, Date() < deadline { usleep(200) }
    server.kill9()
    let afterKill = try await blobCount(server)
    XCTAssertLessThan(afterKill, count + 1, "the delete started removing files before the kill")

    try server.start(extra: ["--no-load-check"])
    defer { _ = server.stop() }
    http = HTTPClient(base: server.base)
    let answer = try await http.send("GET", "/v1/models/m/versions", key: key)
    if answer.status == 200 {
      let versions = try answer.decode(HubVersionList.self).versions
      XCTAssertEqual(versions.count, count, "the model is whole")
      for version in versions.prefix(20) {
        let info = try await http.send(
          "GET", "/v1/models/m:download", key: key,
          headers: [HubHeaders.installationID: "i\(version.version)"])
        XCTAssertEqual(info.status, 200)
      }
    } else {
      XCTAssertEqual(answer.errorCode, "MODEL_NOT_FOUND", "the model is gone")
    }
    do {
      let problems = try await server.verify()
      XCTAssertEqual(problems, [], "no version without its blob, no orphan blob")
    }
    let other = try await http.send("GET", "/v1/models/other/versions", key: key).decode(HubVersionList.self)
    XCTAssertEqual(other.versions.count, 1)
  }
}
