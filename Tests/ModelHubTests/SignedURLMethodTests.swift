import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// Every method on a signed-URL path checks the signature and the expiry first, on both ways a
/// file request is answered: the sendfile path (a request alone on its connection) and the
/// router (the same request pipelined behind another one). Raw sockets, so that nothing
/// normalises the method or the URL.
final class SignedURLMethodTests: XCTestCase {
  private let methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

  /// The answer to `method target` alone on a connection, and pipelined behind `GET /healthz`.
  private func answers(_ hub: TestHub, _ method: String, _ target: String) throws -> (
    direct: RawResponse, routed: RawResponse
  ) {
    let request = RawHTTP.request(target, method: method)
    let direct = try RawConnection(port: hub.port)
    try direct.send(Data(request.utf8))
    let first = try RawResponseReader(direct).next(bodiless: method == "HEAD")
    let routed = try RawConnection(port: hub.port)
    try routed.send(Data((RawHTTP.request("/healthz") + request).utf8))
    let reader = RawResponseReader(routed)
    XCTAssertEqual(try reader.next().status, 200)
    return (first, try reader.next(bodiless: method == "HEAD"))
  }

  func testExpiredAndForgedURLsAreRefusedForEveryMethod() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    try await hub.createModel("m")
    let version = try await hub.upload("m", try HubFixtures.data("linear"), publish: true)
    let expired = try RawHTTP.signedTarget(hash: version.modelHash, hubDirectory: hub.directory, validFor: -5)
    let valid = try RawHTTP.signedTarget(hash: version.modelHash, hubDirectory: hub.directory)
    let forged = valid.replacingOccurrences(of: "signature=", with: "signature=00")
    let unsigned = "/v1/files/\(version.modelHash)"
    for (target, code) in [(expired, "URL_EXPIRED"), (forged, "INVALID_SIGNATURE"), (unsigned, "INVALID_SIGNATURE")] {
      for method in methods {
        let (direct, routed) = try answers(hub, method, target)
        XCTAssertEqual(direct.status, 403, "\(method) \(code) alone")
        XCTAssertEqual(routed.status, 403, "\(method) \(code) pipelined")
        if method != "HEAD" {
          XCTAssertEqual(try? HubJSON.decoder().decode(HubErrorBody.self, from: direct.body).error.code, code, method)
          XCTAssertEqual(try? HubJSON.decoder().decode(HubErrorBody.self, from: routed.body).error.code, code, method)
        }
      }
    }
    // A valid URL serves GET and HEAD only; other methods are told which ones are allowed.
    for method in methods {
      let (direct, routed) = try answers(hub, method, valid)
      let expected = ["GET", "HEAD"].contains(method) ? 200 : 405
      XCTAssertEqual(direct.status, expected, "\(method) alone")
      XCTAssertEqual(routed.status, expected, "\(method) pipelined")
      if expected == 405 {
        XCTAssertEqual(direct.headers["allow"], "GET, HEAD", method)
        XCTAssertEqual(
          try? HubJSON.decoder().decode(HubErrorBody.self, from: routed.body).error.code, "METHOD_NOT_ALLOWED")
      }
    }
  }
}
