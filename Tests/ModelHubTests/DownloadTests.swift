import Crypto
import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// The client API: `:download`, 304s, signed URLs, Range.
final class DownloadTests: XCTestCase {
  func testDownloadFlowWithETagAndResume() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    try await hub.createModel("m")
    let bytes = try HubFixtures.data("two_vectors")
    try await hub.upload("m", bytes)
    let none = try await hub.download("m")
    XCTAssertEqual(none.status, 404)
    XCTAssertEqual(none.errorCode, "NO_PUBLISHED_VERSION")
    let value1 = try await hub.download("nope").errorCode
    XCTAssertEqual(value1, "MODEL_NOT_FOUND")

    try await hub.http.send("POST", "/v1/models/m/versions/1:publish", key: hub.adminKey).status.assertEqual(200)
    let answer = try await hub.download(
      "m", installation: "install-1", headers: [HubHeaders.platform: "ios", HubHeaders.appVersion: "1.0"])
    XCTAssertEqual(answer.status, 200)
    let info = try answer.decode(HubDownloadInfo.self)
    XCTAssertEqual(info.version, 1)
    XCTAssertEqual(info.sizeBytes, Int64(bytes.count))
    XCTAssertEqual(info.assignment.reason, .latest)
    XCTAssertEqual(answer.header("ETag"), "\"\(info.modelHash)\"")
    XCTAssertGreaterThan(info.expireTime, Date())
    XCTAssertTrue(info.downloadUri.hasPrefix("http://127.0.0.1:\(hub.port)/v1/files/\(info.modelHash)?"))

    // The client has it: 304 (quoted, unquoted, weak, in a list).
    for tag in ["\"\(info.modelHash)\"", info.modelHash, "W/\"\(info.modelHash)\"", "\"other\", \"\(info.modelHash)\""]
    {
      let cached = try await hub.download("m", installation: "install-1", headers: ["If-None-Match": tag])
      XCTAssertEqual(cached.status, 304, tag)
      XCTAssertEqual(cached.header("ETag"), "\"\(info.modelHash)\"")
    }
    let value2 = try await hub.download("m", headers: ["If-None-Match": "\"stale\""]).status
    XCTAssertEqual(value2, 200)

    // The bytes, with Content-Length and ETag; no key needed (the URL is signed).
    let file = try await hub.http.send("GET", info.downloadUri)
    XCTAssertEqual(file.status, 200)
    XCTAssertEqual(file.body, bytes)
    XCTAssertEqual(file.header("Content-Length"), "\(bytes.count)")
    XCTAssertEqual(file.header("ETag"), "\"\(info.modelHash)\"")
    XCTAssertEqual(file.header("Accept-Ranges"), "bytes")

    // Resume: the rest from an offset, a middle slice, a suffix; past the end is 416.
    let resumed = try await hub.http.send("GET", info.downloadUri, headers: ["Range": "bytes=100-"])
    XCTAssertEqual(resumed.status, 206)
    XCTAssertEqual(resumed.body, bytes.suffix(from: 100))
    XCTAssertEqual(resumed.header("Content-Range"), "bytes 100-\(bytes.count - 1)/\(bytes.count)")
    XCTAssertEqual(resumed.header("Content-Length"), "\(bytes.count - 100)")
    XCTAssertEqual(bytes.prefix(100) + resumed.body, bytes)
    let slice = try await hub.http.send("GET", info.downloadUri, headers: ["Range": "bytes=10-19"])
    XCTAssertEqual(slice.body, bytes.subdata(in: 10..<20))
    let suffix = try await hub.http.send("GET", info.downloadUri, headers: ["Range": "bytes=-16"])
    XCTAssertEqual(suffix.body, bytes.suffix(16))
    let beyond = try await hub.http.send("GET", info.downloadUri, headers: ["Range": "bytes=\(bytes.count)-"])
    XCTAssertEqual(beyond.status, 416)
    XCTAssertEqual(beyond.errorCode, "RANGE_NOT_SATISFIABLE")
    XCTAssertEqual(beyond.header("Content-Range"), "bytes */\(bytes.count)")
    let stale = try await hub.http.send(
      "GET", info.downloadUri, headers: ["Range": "bytes=100-", "If-Range": "\"other\""])
    XCTAssertEqual(stale.status, 200)
    let value3 = try await hub.http.send("GET", info.downloadUri, headers: ["If-None-Match": "\"\(info.modelHash)\""])
      .status
    XCTAssertEqual(value3, 304)

    // An admin key may use the client API too; no key may not.
    let value4 = try await hub.http.send("GET", "/v1/models/m:download", key: hub.adminKey).status
    XCTAssertEqual(value4, 200)
    let value5 = try await hub.http.send("GET", "/v1/models/m:download").status
    XCTAssertEqual(value5, 401)
    let value6 = try await hub.download("m", headers: [HubHeaders.installationID: String(repeating: "x", count: 300)])
      .status
    XCTAssertEqual(value6, 400)
  }

  func testForgedAndExpiredURLs() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    try await hub.createModel("m")
    try await hub.upload("m", try HubFixtures.data("linear"), publish: true)
    let info = try await hub.download("m").decode(HubDownloadInfo.self)
    var parts = URLComponents(string: info.downloadUri)!
    let items = parts.queryItems!
    let signature = items.first { $0.name == "signature" }!.value!
    let expires = items.first { $0.name == "expires" }!.value!

    func fetch(_ query: [URLQueryItem], path: String? = nil) async throws -> HTTPAnswer {
      var copy = parts
      if let path { copy.path = path }
      copy.queryItems = query
      return try await hub.http.send("GET", url: copy.url!)
    }
    let flipped = String(signature.prefix(63)) + (signature.last == "0" ? "1" : "0") + String(signature.dropFirst(64))
    for (query, path) in [
      ([URLQueryItem(name: "expires", value: expires), URLQueryItem(name: "signature", value: flipped)], nil),
      (
        [
          URLQueryItem(name: "expires", value: String(Int(expires)! + 3600)),
          URLQueryItem(name: "signature", value: signature),
        ], nil
      ),
      ([URLQueryItem(name: "expires", value: expires)], nil),
      ([URLQueryItem(name: "expires", value: expires), URLQueryItem(name: "signature", value: "zz")], nil),
      (
        [URLQueryItem(name: "expires", value: expires), URLQueryItem(name: "signature", value: signature)],
        "/v1/files/" + String(repeating: "a", count: 64)
      ),
    ] as [([URLQueryItem], String?)] {
      let answer = try await fetch(query, path: path)
      XCTAssertEqual(answer.status, 403, "\(query)")
      XCTAssertEqual(answer.errorCode, "INVALID_SIGNATURE")
    }
    parts.queryItems = items
    let value7 = try await hub.http.send("GET", url: parts.url!).status
    XCTAssertEqual(value7, 200)

    // A hub whose URLs expire at once.
    let expiring = try await TestHub.start { $0.downloadURLLifetime = 0.001 }
    addTeardownBlock { await expiring.stop() }
    try await expiring.createModel("m")
    try await expiring.upload("m", try HubFixtures.data("linear"), publish: true)
    let old = try await expiring.download("m").decode(HubDownloadInfo.self)
    let answer = try await expiring.http.send("GET", old.downloadUri)
    XCTAssertEqual(answer.status, 403)
    XCTAssertEqual(answer.errorCode, "URL_EXPIRED")
  }
}
