import S3Client

/// Why the hub cannot use the blob storage it was configured with, found at start-up.
public enum HubBlobStorageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `--blobs` is not `s3://bucket[/prefix]` with a valid bucket name.
  case invalidBlobsURL(String, reason: String)
  /// The S3 endpoint is not an `http` or `https` URL with a host.
  case invalidEndpoint(String)
  /// A setting is out of range or unknown (`--s3-downloads`, `--s3-presign-seconds`…).
  case invalidSetting(name: String, value: String, expected: String)
  /// S3 blobs need credentials, and these environment variables are missing or empty.
  case missingCredentials(missing: [String])
  /// The bucket cannot be used: S3 said why (no such bucket, access denied, bad signature), or
  /// the endpoint could not be reached.
  case bucketUnreachable(bucket: String, endpoint: String, reason: S3Error)

  /// A sentence naming what is wrong.
  public var description: String {
    switch self {
    case .invalidBlobsURL(let text, let reason):
      "--blobs \(text) is not usable: \(reason) (expected s3://bucket[/prefix])"
    case .invalidEndpoint(let text):
      "--s3-endpoint \(text) is not an http:// or https:// URL with a host"
    case .invalidSetting(let name, let value, let expected):
      "\(name) \(value) is not valid: expected \(expected)"
    case .missingCredentials(let missing):
      "S3 blobs need credentials: set \(missing.joined(separator: " and ")) in the environment"
    case .bucketUnreachable(let bucket, let endpoint, let reason):
      "the bucket \(bucket) at \(endpoint) cannot be used: \(reason)"
    }
  }
}
