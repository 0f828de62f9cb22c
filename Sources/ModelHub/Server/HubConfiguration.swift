import Foundation

/// How a hub is run: where it keeps its data, where it listens, and its limits.
public struct HubConfiguration: Sendable {
  /// The folder holding `hub.sqlite`, `blobs/`, `tmp/` and `signing.key`. Created if missing.
  public var dataDirectory: URL
  /// The address to listen on.
  public var host: String
  /// The port to listen on; 0 picks a free one.
  public var port: Int
  /// The largest upload accepted, in bytes.
  public var maxUploadBytes: Int64
  /// The command that fully loads an uploaded model in a child process, or nil to rely on the
  /// Swift verifier alone.
  public var loadCheck: LoadCheckCommand?
  /// How long a signed download URL stays valid.
  public var downloadURLLifetime: TimeInterval
  /// The scheme, host and port clients reach the hub at (for `downloadUri`), such as
  /// `https://models.example.com`; nil uses the request's `Host` header over plain HTTP.
  public var publicURL: String?
  /// Bytes read from a model file and written to the connection per step when a file is streamed
  /// through the router (memory per download is bounded by this). Most downloads do not take
  /// that path: they are sent with sendfile (`DirectFileHandler`), which this does not affect;
  /// the router streams only a file request pipelined behind another request still in progress.
  /// Default 256 KiB, the best of 64 KiB–2 MiB in `bench/hub/run.sh` before the sendfile path.
  public var fileChunkBytes: Int
  /// How long the hub waits for slow and idle clients (nginx's defaults).
  public var timeouts: HubTimeouts
  /// The most connections open at once; nil derives it from the descriptor limit
  /// (``ConnectionCap/default(descriptorLimit:)``). At the cap a new connection replaces the one
  /// idle longest; with none idle it is answered `503` and closed.
  public var maxConnections: Int?
  /// What opens the signing key that signs versions as they are published (the secret sealing
  /// the keys in the data folder, or an external key's PEM); nil when the hub has no signing
  /// key. With a signing key in the data folder and no credentials, publishing fails.
  public var signingCredentials: HubSigningCredentials?
  /// Where model files are kept: `blobs/` in the data folder (the default) or an S3-compatible
  /// bucket. The metadata and temporary uploads stay in the data folder either way.
  public var blobLocation: HubBlobLocation = .dataFolder
  /// Whether version checks whose answer is `304` are answered on the connection, without the
  /// router (the default). Off, the router answers every check: the same answers, slower; for
  /// benchmarks that compare the two (`hub serve --no-direct-version-checks`).
  public var directVersionChecks = true

  /// Creates a configuration.
  public init(
    dataDirectory: URL, host: String = "127.0.0.1", port: Int = 8080,
    maxUploadBytes: Int64 = 512 * 1024 * 1024, loadCheck: LoadCheckCommand? = nil,
    downloadURLLifetime: TimeInterval = 3600, publicURL: String? = nil,
    fileChunkBytes: Int = 256 * 1024, timeouts: HubTimeouts = HubTimeouts(), maxConnections: Int? = nil,
    signingCredentials: HubSigningCredentials? = nil
  ) {
    self.dataDirectory = dataDirectory
    self.host = host
    self.port = port
    self.maxUploadBytes = maxUploadBytes
    self.loadCheck = loadCheck
    self.downloadURLLifetime = downloadURLLifetime
    self.publicURL = publicURL
    self.fileChunkBytes = max(4096, fileChunkBytes)
    self.timeouts = timeouts
    self.maxConnections = maxConnections.map { max(1, $0) }
    self.signingCredentials = signingCredentials
  }
}

/// A command run as `executable arguments… MODEL_PATH` that loads a model and prints a
/// `LoadCheckReport` (ModelHubAPI) as JSON, as `tensorbridge inspect --json` does.
/// Exit status 0 means the file was read; anything else, a crash or running past `timeLimit`
/// rejects the upload.
public struct LoadCheckCommand: Sendable {
  /// The program to run.
  public var executable: URL
  /// Arguments placed before the model's path.
  public var arguments: [String]
  /// How long the child may run before it is killed and the upload rejected.
  public var timeLimit: TimeInterval

  /// Creates a command.
  public init(executable: URL, arguments: [String], timeLimit: TimeInterval = 20) {
    self.executable = executable
    self.arguments = arguments
    self.timeLimit = timeLimit
  }
}
