import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// Signed file downloads answered on the connection with a `FileRegion` (sendfile) rather than
/// through the router: same bytes and headers, errors still from the router, order kept on
/// pipelined connections, clients leaving mid-file. `hub.directFiles` counts what the sendfile
/// path answered, so each test knows which path a response took.
final class SendfileTests: XCTestCase {
  private struct Served {
    let hub: TestHub
    let bytes: Data
    let info: HubDownloadInfo
    var target: String { RawHTTP.target(info.downloadUri) }
    var blobPath: String {
      hub.directory.appendingPathComponent("blobs/\(info.modelHash.prefix(2))/\(info.modelHash)").path
    }
  }

  /// A hub with one published model of `size` bytes: a real model followed by a byte pattern,
  /// so that every range is distinguishable.
  private func serve(size: Int = 3 << 20, _ configure: (inout HubConfiguration) -> Void = { _ in }) async throws
    -> Served
  {
    let hub = try await TestHub.start {
      $0.maxUploadBytes = 64 << 20
      configure(&$0)
    }
    addTeardownBlock { await hub.stop() }
    var bytes = try HubFixtures.data("linear")
    bytes.append(Data((0..<(size - bytes.count)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }))
    try await hub.createModel("m")
    try await hub.upload("m", bytes, publish: true)
    let info = try await hub.download("m").decode(HubDownloadInfo.self)
    return Served(hub: hub, bytes: bytes, info: info)
  }

  /// The counters move when a response's last write completes, which can be just after the
  /// client has read it: wait a little for them.
  private func counts(of hub: TestHub, reaching served: Int) async throws -> DirectFileCounters.Counts {
    let deadline = Date().addingTimeInterval(5)
    while hub.directFiles.current.served < served, Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
    return hub.directFiles.current
  }

  func testWholeFileRangesAndConditionalsGoThroughSendfile() async throws {
    let served = try await serve()
    let (hub, bytes, info) = (served.hub, served.bytes, served.info)
    let size = bytes.count
    let before = hub.directFiles.current

    let whole = try await hub.http.send("GET", info.downloadUri)
    XCTAssertEqual(whole.status, 200)
    XCTAssertTrue(whole.body == bytes, "the whole file differs")
    XCTAssertEqual(whole.header("Content-Length"), "\(size)")
    XCTAssertEqual(whole.header("ETag"), "\"\(info.modelHash)\"")
    XCTAssertEqual(whole.header("Accept-Ranges"), "bytes")
    XCTAssertEqual(whole.header("Content-Type"), "application/octet-stream")
    XCTAssertEqual(whole.header("Cache-Control"), "private, max-age=31536000, immutable")
    XCTAssertEqual(whole.header("Server"), "ModelHub")
    XCTAssertNotNil(whole.header("Date"))
    let afterWhole = try await counts(of: hub, reaching: before.served + 1).served
    XCTAssertEqual(afterWhole, before.served + 1)

    let ranges: [(String, ClosedRange<Int>)] = [
      ("bytes=0-0", 0...0), ("bytes=100-199", 100...199), ("bytes=-16", size - 16...size - 1),
      ("bytes=\(size - 10)-", size - 10...size - 1), ("bytes=1000-", 1000...size - 1),
      ("bytes=5-\(size + 1000)", 5...size - 1), ("bytes=-\(size + 5)", 0...size - 1),
      ("bytes=\(size - 1)-\(size - 1)", size - 1...size - 1),
    ]
    for (header, range) in ranges {
      let answer = try await hub.http.send("GET", info.downloadUri, headers: ["Range": header])
      XCTAssertEqual(answer.status, 206, header)
      XCTAssertTrue(answer.body == bytes.subdata(in: range.lowerBound..<range.upperBound + 1), header)
      XCTAssertEqual(answer.header("Content-Range"), "bytes \(range.lowerBound)-\(range.upperBound)/\(size)", header)
      XCTAssertEqual(answer.header("Content-Length"), "\(range.count)", header)
    }
    // If-Range naming this file keeps the range; naming another sends the whole file.
    let kept = try await hub.http.send(
      "GET", info.downloadUri, headers: ["Range": "bytes=100-", "If-Range": "\"\(info.modelHash)\""])
    XCTAssertEqual(kept.status, 206)
    XCTAssertTrue(kept.body == bytes.suffix(from: 100))
    let stale = try await hub.http.send(
      "GET", info.downloadUri, headers: ["Range": "bytes=100-", "If-Range": "\"other\""])
    XCTAssertEqual(stale.status, 200)
    XCTAssertTrue(stale.body == bytes)
    XCTAssertNil(stale.header("Content-Range"))
    // Malformed and multiple ranges are ignored (RFC 9110): the whole file.
    for header in ["bytes=abc", "bytes=0-1,5-6", "items=0-5"] {
      let answer = try await hub.http.send("GET", info.downloadUri, headers: ["Range": header])
      XCTAssertEqual(answer.status, 200, header)
      XCTAssertEqual(answer.body.count, size, header)
    }
    let cached = try await hub.http.send("GET", info.downloadUri, headers: ["If-None-Match": "W/\"\(info.modelHash)\""])
    XCTAssertEqual(cached.status, 304)
    XCTAssertEqual(cached.header("ETag"), "\"\(info.modelHash)\"")
    XCTAssertTrue(cached.body.isEmpty)
    let head = try await hub.http.send("HEAD", info.downloadUri)
    XCTAssertEqual(head.status, 200)
    XCTAssertEqual(head.header("Content-Length"), "\(size)")
    XCTAssertTrue(head.body.isEmpty)

    let expected = before.served + 1 + ranges.count + 2 + 3 + 2
    let after = try await counts(of: hub, reaching: expected)
    XCTAssertEqual(after.served, expected, "every answer came from the sendfile path")
    XCTAssertEqual(after.failed, 0)
  }

  /// The same request answered by the sendfile path and by the router (pipelined behind another
  /// request, so passed on) gets the same status, headers (but `Date`) and bytes.
  func testSendfileAndRouterAnswerAlike() async throws {
    let served = try await serve(size: 200_000)
    let hub = served.hub
    for headers in [
      [:], ["Range": "bytes=1000-1999"], ["Range": "bytes=-10"], ["If-None-Match": "\"\(served.info.modelHash)\""],
      ["Range": "bytes=10-", "If-Range": "\"x\""],
    ] {
      let request = RawHTTP.request(served.target, headers)
      let before = hub.directFiles.current.served
      let direct = try RawConnection(port: hub.port)
      try direct.send(Data(request.utf8))
      let first = try RawResponseReader(direct).next()
      let afterDirect = try await counts(of: hub, reaching: before + 1).served
      XCTAssertEqual(afterDirect, before + 1, "\(headers)")

      let routed = try RawConnection(port: hub.port)
      try routed.send(Data((RawHTTP.request("/healthz") + request).utf8))
      let reader = RawResponseReader(routed)
      XCTAssertEqual(try reader.next().status, 200)
      let second = try reader.next()
      XCTAssertEqual(hub.directFiles.current.served, before + 1, "the pipelined one went to the router: \(headers)")

      XCTAssertEqual(first.status, second.status, "\(headers)")
      XCTAssertTrue(first.body == second.body, "\(headers)")
      XCTAssertEqual(
        first.headers.filter { $0.key != "date" }, second.headers.filter { $0.key != "date" }, "\(headers)")
    }
  }

  /// Forged, expired, unknown and unsatisfiable requests still get the router's JSON errors.
  func testErrorsStillComeFromTheRouter() async throws {
    let served = try await serve(size: 100_000)
    let (hub, info) = (served.hub, served.info)
    let before = hub.directFiles.current
    let target = served.target
    let forged = target.replacingOccurrences(of: "signature=", with: "signature=00")
    let tampered = target.replacingOccurrences(of: "expires=", with: "expires=1")
    let missing = try RawHTTP.signedTarget(hash: String(repeating: "ab", count: 32), hubDirectory: hub.directory)
    let expired = try RawHTTP.signedTarget(hash: info.modelHash, hubDirectory: hub.directory, validFor: -10)
    let cases: [(String, [String: String], Int, String)] = [
      (forged, [:], 403, "INVALID_SIGNATURE"), (tampered, [:], 403, "INVALID_SIGNATURE"),
      (expired, [:], 403, "URL_EXPIRED"), (missing, [:], 404, "FILE_NOT_FOUND"),
      (target, ["Range": "bytes=\(served.bytes.count)-"], 416, "RANGE_NOT_SATISFIABLE"),
      (target, ["Range": "bytes=-0"], 416, "RANGE_NOT_SATISFIABLE"),
      ("/v1/files/\(info.modelHash)", [:], 403, "INVALID_SIGNATURE"),
    ]
    for (path, headers, status, code) in cases {
      let answer = try await hub.http.send("GET", path, headers: headers)
      XCTAssertEqual(answer.status, status, path)
      XCTAssertEqual(answer.errorCode, code, path)
      XCTAssertEqual(answer.header("Content-Type"), "application/json; charset=utf-8", path)
    }
    let unsatisfiable = try await hub.http.send("GET", target, headers: ["Range": "bytes=\(served.bytes.count)-"])
    XCTAssertEqual(unsatisfiable.header("Content-Range"), "bytes */\(served.bytes.count)")
    XCTAssertEqual(hub.directFiles.current, before, "none of these was answered by the sendfile path")
  }

  /// Pipelined requests, some answered on the connection and some by the router, come back in
  /// the order they were sent, complete; a file request's own body is skipped.
  func testPipelinedRequestsStayInOrder() async throws {
    let served = try await serve()
    let (hub, bytes) = (served.hub, served.bytes)
    let health = RawHTTP.request("/healthz")
    let whole = RawHTTP.request(served.target)
    let slice = RawHTTP.request(served.target, ["Range": "bytes=100-199"])
    // Each batch on a new connection: on a reused one, the next request can arrive before
    // Hummingbird has written the last `.end` of a streamed response it already flushed (the
    // client has the whole body by `Content-Length`), and is then passed on — correct, but not
    // what a batch means to test.
    func pipeline(_ requests: [String]) throws -> RawResponseReader {
      let connection = try RawConnection(port: hub.port)
      try connection.send(Data(requests.joined().utf8))
      return RawResponseReader(connection)
    }

    // Router first: the file behind it is passed on too, and so is everything after.
    let first = try pipeline([health, slice, health, whole, slice])
    XCTAssertEqual(try first.next().body, try HubJSON.encoder().encode(["status": "ok"]))
    XCTAssertTrue(try first.next().body == bytes.subdata(in: 100..<200))
    XCTAssertEqual(try first.next().status, 200)
    XCTAssertTrue(try first.next().body == bytes)
    XCTAssertTrue(try first.next().body == bytes.subdata(in: 100..<200))

    // A whole file first (sendfile), a router request and a file behind it, waiting their turn.
    var before = hub.directFiles.current.served
    let second = try pipeline([whole, health, slice])
    XCTAssertTrue(try second.next().body == bytes)
    let healthAnswer = try second.next()
    XCTAssertEqual(healthAnswer.status, 200)
    XCTAssertEqual(healthAnswer.headers["content-type"], "application/json; charset=utf-8")
    XCTAssertTrue(try second.next().body == bytes.subdata(in: 100..<200))
    let afterSecond = try await counts(of: hub, reaching: before + 1).served
    XCTAssertEqual(afterSecond, before + 1, "the whole file by sendfile, the slice behind the router request not")

    // Files only, one with a body of its own: all three by sendfile, then the router again.
    before = hub.directFiles.current.served
    let withBody = RawHTTP.request(served.target, ["Range": "bytes=-5"], body: "GET /healthz HTTP/1.1\r\n\r\n")
    let third = try pipeline([whole, withBody, slice, health])
    XCTAssertTrue(try third.next().body == bytes)
    XCTAssertTrue(try third.next().body == bytes.suffix(5))
    XCTAssertTrue(try third.next().body == bytes.subdata(in: 100..<200))
    XCTAssertEqual(try third.next().status, 200)
    let afterThird = try await counts(of: hub, reaching: before + 3)
    XCTAssertEqual(afterThird, .init(served: before + 3, failed: 0))
  }

  /// A client that leaves in the middle of a file: counted as failed, the file handle closed, and
  /// the server answers the next client.
  func testClientLeavingMidFile() async throws {
    let served = try await serve(size: 16 << 20)
    let hub = served.hub
    do {
      let connection = try RawConnection(port: hub.port, receiveBuffer: 64 * 1024)
      try connection.send(Data(RawHTTP.request(served.target).utf8))
      XCTAssertGreaterThan(connection.receive(atLeast: 256 * 1024).count, 100_000)
    }  // closed here, with megabytes still to come
    let deadline = Date().addingTimeInterval(20)
    while hub.directFiles.current.failed == 0 || RawHTTP.openDescriptors(of: served.blobPath) > 0, Date() < deadline {
      try await Task.sleep(for: .milliseconds(50))
    }
    XCTAssertEqual(hub.directFiles.current.failed, 1)
    XCTAssertEqual(RawHTTP.openDescriptors(of: served.blobPath), 0, "the file handle was closed")
    let again = try await hub.http.send("GET", served.info.downloadUri, headers: ["Range": "bytes=-1000"])
    XCTAssertEqual(again.status, 206)
    XCTAssertTrue(again.body == served.bytes.suffix(1000))
    let health = try await hub.http.send("GET", "/healthz")
    XCTAssertEqual(health.status, 200)
    let final = try await counts(of: hub, reaching: 1)
    XCTAssertEqual(final, .init(served: 1, failed: 1))
  }

  /// A client that half-closes after its request still gets the whole file before the server
  /// closes; `Connection: close` closes after the file; `HEAD` sends the headers only.
  func testHalfCloseConnectionCloseAndHead() async throws {
    let served = try await serve(size: 8 << 20)
    let hub = served.hub

    let halfClosed = try RawConnection(port: hub.port)
    try halfClosed.send(Data(RawHTTP.request(served.target).utf8))
    halfClosed.shutdownWrite()
    let reader = RawResponseReader(halfClosed)
    let answer = try reader.next()
    XCTAssertEqual(answer.status, 200)
    XCTAssertTrue(answer.body == served.bytes)
    XCTAssertTrue(reader.closedByServer())

    let closing = try RawConnection(port: hub.port)
    try closing.send(Data(RawHTTP.request(served.target, ["Connection": "close", "Range": "bytes=0-9"]).utf8))
    let closingReader = RawResponseReader(closing)
    let short = try closingReader.next()
    XCTAssertEqual(short.status, 206)
    XCTAssertEqual(short.headers["connection"], "close")
    XCTAssertTrue(short.body == served.bytes.prefix(10))
    XCTAssertTrue(closingReader.closedByServer())

    let heads = try RawConnection(port: hub.port)
    try heads.send(
      Data(
        (RawHTTP.request(served.target, method: "HEAD") + RawHTTP.request(served.target, ["Range": "bytes=0-3"])).utf8))
    let headReader = RawResponseReader(heads)
    let head = try headReader.next(bodiless: true)
    XCTAssertEqual(head.status, 200)
    XCTAssertEqual(head.headers["content-length"], "\(served.bytes.count)")
    XCTAssertTrue(try headReader.next().body == served.bytes.prefix(4))
    let final = try await counts(of: hub, reaching: 4)
    XCTAssertEqual(final, .init(served: 4, failed: 0))
  }

  /// Stopping the hub while a file is being sent finishes that file, then closes the connection.
  func testGracefulStopFinishesTheFileInFlight() async throws {
    let served = try await serve(size: 16 << 20)
    let hub = served.hub
    let connection = try RawConnection(port: hub.port, receiveBuffer: 64 * 1024)
    try connection.send(Data(RawHTTP.request(served.target).utf8))
    var received = connection.receive(atLeast: 64 * 1024)
    let stopping = Task { await hub.stop() }
    try await Task.sleep(for: .milliseconds(300))
    while let chunk = connection.receiveChunk() { received.append(chunk) }
    guard let split = received.range(of: Data("\r\n\r\n".utf8)) else { return XCTFail("no response") }
    XCTAssertTrue(received[split.upperBound...] == served.bytes, "the whole file arrived before the close")
    await stopping.value
    XCTAssertEqual(hub.directFiles.current, .init(served: 1, failed: 0))
  }
}
