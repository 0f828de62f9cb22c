import Foundation
import NIOCore

/// Where the hub keeps model files: content-addressed by lowercase hex SHA-256, written once,
/// never changed. `BlobStore` (a local folder, internal) is the embedded default; ``S3BlobStorage``
/// keeps them in an S3-compatible bucket.
///
/// A blob is put only from a complete, hashed temporary file, and appears whole or not at all
/// (a rename locally; a single PutObject or a completed multipart upload in S3).
public protocol BlobStorage: Sendable {
  /// Stores the complete file `file` as blob `hash` (nothing happens when that blob exists:
  /// same hash, same bytes). The file is left in place; the caller removes it.
  func put(_ hash: String, from file: URL) async throws(HubError)

  /// The size of blob `hash` in bytes, or nil if it is not stored.
  func blobSize(_ hash: String) async throws(HubError) -> Int64?

  /// Whether blob `hash` is stored.
  func exists(_ hash: String) async throws(HubError) -> Bool

  /// Removes blob `hash` (no error if it is not stored).
  func delete(_ hash: String) async throws(HubError)

  /// The bytes of blob `hash` (or of `range` in it, inclusive offsets) as they are read.
  func read(_ hash: String, range: ClosedRange<Int64>?) async throws(HubError) -> BlobBody

  /// Every stored blob and its size in bytes (for start-up recovery and `verify()`); anything
  /// not named like a blob is left out.
  func storedBlobs() async throws(HubError) -> [String: Int64]

  /// A short-lived URL the blob can be fetched from directly (a presigned GET), when this storage
  /// is configured to answer downloads with a redirect; nil when the hub streams the bytes.
  func directURL(for hash: String) async throws(HubError) -> URL?
}

extension BlobStorage {
  /// Whether blob `hash` is stored: its size is known.
  public func exists(_ hash: String) async throws(HubError) -> Bool { try await blobSize(hash) != nil }
}

/// A blob's bytes, streamed: the number of bytes that will come, and the chunks.
public struct BlobBody: Sendable {
  /// How many bytes `chunks` yields in all.
  public var length: Int64
  /// The bytes, in order; iterate once.
  public var chunks: AsyncThrowingStream<ByteBuffer, any Error>

  /// A body from its length and chunks.
  public init(length: Int64, chunks: AsyncThrowingStream<ByteBuffer, any Error>) {
    self.length = length
    self.chunks = chunks
  }

  /// Reads the whole body into memory (for small blobs and tests).
  public func collect() async throws -> Data {
    var data = Data()
    for try await chunk in chunks { data.append(contentsOf: chunk.readableBytesView) }
    return data
  }
}
