import Crypto
import Foundation
import ModelHubAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes an upload to a temporary file while hashing it. Owned by the one request task that
/// streams the body; ``finish()`` fsyncs and closes, ``discard()`` removes the file.
final class BlobWriter {
  /// The temporary file.
  let url: URL
  private var descriptor: Int32
  private var hasher = SHA256()
  /// Bytes written so far.
  private(set) var byteCount: Int64 = 0

  init(url: URL) throws(HubError) {
    self.url = url
    descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else {
      throw .internalError("cannot create a temporary file: \(String(cString: strerror(errno)))")
    }
  }

  deinit {
    if descriptor >= 0 { _ = close(descriptor) }
  }

  /// Appends bytes and hashes them.
  func write(_ bytes: UnsafeRawBufferPointer) throws(HubError) {
    guard let base = bytes.baseAddress else { return }
    hasher.update(bufferPointer: bytes)
    var offset = 0
    while offset < bytes.count {
      let written = Glibc_write(descriptor, base + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw .internalError("cannot write the upload: \(String(cString: strerror(errno)))")
      }
      offset += written
    }
    byteCount += Int64(bytes.count)
  }

  /// fsyncs and closes the file; returns the lowercase hex SHA-256 of everything written.
  func finish() throws(HubError) -> String {
    guard fsync(descriptor) == 0 else {
      throw .internalError("cannot flush the upload: \(String(cString: strerror(errno)))")
    }
    _ = close(descriptor)
    descriptor = -1
    return HubHash.hex(hasher.finalize())
  }

  /// Closes and deletes the file.
  func discard() {
    if descriptor >= 0 { _ = close(descriptor) }
    descriptor = -1
    try? FileManager.default.removeItem(at: url)
  }
}

/// `write(2)` under a name that does not clash with the method.
@inline(__always)
private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, buffer, count)
}
