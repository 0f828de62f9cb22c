import ModelHubAPI
import XCTest

/// Paths built from the route table, and requests matched against it.
final class HubRouteTests: XCTestCase {
  func testPathsAreBuiltFromTemplates() {
    XCTAssertEqual(HubAPI.downloadModel.path(["name": "flowers"]), "/v1/models/flowers:download")
    XCTAssertEqual(HubAPI.publishVersion.path(["name": "m", "version": "3"]), "/v1/models/m/versions/3:publish")
    XCTAssertEqual(HubAPI.getVersion.path(["name": "m"]), "/v1/models/m/versions/{version}")
    XCTAssertEqual(HubAPI.listModels.path([:]), "/v1/models")
  }

  func testRouterPathsDropVerbs() {
    XCTAssertEqual(HubAPI.downloadModel.routerPath, "/v1/models/{name}")
    XCTAssertEqual(HubAPI.unpublishVersion.routerPath, "/v1/models/{name}/versions/{version}")
    XCTAssertEqual(HubAPI.revokeKey.routerPath, "/v1/keys/{id}")
    XCTAssertEqual(HubAPI.listKeys.routerPath, "/v1/keys")
  }

  func testMethodsForPath() {
    XCTAssertEqual(HubAPI.methods(forPath: "/v1/models"), ["GET", "HEAD", "POST"])
    XCTAssertEqual(HubAPI.methods(forPath: "/v1/models/m:download"), ["DELETE", "GET", "HEAD", "PATCH"])
    XCTAssertEqual(HubAPI.methods(forPath: "/v1/models/m/versions/2:publish"), ["GET", "HEAD", "POST"])
    XCTAssertEqual(HubAPI.methods(forPath: "/v1/files/abc"), ["GET", "HEAD"])
    XCTAssertEqual(HubAPI.methods(forPath: "/v1/nothing"), [])
    XCTAssertEqual(HubAPI.methods(forPath: "/v1/models//versions"), [])
  }

  func testScopes() {
    XCTAssertEqual(HubAPI.downloadModel.scope, .client)
    XCTAssertEqual(HubAPI.getVersionSignature.scope, .client)
    XCTAssertNil(HubAPI.getFile.scope)
    let clientRoutes = [HubAPI.downloadModel, HubAPI.getVersionSignature]
    XCTAssertTrue(
      HubAPI.routes.filter { $0.path.hasPrefix("/v1/models") && !clientRoutes.contains($0) }
        .allSatisfy { $0.scope == .admin })
  }
}
