import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// A path the hub serves, asked with a method it does not take, is answered `405` with `Allow`
/// (found by Schemathesis' unsupported-method check); a path it does not serve stays `404`
/// `ROUTE_NOT_FOUND`.
final class MethodNotAllowedTests: XCTestCase {
  func testKnownPathsWithOtherMethodsAre405() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    try await hub.createModel("m")
    let cases: [(String, String, String)] = [
      ("TRACE", "/healthz", "GET, HEAD"), ("PUT", "/v1/models", "GET, HEAD, POST"),
      ("DELETE", "/v1/keys", "GET, HEAD, POST"), ("PUT", "/v1/models/m/versions", "GET, HEAD, POST"),
      ("POST", "/v1/models/m/rollout", "DELETE, GET, HEAD, PUT"),
    ]
    for (method, path, allow) in cases {
      let connection = try RawConnection(port: hub.port)
      try connection.send(Data(RawHTTP.request(path, ["Authorization": "Bearer \(hub.adminKey)"], method: method).utf8))
      let answer = try RawResponseReader(connection).next()
      XCTAssertEqual(answer.status, 405, "\(method) \(path)")
      XCTAssertEqual(answer.headers["allow"], allow, "\(method) \(path)")
      XCTAssertEqual(
        try? HubJSON.decoder().decode(HubErrorBody.self, from: answer.body).error.code, "METHOD_NOT_ALLOWED")
    }
    XCTAssertEqual(HubAPI.methods(forPath: "/v1/models/m:download"), ["DELETE", "GET", "HEAD", "PATCH"])
    let unknown = try await hub.http.send("GET", "/v1/nothing", key: hub.adminKey)
    XCTAssertEqual(unknown.status, 404)
    XCTAssertEqual(unknown.errorCode, "ROUTE_NOT_FOUND")
  }
}
