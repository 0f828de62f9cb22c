#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads newline-terminated lines from a file descriptor, waiting at most a given time.
struct FuzzLineReader {
  let fd: Int32
  private var pending: [UInt8] = []

  init(fd: Int32) { self.fd = fd }

  /// The complete lines that arrived within `waitMilliseconds`, and whether the descriptor is
  /// still open (false once the writer closed it).
  mutating func read(waitMilliseconds: Int32) -> (lines: [String], open: Bool) {
    var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    let ready = poll(&descriptor, 1, waitMilliseconds)
    // On a poll error keep going: the caller's timeout still bounds the wait.
    guard ready > 0 else { return ([], true) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { return ([], true) }
    guard count > 0 else { return (flush(), false) }
    pending.append(contentsOf: buffer[0..<count])
    var lines: [String] = []
    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
      lines.append(String(decoding: pending[..<newline], as: UTF8.self))
      pending.removeSubrange(...newline)
    }
    return (lines, true)
  }

  private mutating func flush() -> [String] {
    defer { pending.removeAll() }
    return pending.isEmpty ? [] : [String(decoding: pending, as: UTF8.self)]
  }
}

/// `read(2)`, under a name that the `read` method above does not shadow.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
