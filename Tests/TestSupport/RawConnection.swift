import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A bare TCP client to the hub on loopback, to hold a request half-sent or a response half-read.
public final class RawConnection {
  private let fd: Int32

  /// Connects; `receiveBuffer` fixes the socket's receive buffer (no autotuning), so that a
  /// client that stops reading holds the server back after that many bytes and its send buffer.
  public init(port: Int, receiveBuffer: Int32? = nil) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    if var size = receiveBuffer {
      _ = setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else { throw TestFailure("connect failed") }
  }

  public func send(_ data: Data) throws {
    try data.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let sent = Glibc.send(fd, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
        guard sent > 0 else { throw TestFailure("send failed") }
        offset += sent
      }
    }
  }

  /// Closes the sending side (the server reads end of input) while still receiving.
  public func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

  /// One `recv`: what arrived, or nil once the peer closed (or the connection failed).
  public func receiveChunk() -> Data? {
    var buffer = [UInt8](repeating: 0, count: 65536)
    let received = recv(fd, &buffer, buffer.count, 0)
    return received > 0 ? Data(buffer[0..<received]) : nil
  }

  /// Reads until `count` bytes arrived or the peer closed.
  public func receive(atLeast count: Int) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while data.count < count {
      let received = recv(fd, &buffer, buffer.count, 0)
      if received <= 0 { break }
      data.append(contentsOf: buffer[0..<received])
    }
    return data
  }

  /// Sends HTTP/1.1 GET requests pipelined on this keep-alive connection, `batch` at a time, and
  /// returns each response's status and body, in order.
  public func pipeline(_ requests: [String], batch: Int = 200) throws -> [(status: Int, body: Data)] {
    var answers: [(status: Int, body: Data)] = []
    var buffer = Data()
    var chunk = [UInt8](repeating: 0, count: 65536)
    var start = 0
    while start < requests.count {
      let end = min(start + batch, requests.count)
      try send(Data(requests[start..<end].joined().utf8))
      var offset = buffer.startIndex
      let separator = Data("\r\n\r\n".utf8)
      while answers.count < end {
        if let headerEnd = buffer.range(of: separator, in: offset..<buffer.endIndex) {
          let head = String(decoding: buffer[offset..<headerEnd.lowerBound], as: UTF8.self)
          let lines = head.split(separator: "\r\n")
          let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
          let length =
            lines.dropFirst().compactMap { line -> Int? in
              let parts = line.split(separator: ":", maxSplits: 1)
              guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
              return Int(parts[1].trimmingCharacters(in: .whitespaces))
            }.first ?? 0
          if buffer.distance(from: headerEnd.upperBound, to: buffer.endIndex) >= length {
            let bodyEnd = buffer.index(headerEnd.upperBound, offsetBy: length)
            answers.append((status, Data(buffer[headerEnd.upperBound..<bodyEnd])))
            offset = bodyEnd
            continue
          }
        }
        let received = recv(fd, &chunk, chunk.count, 0)
        guard received > 0 else { throw TestFailure("connection closed after \(answers.count) responses") }
        buffer.append(contentsOf: chunk[0..<received])
      }
      buffer = Data(buffer[offset...])
      start = end
    }
    return answers
  }

  /// Makes every later `recv` give up after `seconds` (so a test cannot hang on a bug).
  public func setReceiveTimeout(_ seconds: Double) {
    var value = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1e6))
    _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Sends without failing the test when the peer has closed: whether the bytes went out.
  @discardableResult
  public func trySend(_ data: Data) -> Bool {
    data.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return true }
      return Glibc.send(fd, base, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count
    }
  }

  /// Whether the peer has closed, looking without waiting (anything that arrived is discarded).
  public func closedByPeer() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let received = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
      if received > 0 { continue }
      return received == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
    }
  }

  /// Reads (and discards) until the peer closes; the bytes read, or nil if the receive timeout
  /// (``setReceiveTimeout(_:)``) passed first.
  public func drainUntilClosed() -> Int? {
    var buffer = [UInt8](repeating: 0, count: 65536)
    var total = 0
    while true {
      let received = recv(fd, &buffer, buffer.count, 0)
      if received > 0 {
        total += received
        continue
      }
      if received < 0, errno == EAGAIN || errno == EWOULDBLOCK { return nil }
      return total
    }
  }

  deinit { close(fd) }
}
