import Foundation
import ModelHubAPI
import XCTest

/// The OpenAPI resource against the route table, and `docs/openapi.json` against the resource.
final class OpenAPIDocumentTests: XCTestCase {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every operation of the document is a route of ``HubAPI`` (same operation id, method, path
  /// and scope) and every route is an operation.
  func testOperationsMatchTheRouteTable() throws {
    let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: ModelHubOpenAPI.data()) as? [String: Any])
    let paths = try XCTUnwrap(document["paths"] as? [String: [String: Any]])
    let globalSecurity = document["security"] as? [[String: Any]] ?? []
    var documented: [String] = []
    for (path, item) in paths {
      for method in ["get", "put", "post", "patch", "delete", "head", "options", "trace"] {
        guard let operation = item[method] as? [String: Any] else { continue }
        let id = try XCTUnwrap(operation["operationId"] as? String, "\(method) \(path) has no operationId")
        let security = operation["security"] as? [[String: Any]] ?? globalSecurity
        let scope = security.isEmpty ? "none" : (operation["tags"] as? [String])?.first ?? "?"
        documented.append("\(id) \(method.uppercased()) \(path) \(scope)")
      }
    }
    let table = HubAPI.routes.map { "\($0.operationID) \($0.method) \($0.path) \($0.scope?.rawValue ?? "none")" }
    XCTAssertEqual(documented.sorted(), table.sorted())
    XCTAssertEqual(Set(table).count, table.count, "a route is listed twice")
  }

  /// `docs/openapi.json` is the resource, byte for byte.
  func testDocsCopyIsIdentical() throws {
    let docs = try Data(contentsOf: Self.repository.appendingPathComponent("docs/openapi.json"))
    XCTAssertTrue(
      docs == (try ModelHubOpenAPI.data()),
      "docs/openapi.json differs from Sources/ModelHubAPI/OpenAPI/openapi.json: copy the resource over it")
  }
}
