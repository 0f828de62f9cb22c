import Foundation
import ModelHub
import S3Client

/// The blob storage the hub tests run on: the data folder, or with `TB_HUB_BLOBS=s3` an
/// S3 bucket on one moto server (signature checking on) shared by the whole test process, each
/// hub under its own prefix. `make test` runs the storage tests both ways. In S3 mode downloads
/// are streamed through the hub by default, so the same test bodies check the same bytes and
/// headers; the redirect mode has its own tests.
public enum TestBlobs {
  /// The bucket every S3-mode hub in this process uses (created when moto starts).
  public static let bucket = "tb-hub-tests"

  /// Whether `TB_HUB_BLOBS=s3`.
  public static var isS3: Bool { ProcessInfo.processInfo.environment["TB_HUB_BLOBS"] == "s3" }

  /// What a test needs to reach the shared moto server.
  public struct Endpoint: Sendable {
    /// `http://127.0.0.1:<port>`.
    public let url: URL
    /// The only credentials moto accepts.
    public let credentials: S3Credentials
    /// The signing region.
    public let region: String
  }

  /// The shared moto server, started on first use and left running until the test process exits
  /// (it stops when its standard input closes).
  public static func endpoint() throws -> Endpoint { try shared.get() }

  private static let shared: Result<Endpoint, TestFailure> = {
    do {
      let server = try MotoS3Server(buckets: [bucket])
      keepAlive = server
      return .success(
        Endpoint(
          url: server.endpoint,
          credentials: S3Credentials(accessKeyID: server.accessKeyID, secretAccessKey: server.secretAccessKey),
          region: server.region))
    } catch {
      return .failure(TestFailure("cannot start moto for TB_HUB_BLOBS=s3: \(error)"))
    }
  }()

  /// Written once, by `shared`'s initializer (which Swift runs exactly once), and never read.
  nonisolated(unsafe) private static var keepAlive: MotoS3Server?

  /// A fresh prefix in ``bucket`` for one hub (`s3://tb-hub-tests/<prefix>`).
  public static func newPrefix() -> String { "hub-\(UUID().uuidString.lowercased())" }

  /// The S3 location of `prefix` on the shared server, answering downloads as `downloads` says.
  public static func location(
    prefix: String, downloads: S3BlobConfiguration.Downloads = .stream
  ) throws -> HubBlobLocation {
    let endpoint = try endpoint()
    var blobs = S3BlobConfiguration(bucket: bucket, prefix: prefix)
    blobs.downloads = downloads
    return .s3(
      HubS3Settings(
        blobs: blobs, endpoint: S3Endpoint(url: endpoint.url), region: endpoint.region,
        credentials: endpoint.credentials))
  }

  /// The `hub serve` options and environment variables for `prefix` on the shared server.
  public static func serveOptions(prefix: String, downloads: String = "stream") throws -> (
    arguments: [String], environment: [String: String]
  ) {
    let endpoint = try endpoint()
    var environment = ProcessInfo.processInfo.environment
    environment["AWS_ACCESS_KEY_ID"] = endpoint.credentials.accessKeyID
    environment["AWS_SECRET_ACCESS_KEY"] = endpoint.credentials.secretAccessKey
    environment.removeValue(forKey: "AWS_SESSION_TOKEN")
    return (
      [
        "--blobs", "s3://\(bucket)/\(prefix)", "--s3-endpoint", endpoint.url.absoluteString, "--s3-region",
        endpoint.region, "--s3-downloads", downloads,
      ],
      environment
    )
  }
}
