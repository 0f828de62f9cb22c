import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The real `tensorbridge hub serve` in a child process, for CLI and kill -9 tests.
final class HubProcess {
  let data: URL
  private(set) var port = 0
  private var process: Process?
  private var log: URL

  init(data: URL) {
    self.data = data
    log = data.deletingLastPathComponent().appendingPathComponent("\(data.lastPathComponent)-\(UUID().uuidString).log")
  }

  var base: String { "http://127.0.0.1:\(port)" }

  /// The child's process id (0 before `start`).
  var pid: Int32 { process?.processIdentifier ?? 0 }

  /// Starts the server and waits for its "listening" line; with `descriptorLimit`, under
  /// `ulimit -n` of that many descriptors (soft and hard).
  func start(extra: [String] = [], descriptorLimit: Int? = nil) throws {
    FileManager.default.createFile(atPath: log.path, contents: nil)
    let process = Process()
    let arguments = ["hub", "serve", "--data", data.path, "--port", "0", "--log-level", "warning"] + extra
    if let descriptorLimit {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", HubFixtures.cli.path] + arguments
    } else {
      process.executableURL = HubFixtures.cli
      process.arguments = arguments
    }
    process.standardOutput = try FileHandle(forWritingTo: log)
    process.standardError = FileHandle.nullDevice
    try process.run()
    self.process = process
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      if let range = text.range(of: "listening on http://127.0.0.1:"),
         let port = Int(text[range.upperBound...].prefix { $0.isNumber }) {
        self.port = port
        return
      }
      guard process.isRunning else { break }
      usleep(20_000)
    }
    throw CLIRun.Failure("the hub did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
  }

  /// SIGKILL, no chance to clean up.
  func kill9() {
    guard let process, process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// SIGTERM and wait (graceful shutdown).
  func stop() -> Int32 {
    guard let process else { return 0 }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    return process.terminationStatus
  }

  deinit { kill9() }
}

/// Runs the `tensorbridge` CLI and captures its output.
enum CLIRun {
  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  struct Result {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
    let process = Process()
    process.executableURL = HubFixtures.cli
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    process.environment = env
    let folder = try HubFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out"), err = folder.appendingPathComponent("err")
    FileManager.default.createFile(atPath: out.path, contents: nil)
    FileManager.default.createFile(atPath: err.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    process.waitUntilExit()
    return Result(status: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8),
                  stderr: try String(contentsOf: err, encoding: .utf8))
  }
}

/// A bare TCP client, to hold a request half-sent or a response half-read.
final class RawConnection {
  private let fd: Int32

  /// Connects; `receiveBuffer` fixes the socket's receive buffer (no autotuning), so that a
  /// client that stops reading holds the server back after that many bytes and its send buffer.
  init(port: Int, receiveBuffer: Int32? = nil) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    if var size = receiveBuffer {
      _ = setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard result == 0 else { throw CLIRun.Failure("connect failed") }
  }

  func send(_ data: Data) throws {
    try data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let sent = Glibc.send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
        guard sent > 0 else { throw CLIRun.Failure("send failed") }
        offset += sent
      }
    }
  }

  /// Closes the sending side (the server reads end of input) while still receiving.
  func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

  /// One `recv`: what arrived, or nil once the peer closed (or the connection failed).
  func receiveChunk() -> Data? {
    var buffer = [UInt8](repeating: 0, count: 65536)
    let received = recv(fd, &buffer, buffer.count, 0)
    return received > 0 ? Data(buffer[0..<received]) : nil
  }

  /// Reads until `count` bytes arrived or the peer closed.
  func receive(atLeast count: Int) -> Data {
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
  func pipeline(_ requests: [String], batch: Int = 200) throws -> [(status: Int, body: Data)] {
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
          let length = lines.dropFirst().compactMap { line -> Int? in
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
        guard received > 0 else { throw CLIRun.Failure("connection closed after \(answers.count) responses") }
        buffer.append(contentsOf: chunk[0..<received])
      }
      buffer = Data(buffer[offset...])
      start = end
    }
    return answers
  }

  /// Makes every later `recv` give up after `seconds` (so a test cannot hang on a bug).
  func setReceiveTimeout(_ seconds: Double) {
    var value = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1e6))
    _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Sends without failing the test when the peer has closed: whether the bytes went out.
  @discardableResult
  func trySend(_ data: Data) -> Bool {
    data.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return true }
      return Glibc.send(fd, base, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count
    }
  }

  /// Whether the peer has closed, looking without waiting (anything that arrived is discarded).
  func closedByPeer() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let received = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
      if received > 0 { continue }
      return received == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
    }
  }

  /// Reads (and discards) until the peer closes; the bytes read, or nil if the receive timeout
  /// (``setReceiveTimeout(_:)``) passed first.
  func drainUntilClosed() -> Int? {
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
