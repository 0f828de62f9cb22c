import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// A client that sends no installation id (or an empty one) cannot be bucketed: it gets the
/// rollout's stable choice — the variant with the largest weight, ties going to the lower
/// version — never a canary, with `reason: "stable"` in the answer.
final class StableChoiceTests: XCTestCase {
  /// The `assignment` object and version of a `:download` answer read off a raw connection.
  private func rawDownload(_ hub: TestHub, headers: [String: String]) throws -> (version: Int, reason: String?) {
    let connection = try RawConnection(port: hub.port)
    var headers = headers
    headers["Authorization"] = "Bearer \(hub.clientKey)"
    try connection.send(Data(RawHTTP.request("/v1/models/m:download", headers).utf8))
    let answer = try RawResponseReader(connection).next()
    XCTAssertEqual(answer.status, 200, String(decoding: answer.body, as: UTF8.self))
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
    let assignment = object["assignment"] as? [String: Any]
    return (object["version"] as? Int ?? 0, assignment?["reason"] as? String)
  }

  func testClientsWithoutAnInstallationIDGetTheStableVariant() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    try await hub.createModel("m")
    for _ in 1...3 { try await hub.upload("m", try HubFixtures.data("linear"), publish: true) }
    // 1% canary on version 3, 99% on version 1.
    let put = try await hub.http.json(
      "PUT", "/v1/models/m/rollout", key: hub.adminKey,
      HubRollout(variants: [
        .init(version: 3, weight: 1), .init(version: 1, weight: 99),
      ]))
    XCTAssertEqual(put.status, 200)
    for headers in [[:], [HubHeaders.installationID: ""], [HubHeaders.installationID: "  "]] {
      for _ in 0..<5 {
        let answer = try rawDownload(hub, headers: headers)
        XCTAssertEqual(answer.version, 1, "\(headers): the stable version, never the canary")
        XCTAssertEqual(answer.reason, "stable", "\(headers)")
      }
    }
    // A client with an id is still bucketed.
    let bucketed = try rawDownload(hub, headers: [HubHeaders.installationID: "installation-1"])
    XCTAssertEqual(bucketed.reason, "variant")

    // Equal weights: the lower version.
    let tie = try await hub.http.json(
      "PUT", "/v1/models/m/rollout", key: hub.adminKey,
      HubRollout(variants: [
        .init(version: 3, weight: 50), .init(version: 2, weight: 50),
      ]))
    XCTAssertEqual(tie.status, 200)
    let tied = try rawDownload(hub, headers: [:])
    XCTAssertEqual(tied.version, 2)
    XCTAssertEqual(tied.reason, "stable")
  }
}
