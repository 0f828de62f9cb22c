import Foundation
import ModelHub
import ModelHubAPI
import TestSupport
import XCTest

/// RFC 9110 range semantics (§14.1–14.4, §13.1.5 `If-Range`), identical on the sendfile path (a
/// request alone on its connection) and the router (pipelined behind `GET /healthz`). Raw
/// sockets, so that the headers arrive exactly as written.
final class RangeSemanticsTests: XCTestCase {
  private struct Case {
    let method: String
    let headers: [String: String]
    /// 200 = the whole file, 206 = `range`.
    let status: Int
    let range: ClosedRange<Int>?

    init(_ headers: [String: String], _ status: Int, _ range: ClosedRange<Int>? = nil, method: String = "GET") {
      self.method = method
      self.headers = headers
      self.status = status
      self.range = range
    }
  }

  func testRangeAndIfRangeFollowRFC9110OnBothPaths() async throws {
    let hub = try await TestHub.start()
    addTeardownBlock { await hub.stop() }
    var bytes = try HubFixtures.data("linear")
    bytes.append(Data((0..<(200_000 - bytes.count)).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 8) }))
    try await hub.createModel("m")
    let version = try await hub.upload("m", bytes, publish: true)
    let hash = version.modelHash
    let size = bytes.count
    let target = try RawHTTP.signedTarget(hash: hash, hubDirectory: hub.directory)
    let strong = "\"\(hash)\""

    let cases: [Case] = [
      // Not the grammar of a byte range: ignored, the whole file.
      Case(["Range": "bytes=+5-10"], 200), Case(["Range": "bytes=5-+10"], 200), Case(["Range": "bytes=-+5"], 200),
      Case(["Range": "bytes=5 - 10"], 200), Case(["Range": "bytes=0x5-10"], 200), Case(["Range": "bytes=10-5"], 200),
      // The unit is case-insensitive.
      Case(["Range": "BYTES=5-10"], 206, 5...10),
      // If-Range: only a strong validator equal to the current ETag keeps the range.
      Case(["Range": "bytes=5-10", "If-Range": strong], 206, 5...10),
      Case(["Range": "bytes=5-10", "If-Range": "W/\(strong)"], 200),
      Case(["Range": "bytes=5-10", "If-Range": "*"], 200),
      Case(["Range": "bytes=5-10", "If-Range": hash], 200),
      Case(["Range": "bytes=5-10", "If-Range": "Tue, 24 Nov 2026 10:00:00 GMT"], 200),
      // A range that does not apply is not evaluated: never 416 then.
      Case(["Range": "bytes=\(size)-", "If-Range": "\"other\""], 200),
      Case(["Range": "bytes=\(size)-", "If-Range": "W/\(strong)"], 200),
      Case(["Range": "bytes=-0", "If-Range": "*"], 200),
      Case(["Range": "bytes=\(size)-", "If-Range": strong], 416),
      Case(["Range": "bytes=\(size)-"], 416),
      // Range is defined for GET only: HEAD describes the whole file.
      Case(["Range": "bytes=5-10"], 200, method: "HEAD"), Case([:], 200, method: "HEAD"),
      Case(["Range": "bytes=\(size)-"], 200, method: "HEAD"),
    ]
    for item in cases {
      let request = RawHTTP.request(target, item.headers, method: item.method)
      let label = "\(item.method) \(item.headers)"
      let bodiless = item.method == "HEAD"
      let direct = try RawConnection(port: hub.port)
      try direct.send(Data(request.utf8))
      let alone = try RawResponseReader(direct).next(bodiless: bodiless)
      // Pipelined behind a router request (so the router answers it), with one more behind it
      // to show the connection is still in step.
      let routed = try RawConnection(port: hub.port)
      try routed.send(Data((RawHTTP.request("/healthz") + request + RawHTTP.request("/healthz")).utf8))
      let reader = RawResponseReader(routed)
      XCTAssertEqual(try reader.next().status, 200)
      let behind = try reader.next(bodiless: bodiless)
      let after = try reader.next()
      XCTAssertEqual(after.status, 200, "\(label): the request after it")
      XCTAssertEqual(after.body, try HubJSON.encoder().encode(["status": "ok"]), label)

      for (path, answer) in [("sendfile", alone), ("router", behind)] {
        XCTAssertEqual(answer.status, item.status, "\(label) on the \(path) path")
        switch item.status {
        case 200:
          XCTAssertEqual(answer.headers["content-length"], "\(size)", "\(label) on the \(path) path")
          XCTAssertNil(answer.headers["content-range"], "\(label) on the \(path) path")
          if !bodiless { XCTAssertTrue(answer.body == bytes, "\(label) on the \(path) path: the whole file") }
        case 206:
          let range = try XCTUnwrap(item.range)
          XCTAssertEqual(
            answer.headers["content-range"], "bytes \(range.lowerBound)-\(range.upperBound)/\(size)", label)
          XCTAssertTrue(
            answer.body == bytes.subdata(in: range.lowerBound..<range.upperBound + 1), "\(label) on the \(path) path")
        default:
          XCTAssertEqual(answer.headers["content-range"], "bytes */\(size)", "\(label) on the \(path) path")
        }
      }
    }
  }
}
