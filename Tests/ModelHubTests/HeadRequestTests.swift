import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// `HEAD` is answered wherever `GET` is (RFC 9110 §9.1, §9.3.2): the same status and header
/// fields, `Content-Length` included, and no content, so that the next answer on the same
/// connection starts right after the header block. Errors too (401, 404), and the console.
final class HeadRequestTests: XCTestCase {
  func testHeadAnswersAsGetWithoutContent() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    try await hub.createModel("m")
    let admin = ["Authorization": "Bearer \(hub.adminKey)"]
    let cases: [(String, [String: String], Int)] = [
      ("/healthz", [:], 200), ("/openapi.json", [:], 200), ("/v1/models", admin, 200), ("/v1/models/m", admin, 200),
      ("/v1/models", [:], 401), ("/v1/models/missing", admin, 404), ("/v1/nothing", admin, 404),
      ("/v1/models/m/versions", admin, 200),
    ]
    let connection = try RawConnection(port: hub.port)
    let reader = RawResponseReader(connection)
    for (path, headers, status) in cases {
      // HEAD then GET on one connection: a body after the HEAD answer would be read as the GET's
      // status line.
      try connection.send(Data((RawHTTP.request(path, headers, method: "HEAD") + RawHTTP.request(path, headers)).utf8))
      let head = try reader.next(bodiless: true)
      let get = try reader.next()
      XCTAssertEqual(get.status, status, path)
      XCTAssertEqual(head.status, get.status, path)
      XCTAssertEqual(head.headers["content-length"], String(get.body.count), path)
      XCTAssertEqual(head.headers["content-type"], get.headers["content-type"], path)
      XCTAssertFalse(get.body.isEmpty, path)
    }
    // A method the path does not take still says that HEAD is allowed with GET.
    try connection.send(Data(RawHTTP.request("/healthz", [:], method: "DELETE").utf8))
    let refused = try reader.next()
    XCTAssertEqual(refused.status, 405)
    XCTAssertEqual(refused.headers["allow"], "GET, HEAD")
    // The file route's own HEAD is unchanged: a bad signature is refused before any route.
    try connection.send(Data(RawHTTP.request("/v1/files/abc?expires=1&signature=x", [:], method: "HEAD").utf8))
    XCTAssertEqual(try reader.next(bodiless: true).status, 403)
  }
}
