import AsyncHTTPClient
import Foundation
import S3Client

/// Where a hub keeps model files.
public enum HubBlobLocation: Sendable {
  /// `blobs/` in the data folder (the default; downloads go out with sendfile).
  case dataFolder
  /// An S3-compatible bucket (AWS S3, MinIO, R2, Ceph RGW).
  case s3(HubS3Settings)
}

/// Everything the hub needs to keep blobs in S3: bucket and prefix, the service, the credential
/// scope and the credentials, and how downloads are answered.
public struct HubS3Settings: Sendable {
  /// Bucket, prefix, multipart sizes, redirect or stream.
  public var blobs: S3BlobConfiguration
  /// The service's URL and addressing style.
  public var endpoint: S3Endpoint
  /// The signing region (`us-east-1` for most S3-compatible services).
  public var region: String
  /// The access key requests are signed with.
  public var credentials: S3Credentials

  /// Settings from their parts.
  public init(blobs: S3BlobConfiguration, endpoint: S3Endpoint, region: String, credentials: S3Credentials) {
    self.blobs = blobs
    self.endpoint = endpoint
    self.region = region
    self.credentials = credentials
  }

  /// Settings as `tensorbridge hub serve` takes them: `--blobs s3://bucket/prefix`,
  /// `--s3-endpoint URL`, `--s3-region`, `--s3-downloads redirect|stream`,
  /// `--s3-presign-seconds N`, and the credentials from `AWS_ACCESS_KEY_ID`,
  /// `AWS_SECRET_ACCESS_KEY` (and `AWS_SESSION_TOKEN` if set) in `environment`.
  /// - Throws: ``HubBlobStorageError`` naming the setting that is wrong or the missing variables.
  public init(
    blobsURL: String, endpoint: String, region: String = "us-east-1", downloads: String = "redirect",
    presignSeconds: Int = 300, environment: [String: String]
  ) throws(HubBlobStorageError) {
    var configuration: S3BlobConfiguration
    do { configuration = try S3BlobConfiguration(url: blobsURL) } catch {
      throw .invalidBlobsURL(blobsURL, reason: "\(error)")
    }
    guard let url = URL(string: endpoint), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
      let host = url.host, !host.isEmpty
    else { throw .invalidEndpoint(endpoint) }
    guard !region.isEmpty, region.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
      throw .invalidSetting(name: "--s3-region", value: region, expected: "a region name such as us-east-1")
    }
    // SigV4 presigned URLs live at most 7 days.
    guard (1...604_800).contains(presignSeconds) else {
      throw .invalidSetting(name: "--s3-presign-seconds", value: "\(presignSeconds)", expected: "1 to 604800")
    }
    switch downloads {
    case "redirect": configuration.downloads = .redirect(expires: presignSeconds)
    case "stream": configuration.downloads = .stream
    default: throw .invalidSetting(name: "--s3-downloads", value: downloads, expected: "redirect or stream")
    }
    guard let credentials = S3Credentials(environment: environment) else {
      let missing = ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"].filter { (environment[$0] ?? "").isEmpty }
      throw .missingCredentials(missing: missing)
    }
    self.init(blobs: configuration, endpoint: S3Endpoint(url: url), region: region, credentials: credentials)
  }

  /// The storage these settings describe, over the shared HTTP client.
  public func makeStorage(httpClient: HTTPClient = .shared) -> S3BlobStorage {
    S3BlobStorage(
      configuration: blobs,
      client: S3Client(endpoint: endpoint, region: region, credentials: credentials, httpClient: httpClient))
  }
}
