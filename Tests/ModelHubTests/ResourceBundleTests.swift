import Foundation
import TestSupport
import XCTest

/// A `tensorbridge` binary copied without its resource folders (a careless deploy) says which
/// folder to ship and exits, instead of stopping on SwiftPM's `Bundle.module` `fatalError`; with
/// the folders beside it, or reached through a symbolic link, it works.
final class ResourceBundleTests: XCTestCase {
  /// The CLI alone in a new folder: a hard link where the file system allows it, else a copy.
  private func loneBinary() throws -> URL {
    let folder = try TestPaths.temporaryDirectory(for: self, "tb-lone")
    let binary = folder.appendingPathComponent("tensorbridge")
    do { try FileManager.default.linkItem(at: BuiltProducts.cli, to: binary) } catch {
      try FileManager.default.copyItem(at: BuiltProducts.cli, to: binary)
    }
    return binary
  }

  func testABinaryWithoutItsResourcesSaysWhatToShip() throws {
    let binary = try loneBinary()
    let openAPI = try ProcessRun.run(binary, ["hub", "openapi"], timeLimit: 60)
    XCTAssertFalse(openAPI.signalled, "stopped by signal \(openAPI.status): \(openAPI.stderr)")
    XCTAssertEqual(openAPI.status, 1)
    XCTAssertTrue(openAPI.stderr.contains("TensorBridge_ModelHubAPI.resources is not in"), openAPI.stderr)

    let data = binary.deletingLastPathComponent().appendingPathComponent("data")
    let serve = try ProcessRun.run(
      binary, ["hub", "serve", "--data", data.path, "--port", "0"], timeLimit: 60)
    XCTAssertFalse(serve.signalled, "stopped by signal \(serve.status): \(serve.stderr)")
    XCTAssertFalse(serve.timedOut, "the hub started without its resources")
    XCTAssertEqual(serve.status, 1)
    XCTAssertTrue(serve.stderr.contains("ship it beside the tensorbridge binary"), serve.stderr)
  }

  func testResourcesBesideTheBinaryOrBehindALinkAreFound() throws {
    let binary = try loneBinary()
    let folder = binary.deletingLastPathComponent()
    let products = BuiltProducts.cli.deletingLastPathComponent()
    for name in ["TensorBridge_ModelHubAPI.resources", "TensorBridge_ModelHub.resources"] {
      try FileManager.default.copyItem(
        at: products.appendingPathComponent(name), to: folder.appendingPathComponent(name))
    }
    let expected = try String(
      contentsOf: TestPaths.repository.appendingPathComponent("docs/openapi.json"), encoding: .utf8)
    let direct = try ProcessRun.run(binary, ["hub", "openapi"], timeLimit: 60)
    XCTAssertEqual(direct.status, 0, direct.stderr)
    XCTAssertEqual(
      direct.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
      expected.trimmingCharacters(in: .whitespacesAndNewlines))

    let elsewhere = try TestPaths.temporaryDirectory(for: self, "tb-link")
    let link = elsewhere.appendingPathComponent("tensorbridge")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: binary)
    let linked = try ProcessRun.run(link, ["hub", "openapi"], timeLimit: 60)
    XCTAssertEqual(linked.status, 0, linked.stderr)
    XCTAssertEqual(linked.stdout, direct.stdout)
  }
}
