import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `tensorbridge hub serve` in a child process, so that a test can kill it with SIGKILL mid-
/// download and start it again on the same port over the same data folder.
final class HubChild: @unchecked Sendable {
  let data: URL
  private(set) var port = 0
  private var process: Process?
  private let log: URL

  init(data: URL) {
    self.data = data
    log = data.deletingLastPathComponent().appendingPathComponent("hub-\(UUID().uuidString).log")
  }

  /// Creates a key with the CLI (before the server runs).
  func createKey(scope: String) throws -> String {
    let result = try Fixtures.run(Fixtures.cli, ["hub", "keys", "create", "--data", data.path, "--scope", scope])
    guard result.status == 0 else { throw Fixtures.Failure("keys create: \(result.stderr)") }
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Starts the server (on `port` if given, else a free one) and waits for its "listening" line.
  func start(port wanted: Int = 0) throws {
    FileManager.default.createFile(atPath: log.path, contents: nil)
    let process = Process()
    process.executableURL = Fixtures.cli
    process.arguments = ["hub", "serve", "--data", data.path, "--port", String(wanted), "--log-level", "warning",
                         "--no-load-check", "--max-upload-mb", "64"]
    process.standardOutput = try FileHandle(forWritingTo: log)
    process.standardError = FileHandle.nullDevice
    try process.run()
    self.process = process
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      if let range = text.range(of: "listening on http://127.0.0.1:"),
         let port = Int(text[range.upperBound...].prefix { $0.isNumber }) {
        self.port = port
        return
      }
      guard process.isRunning else { break }
      usleep(20_000)
    }
    throw Fixtures.Failure("the hub did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
  }

  /// SIGKILL: no graceful shutdown, connections drop mid-body.
  func kill9() {
    guard let process, process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  func stop() {
    guard let process, process.isRunning else { return }
    process.terminate()
    process.waitUntilExit()
  }

  deinit { kill9() }
}
