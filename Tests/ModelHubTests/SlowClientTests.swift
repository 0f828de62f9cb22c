import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// Slow and idle clients against the real hub over real sockets, with timeouts of a fraction of
/// a second (set as `hub serve` flags set them): each pattern is cut at its timeout, counted and
/// loses nothing, while clients that are slow but progressing are served.
final class SlowClientTests: XCTestCase {
  private static let short = Duration.milliseconds(600)

  /// A hub with every timeout `short` (unless changed) and room for large models.
  private func hub(maxConnections: Int? = nil, _ change: (inout HubTimeouts) -> Void = { _ in }) async throws -> TestHub
  {
    var timeouts = HubTimeouts(
      firstByte: Self.short, requestHead: Self.short, body: Self.short, bodyMinimumBytes: 2000, keepAlive: Self.short,
      send: Self.short)
    change(&timeouts)
    let hub = try await TestHub.start {
      $0.maxUploadBytes = 64 << 20
      $0.timeouts = timeouts
      $0.maxConnections = maxConnections
    }
    addTeardownBlock { await hub.stop() }
    return hub
  }

  /// Sends `chunk` every `interval` seconds until the hub closes: the seconds that took, or nil
  /// if the connection was still open after `limit`.
  private func trickle(_ connection: RawConnection, _ chunk: Data, every interval: Double, limit: Double = 10)
    -> Double?
  {
    let start = Date()
    while Date().timeIntervalSince(start) < limit {
      if !connection.trySend(chunk) || connection.closedByPeer() { return Date().timeIntervalSince(start) }
      usleep(useconds_t(interval * 1e6))
    }
    return nil
  }

  /// Waits (up to 5 s) for the count of `reason` to reach `count`.
  private func cuts(_ hub: TestHub, _ reason: ConnectionCut, reaching count: Int = 1) async throws -> Int {
    let deadline = Date().addingTimeInterval(5)
    while hub.connections.current[reason] < count, Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
    return hub.connections.current[reason]
  }

  /// The seconds until the hub closes `connection` (reading whatever comes), nil after 10 s.
  private func secondsUntilClosed(_ connection: RawConnection) -> Double? {
    connection.setReceiveTimeout(10)
    let start = Date()
    return connection.drainUntilClosed().map { _ in Date().timeIntervalSince(start) }
  }

  private func model(size: Int) throws -> Data {
    var bytes = try HubFixtures.data("linear")
    bytes.append(Data((0..<(size - bytes.count)).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 11) }))
    return bytes
  }

  // MARK: Read timeouts

  func testSilentConnectionIsCutAtTheFirstByteTimeout() async throws {
    let hub = try await hub()
    let connection = try RawConnection(port: hub.port)
    let seconds = try XCTUnwrap(secondsUntilClosed(connection), "a silent connection stayed open")
    XCTAssertGreaterThanOrEqual(seconds, 0.5)
    XCTAssertLessThan(seconds, 5)
    let cut = try await cuts(hub, .firstByte)
    XCTAssertEqual(cut, 1)
  }

  func testHeadSentOneByteAtATimeIsCutAtTheHeadTimeout() async throws {
    let hub = try await hub { $0.firstByte = .seconds(30) }
    let connection = try RawConnection(port: hub.port)
    XCTAssertTrue(connection.trySend(Data("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)))
    let seconds = try XCTUnwrap(trickle(connection, Data("a".utf8), every: 0.05), "a dribbled head stayed open")
    XCTAssertGreaterThanOrEqual(seconds, 0.5)
    XCTAssertLessThan(seconds, 5)
    let cut = try await cuts(hub, .requestHead)
    XCTAssertEqual(cut, 1)
  }

  func testStalledBodyIsCutAndLosesNothingWhileASlowSteadyUploadGoesThrough() async throws {
    let hub = try await hub { $0.firstByte = .seconds(30) }
    try await hub.createModel("m")
    func head(_ length: Int) -> Data {
      Data(
        ("POST /v1/models/m/versions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(hub.adminKey)\r\n"
          + "Content-Type: application/octet-stream\r\nContent-Length: \(length)\r\n\r\n").utf8)
    }
    // 10 bytes every 50 ms: 120 bytes per 0.6 s window, under the 2000 asked for.
    let stalled = try RawConnection(port: hub.port)
    XCTAssertTrue(stalled.trySend(head(100_000)))
    let seconds = try XCTUnwrap(
      trickle(stalled, Data(repeating: 1, count: 10), every: 0.05), "a trickled body stayed open")
    XCTAssertLessThan(seconds, 5)
    let cut = try await cuts(hub, .bodyProgress)
    XCTAssertEqual(cut, 1)

    // 3000 bytes every 50 ms for about 1.5 s: longer than the body timeout, but progressing.
    let bytes = try model(size: 90_000)
    let steady = try RawConnection(port: hub.port)
    steady.setReceiveTimeout(10)
    XCTAssertTrue(steady.trySend(head(bytes.count)))
    for start in stride(from: 0, to: bytes.count, by: 3000) {
      XCTAssertTrue(steady.trySend(bytes[start..<min(start + 3000, bytes.count)]), "cut at byte \(start)")
      usleep(50_000)
    }
    let response = try RawResponseReader(steady).next()
    XCTAssertEqual(response.status, 201, String(decoding: response.body, as: UTF8.self))
    let versions = try await hub.http.send("GET", "/v1/models/m/versions", key: hub.adminKey)
    XCTAssertEqual(try versions.decode(HubVersionList.self).versions.count, 1, "the stalled upload left a version")
    XCTAssertEqual(hub.connections.current[.bodyProgress], 1)
    let deadline = Date().addingTimeInterval(5)
    while hub.temporaryFiles() > 0, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
    XCTAssertEqual(hub.temporaryFiles(), 0, "the stalled upload left a temporary file")
  }

  func testIdleKeepAliveConnectionIsCutWhileABusyOneStays() async throws {
    let hub = try await hub()
    let connection = try RawConnection(port: hub.port)
    connection.setReceiveTimeout(10)
    let reader = RawResponseReader(connection)
    // Requests 0.35 s apart: each gap is shorter than the keep-alive timeout, their sum longer.
    for _ in 0..<4 {
      XCTAssertTrue(connection.trySend(Data(RawHTTP.request("/healthz").utf8)))
      XCTAssertEqual(try reader.next().status, 200)
      usleep(350_000)
    }
    XCTAssertEqual(hub.connections.current[.keepAlive], 0)
    let start = Date()
    XCTAssertTrue(reader.closedByServer())
    let seconds = Date().timeIntervalSince(start)
    XCTAssertLessThan(seconds, 5)
    let cut = try await cuts(hub, .keepAlive)
    XCTAssertEqual(cut, 1)
  }

  // MARK: Send timeout

  private func publishedDownload(_ hub: TestHub, size: Int) async throws -> (bytes: Data, target: String) {
    let bytes = try model(size: size)
    try await hub.createModel("big")
    try await hub.upload("big", bytes, publish: true)
    let info = try await hub.download("big").decode(HubDownloadInfo.self)
    return (bytes, RawHTTP.target(info.downloadUri))
  }

  func testClientThatStopsReadingIsCutOnTheSendfileAndRouterPaths() async throws {
    let hub = try await hub {
      $0.firstByte = .seconds(30)
      $0.keepAlive = .seconds(30)
    }
    let (bytes, target) = try await publishedDownload(hub, size: 24 << 20)
    // Sendfile: a lone signed GET.
    let direct = try RawConnection(port: hub.port, receiveBuffer: 4096)
    XCTAssertTrue(direct.trySend(Data(RawHTTP.request(target).utf8)))
    let first = try await cuts(hub, .sendProgress)
    XCTAssertEqual(first, 1, "a client that stopped reading a sendfile download was not cut")
    direct.setReceiveTimeout(10)
    XCTAssertLessThan(try XCTUnwrap(direct.drainUntilClosed()), bytes.count)
    XCTAssertEqual(hub.directFiles.current.served, 0)

    // Router: the same GET pipelined behind another request is streamed by the router.
    let routed = try RawConnection(port: hub.port, receiveBuffer: 4096)
    XCTAssertTrue(routed.trySend(Data((RawHTTP.request("/healthz") + RawHTTP.request(target)).utf8)))
    let second = try await cuts(hub, .sendProgress, reaching: 2)
    XCTAssertEqual(second, 2, "a client that stopped reading a streamed download was not cut")
    routed.setReceiveTimeout(10)
    XCTAssertLessThan(try XCTUnwrap(routed.drainUntilClosed()), bytes.count)
  }

  func testSlowSteadyReaderGetsTheWholeFile() async throws {
    let hub = try await hub { $0.firstByte = .seconds(30) }
    let (bytes, target) = try await publishedDownload(hub, size: 3 << 20)
    let connection = try RawConnection(port: hub.port, receiveBuffer: 16384)
    connection.setReceiveTimeout(10)
    XCTAssertTrue(connection.trySend(Data(RawHTTP.request(target, ["Connection": "close"]).utf8)))
    // About 2 MiB/s for 3 MiB: longer than the send timeout, with a write completing often.
    var received = Data()
    while let chunk = connection.receiveChunk() {
      received.append(chunk)
      usleep(5_000)
    }
    guard let end = received.range(of: Data("\r\n\r\n".utf8)) else { return XCTFail("no response head") }
    XCTAssertTrue(received[end.upperBound...] == bytes, "the body differs (\(received.count - end.upperBound) bytes)")
    XCTAssertEqual(hub.connections.current[.sendProgress], 0)
  }

  // MARK: The connection cap

  func testIdleConnectionsAtTheCapMakeRoomForRealWork() async throws {
    let hub = try await hub(maxConnections: 8) {
      $0.firstByte = .seconds(30)
      $0.keepAlive = .seconds(30)
    }
    let (bytes, _) = try await publishedDownload(hub, size: 100_000)
    let idle = try (0..<30).map { _ in try RawConnection(port: hub.port) }
    let evicted = try await cuts(hub, .evicted, reaching: 22)
    XCTAssertGreaterThanOrEqual(evicted, 22)
    XCTAssertTrue(idle[0].closedByPeer(), "the longest-idle connection is still open")

    let health = try RawConnection(port: hub.port)
    health.setReceiveTimeout(5)
    XCTAssertTrue(health.trySend(Data(RawHTTP.request("/healthz").utf8)))
    XCTAssertEqual(try RawResponseReader(health).next().status, 200)
    let check = try await hub.download("big")
    XCTAssertEqual(check.status, 200)
    let file = try await hub.http.send("GET", try check.decode(HubDownloadInfo.self).downloadUri)
    XCTAssertTrue(file.body == bytes)
    XCTAssertEqual(hub.connections.current.refused, 0)
  }

  func testBusyConnectionsAtTheCapRefuseNewOnesWith503() async throws {
    let hub = try await hub(maxConnections: 2) {
      $0.body = .seconds(30)
      $0.firstByte = .seconds(30)
    }
    try await hub.createModel("m")
    let uploads = try (0..<2).map { _ in try RawConnection(port: hub.port) }
    for upload in uploads {
      XCTAssertTrue(
        upload.trySend(
          Data(
            ("POST /v1/models/m/versions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(hub.adminKey)\r\n"
              + "Content-Length: 100000\r\n\r\n").utf8)))
    }
    try await Task.sleep(for: .milliseconds(200))
    let refused = try RawConnection(port: hub.port)
    refused.setReceiveTimeout(5)
    let response = try RawResponseReader(refused).next()
    XCTAssertEqual(response.status, 503)
    XCTAssertEqual(response.headers["retry-after"], "1")
    XCTAssertTrue(String(decoding: response.body, as: UTF8.self).contains("TOO_MANY_CONNECTIONS"))
    XCTAssertEqual(hub.connections.current.refused, 1)
  }

  /// The hub as users run it, under `ulimit -n 1024`, with more idle connections than it has
  /// descriptors: health, version checks and downloads still answer.
  func testMoreIdleConnectionsThanDescriptorsUnderUlimit() async throws {
    XCTAssertGreaterThan(ConnectionCap.raiseDescriptorLimit(), 1300, "the test needs 1,300 descriptors of its own")
    let folder = try TestPaths.temporaryDirectory("modelhub-tests")
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appendingPathComponent("hub")
    func key(_ scope: String) throws -> String {
      try CLIRun.run(["hub", "keys", "create"] + TestBackend.storeArguments(data) + ["--scope", scope]).stdout
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let (admin, client) = (try key("admin"), try key("client"))
    let server = HubProcess(data: data)
    try server.start(extra: ["--no-load-check", "--first-byte-timeout", "120"], descriptorLimit: 1024)
    defer { _ = server.stop() }
    let http = HTTPClient(base: server.base)
    let created = try await http.json("POST", "/v1/models", key: admin, HubCreateModelRequest(name: "m"))
    XCTAssertEqual(created.status, 201)
    let bytes = try model(size: 200_000)
    let uploaded = try await http.send("POST", "/v1/models/m/versions?publish=true", key: admin, body: bytes)
    XCTAssertEqual(uploaded.status, 201)

    let idle = try (0..<1100).map { _ in try RawConnection(port: server.port) }
    XCTAssertEqual(idle.count, 1100)
    let health = try RawConnection(port: server.port)
    health.setReceiveTimeout(5)
    XCTAssertTrue(health.trySend(Data(RawHTTP.request("/healthz").utf8)))
    XCTAssertEqual(try RawResponseReader(health).next().status, 200)
    let check = try await http.send("GET", "/v1/models/m:download", key: client)
    XCTAssertEqual(check.status, 200, String(decoding: check.body, as: UTF8.self))
    let file = try await http.send("GET", try check.decode(HubDownloadInfo.self).downloadUri)
    XCTAssertTrue(file.body == bytes, "the download differs")
  }

  func testServeRefusesBadTimeoutAndCapFlags() throws {
    let folder = try TestPaths.temporaryDirectory("modelhub-tests")
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appendingPathComponent("hub")
    for (flag, value) in [
      ("--first-byte-timeout", "0"), ("--header-timeout", "-1"), ("--body-timeout", "nan"),
      ("--keep-alive-timeout", "1e9"),
      ("--send-timeout", "0"), ("--body-min-bytes", "0"), ("--max-connections", "0"),
    ] {
      let refused = try CLIRun.run(["hub", "serve", "--data", data.path, flag, value])
      XCTAssertEqual(refused.status, 2, "\(flag) \(value): \(refused.stderr)")
      XCTAssertTrue(refused.stderr.contains(flag), "\(flag) \(value): \(refused.stderr)")
    }
  }
}
