import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A tiny HTTP/1.1 forwarder on loopback between a client and the hub, written with POSIX
/// sockets and threads, that can misbehave on purpose: flip one byte of a model file's body,
/// answer 503 itself to the first requests, delay one request, slow the bytes down. It records
/// every request line and `Range` header it forwards.
final class FaultProxy: @unchecked Sendable {
  struct Behaviour {
    /// Flip the byte at this offset of the next `application/octet-stream` body (once).
    var flipBodyByte: Int?
    /// Answer `503 Service Unavailable` to this many requests before forwarding any.
    var unavailableRequests = 0
    /// Hold the first request for `/v1/files/` this many seconds before forwarding it.
    var delayFirstFileRequest: TimeInterval = 0
    /// Sleep this long after each 64 KiB of response bytes.
    var throttlePer64KiB: TimeInterval = 0
    /// Answer every request whose line contains the key with this status and body, instead of
    /// forwarding it.
    var canned: [String: (status: Int, body: String)] = [:]
    /// Drop `Range` and `If-Range` from every request (a cache or proxy that does not do ranges).
    var stripRange = false
    /// Cut every `200` file answer in half: send half the body with a `Content-Length` of half,
    /// so that the answer looks complete but is short.
    var halveFileAnswers = false
  }

  let port: Int
  private let upstreamPort: Int
  private let listener: Int32
  private let lock = NSLock()
  private var behaviour: Behaviour
  private var requestLog: [String] = []
  private var fileRequestsSeen = 0
  private var closed = false

  init(upstreamPort: Int, behaviour: Behaviour = Behaviour()) throws {
    self.upstreamPort = upstreamPort
    self.behaviour = behaviour
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TestFailure("socket failed") }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = Self.loopback(port: 0)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, 64) == 0 else {
      Glibc.close(fd)
      throw TestFailure("bind/listen failed")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    listener = fd
    port = Int(UInt16(bigEndian: address.sin_port))
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// Request lines and their `Range` header, in order.
  var requests: [String] { lock.withLock { requestLog } }

  func update(_ change: (inout Behaviour) -> Void) { lock.withLock { change(&behaviour) } }

  func close() {
    lock.withLock { closed = true }
    shutdown(listener, Int32(SHUT_RDWR))
    Glibc.close(listener)
  }

  deinit { close() }

  // MARK: Plumbing

  private static func loopback(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }

  private func acceptLoop() {
    while true {
      let client = accept(listener, nil, nil)
      if client < 0 {
        if lock.withLock({ closed }) { return }
        continue
      }
      Thread { [self] in serve(client) }.start()
    }
  }

  private func serve(_ client: Int32) {
    let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = Self.loopback(port: UInt16(upstreamPort))
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      Glibc.close(upstream)
      Glibc.close(client)
      return
    }
    let done = DispatchSemaphore(value: 0)
    Thread { [self] in
      forwardResponses(from: upstream, to: client)
      shutdown(client, Int32(SHUT_RDWR))
      shutdown(upstream, Int32(SHUT_RDWR))
      done.signal()
    }.start()
    forwardRequests(from: client, to: upstream)
    shutdown(upstream, Int32(SHUT_RDWR))
    shutdown(client, Int32(SHUT_RDWR))
    done.wait()
    Glibc.close(upstream)
    Glibc.close(client)
  }

  /// Requests are GETs without bodies here: each ends at a blank line.
  private func forwardRequests(from client: Int32, to upstream: Int32) {
    var buffer = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = recv(client, &chunk, chunk.count, 0)
      guard count > 0 else { return }
      buffer.append(contentsOf: chunk[0..<count])
      while let end = Self.headerEnd(buffer) {
        let head = Array(buffer[0..<end])
        buffer.removeFirst(end)
        let text = String(decoding: head, as: UTF8.self)
        let line = text.split(separator: "\r\n").first.map(String.init) ?? ""
        let range = text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("range:") }.map(String.init)
        let canned = lock.withLock { behaviour.canned.first { line.contains($0.key) }?.value }
        if let canned {
          lock.withLock { requestLog.append(line) }
          let response =
            "HTTP/1.1 \(canned.status) Canned\r\nContent-Type: application/json\r\nContent-Length: \(canned.body.utf8.count)\r\n\r\n\(canned.body)"
          guard Self.sendAll(client, Array(response.utf8)) else { return }
          continue
        }
        let (answer503, delay) = lock.withLock { () -> (Bool, TimeInterval) in
          requestLog.append(range.map { "\(line) [\($0)]" } ?? line)
          if behaviour.unavailableRequests > 0 {
            behaviour.unavailableRequests -= 1
            return (true, 0)
          }
          if line.contains("/v1/files/") {
            fileRequestsSeen += 1
            if fileRequestsSeen == 1 { return (false, behaviour.delayFirstFileRequest) }
          }
          return (false, 0)
        }
        if answer503 {
          let body = "{\"error\":{\"code\":\"UNAVAILABLE\",\"message\":\"The proxy is overloaded.\"}}"
          let response =
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
          Self.sendAll(client, Array(response.utf8))
          return
        }
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        var forwarded = head
        if lock.withLock({ behaviour.stripRange }) {
          let lines = text.components(separatedBy: "\r\n").filter {
            !$0.lowercased().hasPrefix("range:") && !$0.lowercased().hasPrefix("if-range:")
          }
          forwarded = Array(lines.joined(separator: "\r\n").utf8)
        }
        guard Self.sendAll(upstream, forwarded) else { return }
      }
    }
  }

  private func forwardResponses(from upstream: Int32, to client: Int32) {
    var header = [UInt8]()
    var bodyRemaining = 0
    var bodyOffset = 0
    /// Body bytes past this offset are dropped (``Behaviour/halveFileAnswers``).
    var forwardLimit = Int.max
    var flipThisBody = false
    var rawMode = false
    var sinceSleep = 0
    var chunk = [UInt8](repeating: 0, count: 16384)
    while true {
      let count = recv(upstream, &chunk, chunk.count, 0)
      guard count > 0 else { return }
      var bytes = Array(chunk[0..<count])
      var out = [UInt8]()
      var index = 0
      if rawMode {
        out = bytes
      } else {
        while index < bytes.count {
          if bodyRemaining > 0 {
            let take = min(bodyRemaining, bytes.count - index)
            if flipThisBody, let flip = lock.withLock({ behaviour.flipBodyByte }), flip >= bodyOffset,
              flip < bodyOffset + take
            {
              bytes[index + flip - bodyOffset] ^= 0x01
              lock.withLock { behaviour.flipBodyByte = nil }
              flipThisBody = false
            }
            let kept = max(0, min(take, forwardLimit - bodyOffset))
            out += bytes[index..<index + kept]
            bodyOffset += take
            bodyRemaining -= take
            index += take
            continue
          }
          header.append(bytes[index])
          index += 1
          if let end = Self.headerEnd(header), end == header.count {
            let original = String(decoding: header, as: UTF8.self)
            let text = original.lowercased()
            header.removeAll()
            let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
            let length = text.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
              .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
            bodyOffset = 0
            forwardLimit = Int.max
            let isFile = text.contains("application/octet-stream")
            if let length, status == 200, isFile, lock.withLock({ behaviour.halveFileAnswers }) {
              forwardLimit = length / 2
              let lines = original.components(separatedBy: "\r\n").map {
                $0.lowercased().hasPrefix("content-length:") ? "Content-Length: \(length / 2)" : $0
              }
              out += Array(lines.joined(separator: "\r\n").utf8)
            } else {
              out += Array(original.utf8)
            }
            if let length {
              bodyRemaining = length
            } else if status == 304 || status == 204 {
              bodyRemaining = 0
            } else {
              rawMode = true
              out += bytes[index...]
              break
            }
            flipThisBody = isFile && lock.withLock { behaviour.flipBodyByte != nil }
          }
        }
      }
      guard out.isEmpty || Self.sendAll(client, out) else { return }
      sinceSleep += bytes.count
      let throttle = lock.withLock { behaviour.throttlePer64KiB }
      if throttle > 0, sinceSleep >= 65536 {
        sinceSleep = 0
        Thread.sleep(forTimeInterval: throttle)
      }
    }
  }

  private static func headerEnd(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for i in 3..<bytes.count where bytes[i] == 10 && bytes[i - 1] == 13 && bytes[i - 2] == 10 && bytes[i - 3] == 13 {
      return i + 1
    }
    return nil
  }

  @discardableResult
  private static func sendAll(_ socket: Int32, _ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard n > 0 else { return false }
      sent += n
    }
    return true
  }
}
