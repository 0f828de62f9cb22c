import Foundation
import ModelHub
import XCTest

/// The OpenAPI document matches the implementation and the committed copy.
final class OpenAPITests: XCTestCase {
  func testEveryRouteIsDocumentedServedAndCommitted() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    let served = try await hub.http.send("GET", "/openapi.json")
    XCTAssertEqual(served.status, 200)
    let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: served.body) as? [String: Any])
    let paths = try XCTUnwrap(document["paths"] as? [String: [String: Any]])

    var documented = Set<String>()
    for (path, item) in paths {
      for method in ["get", "put", "post", "patch", "delete", "head", "options"] where item[method] != nil {
        documented.insert("\(method.uppercased()) \(path)")
      }
    }
    XCTAssertEqual(documented, Set(HubAPI.routes.map(\.description)))

    // Every route in the table exists in the server (none answers "no route").
    for route in HubAPI.routes {
      let path = route.path.replacingOccurrences(of: "{name}", with: "nosuchmodel")
        .replacingOccurrences(of: "{version}", with: "1").replacingOccurrences(of: "{hash}", with: String(repeating: "0", count: 64))
        .replacingOccurrences(of: "{id}", with: "nosuchkey")
      let answer = try await hub.http.send(route.method, path, key: hub.adminKey,
                                           body: ["POST", "PUT", "PATCH"].contains(route.method) ? Data("{}".utf8) : nil)
      let message = String(decoding: answer.body, as: UTF8.self)
      XCTAssertFalse(message.contains("No route for"), "\(route): \(message)")
    }

    let committed = try Data(contentsOf: HubFixtures.repository.appendingPathComponent("docs/openapi.json"))
    let committedObject = try JSONSerialization.jsonObject(with: committed) as? NSDictionary
    XCTAssertEqual(committedObject, document as NSDictionary, "docs/openapi.json is stale: run `tensorbridge hub openapi > docs/openapi.json`")
  }
}
