import AsyncHTTPClient
import Foundation
import ModelHubAPI
import NIOCore
import S3Client

/// Model files in an S3-compatible bucket (AWS S3, MinIO, R2, Ceph RGW), as
/// `<prefix>/<sha256>` objects.
///
/// Every upload is signed with the blob's own SHA-256 as `x-amz-content-sha256`, so the service
/// itself refuses bytes that do not match the hash. Files above
/// ``S3BlobConfiguration/multipartThreshold`` go up as a multipart upload (aborted if any part
/// fails, so nothing partial becomes visible). Downloads are a short-lived presigned GET
/// (``S3BlobConfiguration/Downloads/redirect(expires:)``) or streamed through the hub.
public struct S3BlobStorage: BlobStorage {
  /// Where and how.
  public let configuration: S3BlobConfiguration
  /// The client every request goes through.
  public let client: S3Client

  /// Storage over `client` with `configuration`.
  public init(configuration: S3BlobConfiguration, client: S3Client) {
    self.configuration = configuration
    self.client = client
  }

  /// The object key of blob `hash`.
  public func key(_ hash: String) -> String {
    configuration.prefix.isEmpty ? hash : "\(configuration.prefix)/\(hash)"
  }

  public func put(_ hash: String, from file: URL) async throws(HubError) {
    if try await blobSize(hash) != nil { return }
    let length: Int64
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
      length = (attributes[.size] as? NSNumber)?.int64Value ?? 0
    } catch {
      throw .internalError("cannot read the upload \(file.lastPathComponent): \(error)")
    }
    if length > configuration.multipartThreshold {
      try await putMultipart(hash, from: file, length: length)
      return
    }
    let reader = try LocalChunkReader(path: file.path, offset: 0, length: length)
    let chunks = AsyncThrowingStream<ByteBuffer, any Error>(unfolding: { try reader.next() })
    do {
      try await client.putObject(
        bucket: configuration.bucket, key: key(hash), body: .stream(length: length, sha256: hash, chunks: chunks))
    } catch {
      throw Self.hubError(error)
    }
  }

  /// Uploads in parts of ``S3BlobConfiguration/partBytes``, each signed with its own SHA-256.
  private func putMultipart(_ hash: String, from file: URL, length: Int64) async throws(HubError) {
    let bucket = configuration.bucket
    let objectKey = key(hash)
    let uploadID: String
    do { uploadID = try await client.createMultipartUpload(bucket: bucket, key: objectKey) } catch {
      throw Self.hubError(error)
    }
    do {
      let reader = try LocalChunkReader(path: file.path, offset: 0, length: length)
      var parts: [S3UploadedPart] = []
      var buffer = ByteBuffer()
      var number = 1
      while true {
        let chunk = try reader.next()
        if var chunk { buffer.writeBuffer(&chunk) }
        if buffer.readableBytes >= configuration.partBytes || (chunk == nil && buffer.readableBytes > 0) {
          let part = buffer.readSlice(length: min(buffer.readableBytes, configuration.partBytes)) ?? ByteBuffer()
          parts.append(
            try await client.uploadPart(
              bucket: bucket, key: objectKey, uploadID: uploadID, partNumber: number, body: .bytes(part)))
          number += 1
          buffer.discardReadBytes()
        }
        if chunk == nil, buffer.readableBytes == 0 { break }
      }
      try await client.completeMultipartUpload(bucket: bucket, key: objectKey, uploadID: uploadID, parts: parts)
    } catch {
      try? await client.abortMultipartUpload(bucket: bucket, key: objectKey, uploadID: uploadID)
      throw .internalError("cannot store blob \(hash) in s3://\(bucket)/\(objectKey): \(error)")
    }
  }

  public func blobSize(_ hash: String) async throws(HubError) -> Int64? {
    do { return try await client.headObject(bucket: configuration.bucket, key: key(hash))?.contentLength } catch {
      throw Self.hubError(error)
    }
  }

  public func delete(_ hash: String) async throws(HubError) {
    do { try await client.deleteObject(bucket: configuration.bucket, key: key(hash)) } catch {
      throw Self.hubError(error)
    }
  }

  public func read(_ hash: String, range: ClosedRange<Int64>?) async throws(HubError) -> BlobBody {
    let header = range.map { "bytes=\($0.lowerBound)-\($0.upperBound)" }
    let object: S3ObjectStream
    do {
      object = try await client.getObject(bucket: configuration.bucket, key: key(hash), range: header)
    } catch let error where error.isNotFound {
      throw .fileNotFound
    } catch {
      throw Self.hubError(error)
    }
    guard let length = object.contentLength else { throw .internalError("blob storage: GET \(hash) has no length") }
    return BlobBody(length: length, chunks: S3BodyReader.stream(object.body))
  }

  public func storedBlobs() async throws(HubError) -> [String: Int64] {
    let keyPrefix = configuration.prefix.isEmpty ? "" : configuration.prefix + "/"
    let objects: [S3ListedObject]
    do { objects = try await client.listObjects(bucket: configuration.bucket, prefix: keyPrefix) } catch {
      throw Self.hubError(error)
    }
    var sizes: [String: Int64] = [:]
    for object in objects {
      let hash = String(object.key.dropFirst(keyPrefix.count))
      if HubHash.isValid(hash) { sizes[hash] = object.size }
    }
    return sizes
  }

  /// Checks that the bucket exists and these credentials may use it (HeadBucket).
  /// - Throws: ``HubBlobStorageError/bucketUnreachable(bucket:endpoint:reason:)`` naming what S3
  ///   answered, or that it could not be reached.
  public func checkReachable() async throws(HubBlobStorageError) {
    do { try await client.headBucket(configuration.bucket) } catch {
      throw .bucketUnreachable(
        bucket: configuration.bucket, endpoint: client.endpoint.url.absoluteString, reason: error)
    }
  }

  public func directURL(for hash: String) async throws(HubError) -> URL? {
    guard case .redirect(let expires) = configuration.downloads else { return nil }
    do { return try client.presignedGetURL(bucket: configuration.bucket, key: key(hash), expires: expires) } catch {
      throw Self.hubError(error)
    }
  }

  /// S3's errors as the hub's: the hub answers 500 and logs what S3 said.
  static func hubError(_ error: S3Error) -> HubError { .internalError("blob storage: \(error)") }
}

/// Pulls an object's body for `AsyncThrowingStream(unfolding:)`, so it is read only as fast as
/// the hub sends it on.
///
/// `@unchecked Sendable` is honest: the stream calls its unfolding closure for one element at
/// a time, never concurrently, and nothing else holds the reader.
final class S3BodyReader: @unchecked Sendable {
  private var iterator: HTTPClientResponse.Body.AsyncIterator

  private init(_ body: HTTPClientResponse.Body) { iterator = body.makeAsyncIterator() }

  /// A stream of `body`'s chunks.
  static func stream(_ body: HTTPClientResponse.Body) -> AsyncThrowingStream<ByteBuffer, any Error> {
    let reader = S3BodyReader(body)
    return AsyncThrowingStream(unfolding: { try await reader.iterator.next() })
  }
}
