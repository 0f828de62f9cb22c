import Foundation

/// A real S3 endpoint for tests: moto's server on loopback with SigV4 checking on
/// (`scripts/s3/moto_s3.py`, run with the `.venv-s3` python that `scripts/s3/setup.sh` installs;
/// `$S3_VENV_PYTHON` overrides). It creates an IAM user whose key may do `s3:*` and refuses
/// every request not signed by it.
public final class MotoS3Server {
  /// `http://127.0.0.1:<port>`.
  public let endpoint: URL
  /// The access key id requests must be signed with.
  public let accessKeyID: String
  /// Its secret.
  public let secretAccessKey: String
  /// The region of the credential scope.
  public let region: String

  private let process: Process
  private let stdin: Pipe

  /// The `.venv-s3` python (`$S3_VENV_PYTHON` overrides), or a failure saying how to install it.
  public static func python() throws -> URL {
    if let path = ProcessInfo.processInfo.environment["S3_VENV_PYTHON"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    let url = TestPaths.repository.appendingPathComponent(".venv-s3/bin/python")
    guard FileManager.default.isExecutableFile(atPath: url.path) else {
      throw TestFailure("no \(url.path): run scripts/s3/setup.sh (make test does)")
    }
    return url
  }

  /// Starts the server (with `buckets` already created) and waits (up to `timeLimit` seconds)
  /// for its credentials line.
  public init(buckets: [String] = [], timeLimit: TimeInterval = 60) throws {
    let folder = try TestPaths.temporaryDirectory("tb-moto")
    let out = folder.appendingPathComponent("out")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    process = Process()
    process.executableURL = try Self.python()
    process.arguments =
      [TestPaths.repository.appendingPathComponent("scripts/s3/moto_s3.py").path] + buckets.map { "--bucket=\($0)" }
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = FileHandle.nullDevice
    stdin = Pipe()
    process.standardInput = stdin
    try process.run()
    let end = Date().addingTimeInterval(timeLimit)
    var line: String?
    while Date() < end, process.isRunning {
      if let text = try? String(contentsOf: out, encoding: .utf8), let first = text.split(separator: "\n").first {
        line = String(first)
        break
      }
      usleep(50_000)
    }
    struct Info: Decodable {
      let endpoint: String
      let accessKeyID: String
      let secretAccessKey: String
      let region: String
    }
    guard let line, let info = try? JSONDecoder().decode(Info.self, from: Data(line.utf8)),
      let url = URL(string: info.endpoint)
    else {
      process.terminate()
      throw TestFailure("moto_s3.py did not start within \(timeLimit) s")
    }
    endpoint = url
    accessKeyID = info.accessKeyID
    secretAccessKey = info.secretAccessKey
    region = info.region
  }

  deinit { stop() }

  /// Stops the server (closing its standard input) and waits for it.
  public func stop() {
    guard process.isRunning else { return }
    try? stdin.fileHandleForWriting.close()
    process.terminate()
    process.waitUntilExit()
  }
}
