import Crypto
import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// Three hub nodes behind nginx on one PostgreSQL database and one blob store
/// (``ThreeNodeCluster``): what one node writes every node serves, a node killed with -9
/// mid-upload leaves nothing half-visible, a revoked key is refused everywhere within a second,
/// and a download URL issued by one node works on all.
///
/// Always on PostgreSQL, so it runs in the default pass only (`TB_HUB_DATABASE=postgres` reruns
/// the hub suites with one database per data folder, which is not this layout).
final class ThreeNodeTests: XCTestCase {
  override func setUp() async throws {
    try XCTSkipIf(TestBackend.isPostgres, "runs in the default pass (it always uses PostgreSQL)")
  }

  private static func hex(_ data: Data) -> String {
    SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
  }

  func testAnUploadThroughOneNodeIsListedAndDownloadedOnTheOthersAndThroughNginx() async throws {
    let cluster = try await ThreeNodeCluster.start(for: self, label: "upload")
    let key = cluster.adminKey
    let bytes = try HubFixtures.data("two_vectors")
    let uploaded = try await cluster.clients[0].deploy("shared", bytes, key: key)
    XCTAssertEqual(uploaded.modelHash, Self.hex(bytes))
    for client in cluster.clients.dropFirst() {
      let listed = try await ThreeNodeCluster.within(seconds: 1) {
        let page = try await client.send("GET", HubAPI.listModels.path([:]), key: key).decode(HubModelPage.self)
        return page.models.map(\.name) == ["shared"]
      }
      XCTAssertNotNil(listed, "\(client.base) does not list the model within 1 s")
      let versions = try await client.versions("shared", key: key)
      XCTAssertEqual(versions.map(\.version), [1], client.base)
      XCTAssertEqual(versions.first?.modelHash, uploaded.modelHash, client.base)
      let downloaded = try await client.downloadBytes("shared", key: key)
      XCTAssertEqual(downloaded, bytes, "\(client.base) serves other bytes")
    }
  }

  func testANodeKilledMidUploadLeavesNothingHalfVisibleAndVerifiesCleanAfterRestart() async throws {
    let cluster = try await ThreeNodeCluster.start(for: self, label: "kill")
    let key = cluster.adminKey
    let first = try HubFixtures.data("two_vectors")
    let v1 = try await cluster.clients[0].deploy("m", first, key: key)

    // Straight to node 2: the headers and 1/32 of an 8 MB body, then kill -9 once it is writing.
    let victim = cluster.nodes[1]
    let connection = try RawConnection(port: victim.port)
    let declared = 8 * 1024 * 1024
    let head = "POST /v1/models/m/versions?publish=true HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    let auth = "Authorization: Bearer \(key)\r\nContent-Type: application/octet-stream\r\n"
    try connection.send(Data((head + auth + "Content-Length: \(declared)\r\n\r\n").utf8))
    try connection.send(try HubFixtures.data("linear") + Data(count: 256 * 1024))
    let temporary = victim.data.appendingPathComponent("tmp")
    let writing = try await ThreeNodeCluster.within(seconds: 10) {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
      return names.contains { name in
        let attributes = try? FileManager.default.attributesOfItem(atPath: temporary.appendingPathComponent(name).path)
        return ((attributes?[.size] as? NSNumber)?.intValue ?? 0) > 0
      }
    }
    XCTAssertNotNil(writing, "the upload did not reach node 2's temporary file")
    victim.kill9()

    // The others (and nginx, which skips the dead node) still see exactly version 1, whole.
    let survivors = [cluster.clients[0], cluster.clients[2], cluster.clients[3]]
    for client in survivors {
      let versions = try await client.versions("m", key: key)
      XCTAssertEqual(versions.map(\.version), [1], client.base)
      XCTAssertEqual(versions.map(\.modelHash), [v1.modelHash], client.base)
      let downloaded = try await client.downloadBytes("m", key: key)
      XCTAssertEqual(Self.hex(downloaded), v1.modelHash, client.base)
    }
    try await assertVerifiesClean(cluster)

    // Restarted on its port: recovery finds nothing to repair, nothing appears, uploads work.
    try victim.start(port: victim.port, extra: cluster.serveArguments)
    try await assertVerifiesClean(cluster)
    for client in cluster.clients {
      let versions = try await client.versions("m", key: key)
      XCTAssertEqual(versions.map(\.version), [1], client.base)
    }
    let second = try HubFixtures.data("linear")
    let v2 = try await cluster.clients[1].deploy("m", second, key: key)
    XCTAssertEqual(v2.version, 2)
    for client in cluster.clients {
      let seen = try await ThreeNodeCluster.within(seconds: 1) {
        Set(try await client.versions("m", key: key).map(\.version)) == [1, 2]
      }
      XCTAssertNotNil(seen, "\(client.base) does not list version 2 within 1 s")
    }
  }

  func testAKeyRevokedOnOneNodeIsRefusedByAllThreeAndThroughNginxWithinOneSecond() async throws {
    let cluster = try await ThreeNodeCluster.start(for: self, label: "revoke")
    let doomed = try await cluster.admin.createKey(scope: .admin)
    for client in cluster.clients {
      let accepted = try await ThreeNodeCluster.within(seconds: 1) { try await client.status(key: doomed.key) == 200 }
      XCTAssertNotNil(accepted, "\(client.base) does not accept a new key within 1 s")
    }
    let revoke = try await cluster.clients[1].send("POST", "/v1/keys/\(doomed.id):revoke", key: cluster.adminKey)
    XCTAssertEqual(revoke.status, 200, revoke.text)
    let revokedAt = Date()
    for client in cluster.clients {
      let refused = try await ThreeNodeCluster.within(seconds: 2) { try await client.status(key: doomed.key) == 401 }
      XCTAssertNotNil(refused, "\(client.base) still accepts the key 2 s after it was revoked")
      XCTAssertLessThan(Date().timeIntervalSince(revokedAt), 1, "\(client.base) refused it only after a second")
    }
    // Every request through nginx (round robin over the three) is refused; the admin key still works.
    for _ in 0..<6 {
      let refused = try await cluster.clients[3].status(key: doomed.key)
      XCTAssertEqual(refused, 401)
    }
    for client in cluster.clients {
      let accepted = try await client.status(key: cluster.adminKey)
      XCTAssertEqual(accepted, 200, client.base)
    }
  }

  func testADownloadURLIssuedByOneNodeWorksOnTheOthersAndThroughNginx() async throws {
    let cluster = try await ThreeNodeCluster.start(for: self, label: "urls")
    let key = cluster.adminKey
    let bytes = try HubFixtures.data("two_vectors")
    try await cluster.clients[0].deploy("m", bytes, key: key)
    for issuer in cluster.clients {
      let info = try await issuer.send("GET", HubAPI.downloadModel.path(["name": "m"]), key: key)
        .decode(HubDownloadInfo.self)
      let path = try HTTPClient.pathAndQuery(info.downloadUri)
      for client in cluster.clients {
        let file = try await client.send("GET", path)
        XCTAssertEqual(file.status, 200, "a URL from \(issuer.base) at \(client.base): \(file.text)")
        XCTAssertEqual(file.body, bytes, "a URL from \(issuer.base) at \(client.base)")
      }
    }
    // The signature is checked on every node: a URL with another signature is refused.
    let info = try await cluster.clients[0].send("GET", HubAPI.downloadModel.path(["name": "m"]), key: key)
      .decode(HubDownloadInfo.self)
    let forged = try HTTPClient.pathAndQuery(info.downloadUri).replacingOccurrences(
      of: "signature=", with: "signature=00")
    for client in cluster.clients {
      let refused = try await client.send("GET", forged)
      XCTAssertEqual(refused.status, 403, "\(client.base) accepted a forged signature")
    }
  }

  /// `verify()` over the shared database and blob folder finds no problem (on S3 the blobs are
  /// checked through every node's downloads instead: the store opened here reads local blobs).
  private func assertVerifiesClean(_ cluster: ThreeNodeCluster, line: UInt = #line) async throws {
    guard case .sharedFolder = cluster.blobs else { return }
    let problems = try await cluster.admin.verify()
    XCTAssertEqual(problems, [], line: line)
  }
}
