import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// What HeadObject says about an object.
public struct S3ObjectInfo: Sendable, Equatable {
  /// Its size in bytes.
  public var contentLength: Int64
  /// Its ETag, quotes included.
  public var eTag: String?
}

/// An object being downloaded: its length and its body, read as it arrives.
public struct S3ObjectStream: Sendable {
  /// The object's size in bytes, when the service said it.
  public var contentLength: Int64?
  /// The body; read it once.
  public var body: HTTPClientResponse.Body
}

extension S3Client {
  /// Creates `bucket` (an error if it exists and is not yours; fine if it is).
  public func createBucket(_ bucket: String) async throws(S3Error) {
    do {
      _ = try await sendReadingText(method: .PUT, bucket: bucket, key: "")
    } catch .service(_, let code, _) where code == "BucketAlreadyOwnedByYou" {
      return
    }
  }

  /// PutObject: stores `body` as `key` (replacing any object there).
  public func putObject(
    bucket: String, key: String, body: Body, contentType: String = "application/octet-stream"
  ) async throws(S3Error) {
    _ = try await sendReadingText(
      method: .PUT, bucket: bucket, key: key, headers: [("content-type", contentType)], body: body)
  }

  /// GetObject: the object's body as a stream (`range`, e.g. `bytes=0-99`, for part of it).
  public func getObject(bucket: String, key: String, range: String? = nil) async throws(S3Error) -> S3ObjectStream {
    let headers: [SigV4Signer.Header] = range.map { [("range", $0)] } ?? []
    let response = try await send(method: .GET, bucket: bucket, key: key, headers: headers)
    let length = response.headers.first(name: "content-length").flatMap { Int64($0) }
    return S3ObjectStream(contentLength: length, body: response.body)
  }

  /// HeadObject: the object's size and ETag, or nil when there is no such object.
  public func headObject(bucket: String, key: String) async throws(S3Error) -> S3ObjectInfo? {
    let response: HTTPClientResponse
    do {
      response = try await send(method: .HEAD, bucket: bucket, key: key)
    } catch let error where error.isNotFound {
      return nil
    }
    guard let length = response.headers.first(name: "content-length").flatMap({ Int64($0) }) else {
      throw .invalidResponse("HEAD \(bucket)/\(key) has no Content-Length")
    }
    return S3ObjectInfo(contentLength: length, eTag: response.headers.first(name: "etag"))
  }

  /// DeleteObject: removes `key` (no error if it is already gone).
  public func deleteObject(bucket: String, key: String) async throws(S3Error) {
    _ = try await sendReadingText(method: .DELETE, bucket: bucket, key: key)
  }

  /// A presigned GET URL for `key`, valid for `expires` seconds from `date`.
  public func presignedGetURL(
    bucket: String, key: String, expires: Int, date: Date = Date()
  ) throws(S3Error) -> URL {
    let url = try endpoint.objectURL(bucket: bucket, key: key)
    guard let signed = signer.presignedURL(method: "GET", url: url, expires: expires, date: date) else {
      throw .invalidConfiguration("cannot presign \(url.absoluteString)")
    }
    return signed
  }
}
