import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// One object in a ListObjectsV2 answer.
public struct S3ListedObject: Sendable, Equatable {
  /// Its key.
  public var key: String
  /// Its size in bytes.
  public var size: Int64
}

extension S3Client {
  /// HeadBucket: whether `bucket` exists and these credentials may use it.
  /// - Throws: ``S3Error`` naming what is wrong: the service's answer (`404` no such bucket,
  ///   `403` access denied, a bad signature) or that it cannot be reached.
  public func headBucket(_ bucket: String) async throws(S3Error) {
    _ = try await sendReadingText(method: .HEAD, bucket: bucket, key: "")
  }

  /// ListObjectsV2: every object whose key starts with `prefix`, following continuation tokens
  /// (1,000 keys a page).
  public func listObjects(bucket: String, prefix: String) async throws(S3Error) -> [S3ListedObject] {
    var objects: [S3ListedObject] = []
    var token: String?
    repeat {
      var query = "list-type=2&prefix=\(SigV4Encoding.uriEncode(prefix))"
      if let token { query = "continuation-token=\(SigV4Encoding.uriEncode(token))&" + query }
      let (_, text) = try await sendReadingText(method: .GET, bucket: bucket, key: "", query: query)
      objects += S3XML.elements("Contents", in: text).compactMap { entry in
        guard let key = S3XML.firstValue(of: "Key", in: entry) else { return nil }
        return S3ListedObject(key: key, size: S3XML.firstValue(of: "Size", in: entry).flatMap { Int64($0) } ?? 0)
      }
      let truncated = S3XML.firstValue(of: "IsTruncated", in: text) == "true"
      token = truncated ? S3XML.firstValue(of: "NextContinuationToken", in: text) : nil
      if truncated, token == nil {
        throw .invalidResponse("ListObjectsV2 of \(bucket)/\(prefix) is truncated but has no continuation token")
      }
    } while token != nil
    return objects
  }
}
