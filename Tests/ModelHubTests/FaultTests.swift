import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// kill -9 of the real server during an upload and during downloads: after a restart the store
/// is consistent, nothing half-written is served, and downloads resume.
final class FaultTests: XCTestCase {
  private func adminKey(_ data: URL) throws -> String {
    let result = try CLIRun.run(["hub", "keys", "create"] + TestBackend.storeArguments(data) + ["--scope", "admin"])
    XCTAssertEqual(result.status, 0, result.stderr)
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func testKillDuringUploadLeavesNothingHalfWritten() async throws {
    let folder = try TestPaths.temporaryDirectory("modelhub-tests")
    let data = folder.appendingPathComponent("hub")
    let key = try adminKey(data)
    let server = HubProcess(data: data)
    try server.start(extra: ["--no-load-check"])
    var http = HTTPClient(base: server.base)
    let value1 = try await http.json("POST", "/v1/models", key: key, HubCreateModelRequest(name: "m")).status
    XCTAssertEqual(value1, 201)

    // Send the headers and part of a 4 MB body, wait until the server is writing it, then kill it.
    let connection = try RawConnection(port: server.port)
    let declared = 4 * 1024 * 1024
    try connection.send(
      Data(
        """
        POST /v1/models/m/versions?publish=true HTTP/1.1\r
        Host: 127.0.0.1\r
        Authorization: Bearer \(key)\r
        Content-Type: application/octet-stream\r
        Content-Length: \(declared)\r
        \r

        """.utf8))
    try connection.send(try HubFixtures.data("two_vectors") + Data(count: 256 * 1024))
    let temporary = data.appendingPathComponent("tmp")
    let deadline = Date().addingTimeInterval(10)
    var seen = false
    while Date() < deadline, !seen {
      let files = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
      seen = files.contains { name in
        ((try? FileManager.default.attributesOfItem(atPath: temporary.appendingPathComponent(name).path))?[.size]
          as? NSNumber)?.intValue ?? 0 > 0
      }
      if !seen { try await Task.sleep(nanoseconds: 10_000_000) }
    }
    XCTAssertTrue(seen, "the upload reached the temporary file")
    server.kill9()
    do {
      let problems = try await server.verify()
      XCTAssertFalse(problems.isEmpty, "a partial temporary file is left by the crash")
    }

    try server.start(extra: ["--no-load-check"])
    http = HTTPClient(base: server.base)
    do {
      let problems = try await server.verify()
      XCTAssertEqual(problems, [], "restart removed the partial upload")
    }
    let versions = try await http.send("GET", "/v1/models/m/versions", key: key).decode(HubVersionList.self)
    XCTAssertEqual(versions.versions, [])
    let value2 = try await http.send("GET", "/v1/models/m:download", key: key).errorCode
    XCTAssertEqual(value2, "NO_PUBLISHED_VERSION")
    // The hub works normally afterwards.
    let upload = try await http.send(
      "POST", "/v1/models/m/versions?publish=true", key: key, body: try HubFixtures.data("two_vectors"))
    XCTAssertEqual(upload.status, 201)
    XCTAssertEqual(server.stop(), 0)
    do {
      let problems = try await server.verify()
      XCTAssertEqual(problems, [])
    }
    try? FileManager.default.removeItem(at: folder)
  }

  func testKillDuringDownloadsThenResume() async throws {
    let folder = try TestPaths.temporaryDirectory("modelhub-tests")
    let data = folder.appendingPathComponent("hub")
    let key = try adminKey(data)
    let server = HubProcess(data: data)
    try server.start(extra: ["--no-load-check"])
    var http = HTTPClient(base: server.base)
    let value3 = try await http.json("POST", "/v1/models", key: key, HubCreateModelRequest(name: "big")).status
    XCTAssertEqual(value3, 201)
    // A valid model followed by 24 MB of padding (the flatbuffer ignores trailing bytes), so that
    // the response is still streaming when the server dies.
    let bytes = try HubFixtures.data("linear") + Data(count: 24 << 20)
    let upload = try await http.send("POST", "/v1/models/big/versions?publish=true", key: key, body: bytes)
    XCTAssertEqual(upload.status, 201, String(decoding: upload.body, as: UTF8.self))
    let info = try await http.send("GET", "/v1/models/big:download", key: key).decode(HubDownloadInfo.self)
    let path = String(info.downloadUri.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })

    // Several clients downloading; one has read 1 MB when the server is killed.
    var connections: [RawConnection] = []
    for _ in 0..<4 {
      let connection = try RawConnection(port: server.port)
      try connection.send(Data("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
      connections.append(connection)
    }
    let partial = connections[0].receive(atLeast: 1 << 20)
    server.kill9()
    let rest = connections[0].receive(atLeast: Int.max)
    let received = partial + rest
    guard let headerEnd = received.range(of: Data("\r\n\r\n".utf8)) else { return XCTFail("no response headers") }
    let body = received[headerEnd.upperBound...]
    XCTAssertLessThan(body.count, bytes.count, "the download was cut off by the kill")

    // Restart (new port, same signing key): the store is intact and the download resumes.
    try server.start(extra: ["--no-load-check"])
    http = HTTPClient(base: server.base)
    do {
      let problems = try await server.verify()
      XCTAssertEqual(problems, [])
    }
    let resumed = try await http.send("GET", server.base + path, headers: ["Range": "bytes=\(body.count)-"])
    XCTAssertEqual(resumed.status, 206)
    XCTAssertEqual(Hex.sha256(Data(body) + resumed.body), info.modelHash)
    XCTAssertEqual(server.stop(), 0)
    try? FileManager.default.removeItem(at: folder)
  }
}
