import Crypto
import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// The admin API against a real server: models, versions, publish, tags and pages.
final class AdminAPITests: XCTestCase {
  func testModelLifecycle() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    let created = try await hub.createModel("linear", tags: ["vision", "beta"])
    XCTAssertEqual(created.name, "linear")
    XCTAssertEqual(created.displayName, "linear")
    XCTAssertEqual(created.tags, ["beta", "vision"])
    XCTAssertNil(created.latestVersion)

    let bytes = try HubFixtures.data("linear")
    let v1 = try await hub.upload("linear", bytes)
    XCTAssertEqual(v1.version, 1)
    XCTAssertEqual(v1.sizeBytes, Int64(bytes.count))
    XCTAssertEqual(v1.modelHash, SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined())
    XCTAssertFalse(v1.published)
    XCTAssertEqual(v1.validation.inputs.count, 1)
    XCTAssertEqual(v1.validation.outputs.count, 1)
    XCTAssertEqual(v1.validation.inputs.first?.dtype, "float32")
    XCTAssertFalse(v1.validation.operators.isEmpty)

    let v2 = try await hub.upload("linear", try HubFixtures.data("two_vectors"), publish: true)
    XCTAssertEqual(v2.version, 2)
    XCTAssertTrue(v2.published)

    let model = try await hub.http.send("GET", "/v1/models/linear", key: hub.adminKey).decode(HubModel.self)
    XCTAssertEqual(model.latestVersion, 2)
    XCTAssertEqual(model.latestPublishedVersion, 2)
    XCTAssertNotEqual(model.etag, created.etag)

    let list = try await hub.http.send("GET", "/v1/models/linear/versions", key: hub.adminKey).decode(
      HubVersionList.self)
    XCTAssertEqual(list.versions.map(\.version), [2, 1])

    let published = try await hub.http.send("POST", "/v1/models/linear/versions/1:publish", key: hub.adminKey)
    XCTAssertEqual(published.status, 200)
    XCTAssertTrue(try published.decode(HubModelVersion.self).published)
    let unpublished = try await hub.http.send("POST", "/v1/models/linear/versions/2:unpublish", key: hub.adminKey)
    XCTAssertFalse(try unpublished.decode(HubModelVersion.self).published)
    let one = try await hub.http.send("GET", "/v1/models/linear/versions/2", key: hub.adminKey).decode(
      HubModelVersion.self)
    XCTAssertFalse(one.published)

    // Update with the current etag, then a stale one.
    let current = try await hub.http.send("GET", "/v1/models/linear", key: hub.adminKey).decode(HubModel.self)
    var patch = try await hub.http.send(
      "PATCH", "/v1/models/linear", key: hub.adminKey, headers: ["If-Match": current.etag],
      body: try HubJSON.encoder().encode(HubUpdateModelRequest(displayName: "Linear", tags: ["x"])),
      contentType: "application/json")
    XCTAssertEqual(patch.status, 200)
    XCTAssertEqual(try patch.decode(HubModel.self).displayName, "Linear")
    patch = try await hub.http.send(
      "PATCH", "/v1/models/linear", key: hub.adminKey, headers: ["If-Match": current.etag],
      body: try HubJSON.encoder().encode(HubUpdateModelRequest(tags: ["y"])), contentType: "application/json")
    XCTAssertEqual(patch.status, 412)
    XCTAssertEqual(patch.errorCode, "ETAG_MISMATCH")

    // The same bytes under a second model share one blob; deleting one model keeps it.
    try await hub.createModel("copy")
    try await hub.upload("copy", bytes)
    let stored = try await hub.storedFiles().blobs
    XCTAssertEqual(stored, 2)
    let deleted = try await hub.http.send("DELETE", "/v1/models/linear", key: hub.adminKey)
    XCTAssertEqual(deleted.status, 200)
    let left = try await hub.storedFiles().blobs
    XCTAssertEqual(left, 1)
    let value1 = try await hub.http.send("GET", "/v1/models/linear", key: hub.adminKey).status
    XCTAssertEqual(value1, 404)
    try await hub.http.send("DELETE", "/v1/models/copy", key: hub.adminKey).status.assertEqual(200)
    let none = try await hub.storedFiles().blobs
    XCTAssertEqual(none, 0)
    let problems = try await hub.store.verify()
    XCTAssertEqual(problems, [])
  }

  func testListFiltersByTagAndPaginates() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    for index in 0..<7 { try await hub.createModel("m\(index)", tags: index % 2 == 0 ? ["even"] : ["odd"]) }
    var names: [String] = []
    var token: String?
    var pages = 0
    repeat {
      let query =
        "pageSize=3"
        + (token.map { "&pageToken=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)" } ?? "")
      let page = try await hub.http.send("GET", "/v1/models?\(query)", key: hub.adminKey).decode(HubModelPage.self)
      names += page.models.map(\.name)
      token = page.nextPageToken
      pages += 1
    } while token != nil
    XCTAssertEqual(names, (0..<7).map { "m\($0)" })
    XCTAssertEqual(pages, 3)
    let even = try await hub.http.send("GET", "/v1/models?tag=even", key: hub.adminKey).decode(HubModelPage.self)
    XCTAssertEqual(even.models.map(\.name), ["m0", "m2", "m4", "m6"])
    XCTAssertNil(even.nextPageToken)
  }

  func testHealthAndStructuredErrorsForUnknownRoutes() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    let health = try await hub.http.send("GET", "/healthz")
    XCTAssertEqual(health.status, 200)
    XCTAssertEqual(String(decoding: health.body, as: UTF8.self), #"{"status":"ok"}"#)
    let missing = try await hub.http.send("GET", "/nope")
    XCTAssertEqual(missing.status, 404)
    XCTAssertEqual(missing.errorCode, "ROUTE_NOT_FOUND")
    let verb = try await hub.http.send("GET", "/v1/models/linear:explode", key: hub.adminKey)
    XCTAssertEqual(verb.status, 404)
    XCTAssertEqual(verb.errorCode, "ROUTE_NOT_FOUND")
  }
}

extension Int {
  func assertEqual(_ expected: Int, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(self, expected, file: file, line: line)
  }
}
