import Foundation
import NIOCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The local folder as ``BlobStorage``: the same files and the same rules as ``BlobStore``'s
/// synchronous methods, which the SQLite store calls inside its transactions.
extension BlobStore: BlobStorage {
  func put(_ hash: String, from file: URL) async throws(HubError) {
    guard storedSize(hash) == nil else { return }
    // install renames; put leaves the caller's file, so copy it into tmp/ first.
    let staged = paths.temporary.appendingPathComponent("put-\(UUID().uuidString)")
    do { try FileManager.default.copyItem(at: file, to: staged) } catch {
      throw .internalError("cannot stage blob \(hash): \(error)")
    }
    let fd = open(staged.path, O_RDONLY)
    if fd >= 0 {
      _ = fsync(fd)
      _ = close(fd)
    }
    try install(staged, hash: hash)
  }

  func blobSize(_ hash: String) async throws(HubError) -> Int64? { storedSize(hash) }

  func delete(_ hash: String) async throws(HubError) { remove(hash) }

  func read(_ hash: String, range: ClosedRange<Int64>?) async throws(HubError) -> BlobBody {
    guard let total = storedSize(hash) else { throw .fileNotFound }
    let span = range ?? 0...max(total - 1, 0)
    guard total > 0 || range == nil else { throw .rangeNotSatisfiable(size: total) }
    guard span.lowerBound >= 0, span.upperBound < max(total, 1) else { throw .rangeNotSatisfiable(size: total) }
    let length = total == 0 ? 0 : span.upperBound - span.lowerBound + 1
    let reader = try LocalChunkReader(path: paths.blob(hash).path, offset: span.lowerBound, length: length)
    return BlobBody(length: length, chunks: AsyncThrowingStream(unfolding: { try reader.next() }))
  }

  func storedBlobs() async throws(HubError) -> [String: Int64] {
    var sizes: [String: Int64] = [:]
    for hash in allHashes() { sizes[hash] = storedSize(hash) }
    return sizes
  }

  func directURL(for hash: String) async throws(HubError) -> URL? { nil }
}

/// Reads `length` bytes of a file from `offset` in chunks with `pread`.
///
/// `@unchecked Sendable` is honest: its only user is one `AsyncThrowingStream(unfolding:)`,
/// which asks for one chunk at a time, never concurrently.
final class LocalChunkReader: @unchecked Sendable {
  private let descriptor: Int32
  private var offset: Int64
  private var remaining: Int64
  private let chunkBytes = 256 * 1024

  init(path: String, offset: Int64, length: Int64) throws(HubError) {
    descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw .fileNotFound }
    self.offset = offset
    remaining = length
  }

  deinit { _ = close(descriptor) }

  func next() throws -> ByteBuffer? {
    guard remaining > 0 else { return nil }
    let want = Int(min(Int64(chunkBytes), remaining))
    var buffer = ByteBufferAllocator().buffer(capacity: want)
    let got = try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: want) { pointer -> Int in
      let count = pread(descriptor, pointer.baseAddress, want, off_t(offset))
      guard count > 0 else {
        throw HubError.internalError(
          "cannot read a blob: \(count == 0 ? "unexpected end" : String(cString: strerror(errno)))")
      }
      return count
    }
    offset += Int64(got)
    remaining -= Int64(got)
    return buffer
  }
}
