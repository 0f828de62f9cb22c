import Foundation
import Hummingbird
import ModelHubAPI
import TestSupport
import XCTest

@testable import ModelHub

/// The server against the route table (``HubAPI``): what its router registers, what it answers
/// and the OpenAPI document it serves. (ModelHubAPITests checks the document against the table.)
final class OpenAPITests: XCTestCase {
  /// The router registers exactly the table's routes (a `:verb` shares its parameter's segment),
  /// besides the web console's pages under `/console`.
  func testRouterRegistersTheRouteTable() async throws {
    let directory = try TestPaths.temporaryDirectory("modelhub-tests")
    addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    let server = try ModelHubServer(configuration: HubConfiguration(dataDirectory: directory))
    let router = try ModelHubServer.router(await server.makeContext())
    let registered = Set(
      router.routes.map { "\($0.method.rawValue) \($0.path)" }.filter { !$0.contains(" /console") })
    XCTAssertEqual(registered, Set(HubAPI.routes.map { "\($0.method) \($0.routerPath)" }))
  }

  func testEveryRouteIsServedAndTheDocumentToo() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    let served = try await hub.http.send("GET", HubAPI.openAPI.path)
    XCTAssertEqual(served.status, 200)
    XCTAssertEqual(served.header("Content-Type"), "application/json")
    XCTAssertTrue(served.body == (try ModelHubOpenAPI.data()), "/openapi.json is not the ModelHubAPI resource")

    // Every route in the table answers (none says "no route"), with the scope it declares.
    for route in HubAPI.routes {
      let path = route.path([
        "name": "nosuchmodel", "version": "1", "hash": String(repeating: "0", count: 64), "id": "nosuchkey",
      ])
      let body = ["POST", "PUT", "PATCH"].contains(route.method) ? Data("{}".utf8) : nil
      let answer = try await hub.http.send(route.method, path, key: hub.adminKey, body: body)
      let message = String(decoding: answer.body, as: UTF8.self)
      XCTAssertFalse(message.contains("No route for"), "\(route): \(message)")
      XCTAssertNotEqual(answer.status, 405, "\(route): \(message)")
      if route.scope == .admin {
        let withClientKey = try await hub.http.send(route.method, path, key: hub.clientKey, body: body)
        XCTAssertEqual(withClientKey.errorCode, "PERMISSION_DENIED", "\(route) with a client key")
      }
    }
  }
}
