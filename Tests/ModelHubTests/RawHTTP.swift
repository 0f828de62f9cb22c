import Crypto
import Foundation
import ModelHubAPI
import TestSupport
import XCTest

/// One HTTP/1.1 response read off a ``RawConnection``.
struct RawResponse {
  let status: Int
  /// Header names lowercased.
  let headers: [String: String]
  let body: Data
}

/// Reads responses one after another off a raw connection (framed by `Content-Length`), so tests
/// can check what pipelined requests got and in which order.
final class RawResponseReader {
  private let connection: RawConnection
  private var buffer = Data()

  init(_ connection: RawConnection) { self.connection = connection }

  /// The next response; `bodiless` for the answer to a `HEAD`.
  func next(bodiless: Bool = false) throws -> RawResponse {
    let separator = Data("\r\n\r\n".utf8)
    while buffer.range(of: separator) == nil { try fill() }
    guard let end = buffer.range(of: separator) else { throw TestFailure("no header end") }
    let lines = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self).components(
      separatedBy: "\r\n")
    let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let length = bodiless || status == 304 ? 0 : Int(headers["content-length"] ?? "0") ?? 0
    buffer = Data(buffer[end.upperBound...])
    while buffer.count < length { try fill() }
    let body = Data(buffer.prefix(length))
    buffer = Data(buffer.dropFirst(length))
    return RawResponse(status: status, headers: headers, body: body)
  }

  /// Whether the server closed the connection (after everything it sent was read).
  func closedByServer() -> Bool {
    while buffer.isEmpty {
      guard let chunk = connection.receiveChunk() else { return true }
      buffer.append(chunk)
    }
    return false
  }

  private func fill() throws {
    guard let chunk = connection.receiveChunk() else {
      throw TestFailure("connection closed with \(buffer.count) bytes of a response")
    }
    buffer.append(chunk)
  }
}

/// Request text and signed URLs for raw-socket tests.
enum RawHTTP {
  /// A GET (or other method) with extra header lines.
  static func request(_ target: String, _ headers: [String: String] = [:], method: String = "GET", body: String = "")
    -> String
  {
    var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
    if !body.isEmpty { text += "Content-Length: \(body.utf8.count)\r\n" }
    return text + "\r\n" + body
  }

  /// The path and query of a download URL.
  static func target(_ downloadUri: String) -> String {
    guard let url = URLComponents(string: downloadUri) else { return downloadUri }
    return url.percentEncodedPath + (url.percentEncodedQuery.map { "?\($0)" } ?? "")
  }

  /// A URL for `hash` signed with the hub's own key (so that only the blob can be missing).
  static func signedTarget(hash: String, hubDirectory: URL, validFor seconds: Int64 = 3600) throws -> String {
    let key = SymmetricKey(data: try Data(contentsOf: hubDirectory.appendingPathComponent("signing.key")))
    let expires = Int64(Date().timeIntervalSince1970) + seconds
    let mac = HMAC<SHA256>.authenticationCode(for: Data("\(hash)\n\(expires)".utf8), using: key)
    let signature = mac.map { String(format: "%02x", $0) }.joined()
    return "/v1/files/\(hash)?expires=\(expires)&signature=\(signature)"
  }

  /// Open descriptors of this process that point at `path` (the hub under test runs in-process).
  static func openDescriptors(of path: String) -> Int {
    let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return fds.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path }
      .count
  }
}
