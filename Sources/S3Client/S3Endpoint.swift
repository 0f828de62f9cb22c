import Foundation

/// Where a bucket's objects are addressed: the service endpoint and the addressing style.
public struct S3Endpoint: Sendable, Equatable {
  /// How the bucket appears in object URLs.
  public enum Addressing: String, Sendable, Equatable {
    /// `https://endpoint/bucket/key` (MinIO, moto, Ceph RGW; works everywhere).
    case path
    /// `https://bucket.endpoint/key` (AWS's default; needs DNS-compatible bucket names).
    case virtualHost
  }

  /// The service's base URL (`https://s3.eu-west-1.amazonaws.com`, `http://127.0.0.1:9000`).
  public var url: URL
  /// The addressing style.
  public var addressing: Addressing

  /// An endpoint from its parts.
  public init(url: URL, addressing: Addressing = .path) {
    self.url = url
    self.addressing = addressing
  }

  /// AWS's regional endpoint for `region`, virtual-host addressed.
  public static func aws(region: String) -> S3Endpoint? {
    URL(string: "https://s3.\(region).amazonaws.com").map { S3Endpoint(url: $0, addressing: .virtualHost) }
  }

  /// The URL of `key` in `bucket` (the bucket itself when `key` is empty), with `query` (already
  /// percent-encoded, without `?`). Key segments are URI-encoded as SigV4 expects.
  public func objectURL(bucket: String, key: String, query: String? = nil) throws(S3Error) -> URL {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false), let host = components.host else {
      throw .invalidConfiguration("the endpoint \(url.absoluteString) has no host")
    }
    let base =
      components.percentEncodedPath.hasSuffix("/")
      ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
    let encodedKey = SigV4Encoding.uriEncode(key, keepSlash: true)
    switch addressing {
    case .path:
      components.percentEncodedPath = base + "/" + bucket + (key.isEmpty ? "" : "/" + encodedKey)
    case .virtualHost:
      components.host = "\(bucket).\(host)"
      components.percentEncodedPath = base + "/" + encodedKey
    }
    components.percentEncodedQuery = query
    guard let result = components.url else {
      throw .invalidConfiguration("cannot address \(bucket)/\(key) at \(url.absoluteString)")
    }
    return result
  }
}
