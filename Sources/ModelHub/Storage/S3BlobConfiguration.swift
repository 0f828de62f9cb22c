import Foundation
import S3Client

/// Where ``S3BlobStorage`` keeps blobs and how it uploads and serves them.
public struct S3BlobConfiguration: Sendable, Equatable {
  /// How file downloads are answered.
  public enum Downloads: Sendable, Equatable {
    /// `302` to a presigned GET valid for `expires` seconds: the bytes come from S3 (or the CDN
    /// in front of it), not through the hub.
    case redirect(expires: Int)
    /// The hub reads the object and streams it, as it does for the local folder.
    case stream
  }

  /// The bucket.
  public var bucket: String
  /// The key prefix, without leading or trailing `/` (empty: keys are the bare hashes).
  public var prefix: String
  /// Files larger than this go up as a multipart upload.
  public var multipartThreshold: Int64 = 64 << 20
  /// The size of each part but the last (S3's minimum is 5 MiB).
  public var partBytes: Int = 16 << 20
  /// Redirect or stream.
  public var downloads: Downloads = .redirect(expires: 300)

  /// A configuration for `bucket` and `prefix` (slashes at either end are dropped).
  public init(bucket: String, prefix: String = "") {
    self.bucket = bucket
    self.prefix = prefix.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
  }

  /// Parses `s3://bucket/prefix` (the prefix is optional).
  public init(url text: String) throws(HubError) {
    guard text.hasPrefix("s3://") else { throw .invalidArgument("--blobs must be s3://bucket[/prefix], not \(text)") }
    let rest = text.dropFirst("s3://".count)
    let parts = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    let bucket = String(parts.first ?? "")
    guard Self.isValidBucket(bucket) else {
      throw .invalidArgument(
        "\(bucket.isEmpty ? "no bucket" : "bucket \(bucket) is not a valid S3 bucket name") in \(text)")
    }
    self.init(bucket: bucket, prefix: parts.count > 1 ? String(parts[1]) : "")
  }

  /// S3's bucket rule: 3–63 of `a-z 0-9 . -`, starting and ending with a letter or digit.
  public static func isValidBucket(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard (3...63).contains(bytes.count) else { return false }
    let edge: (UInt8) -> Bool = {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
    }
    guard let first = bytes.first, let last = bytes.last, edge(first), edge(last) else { return false }
    return bytes.allSatisfy { edge($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
  }
}
