import ArgumentParser
import Foundation
import TFLiteFormat
import TensorBridge

/// `tensorbridge`: inspect and run TensorFlow Lite models with LiteRT.
@main
struct TensorBridgeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tensorbridge",
    abstract: "Inspect and run TensorFlow Lite (LiteRT) models.",
    discussion: """
      Exit status: 0 on success, 1 when a model or input is bad (one `error:` line explains it), \
      2 for usage errors.
      """,
    subcommands: [InspectCommand.self, RunCommand.self, BundleCommand.self, BenchCommand.self, FuzzCommand.self, HubCommand.self,
      ClassifyCommand.self, DetectCommand.self, SegmentCommand.self, VisionBenchCommand.self,
      ClassifyTextCommand.self, TokenizeCommand.self, PullCommand.self, ModelsCommand.self])

  /// Runs the command line with the project's exit codes: usage errors exit 2, model and input
  /// errors exit 1 with a single `error:` line.
  static func main() {
    // `TENSORBRIDGE_LOAD_REPORT=1`: count the costly load steps (read, verify, describe,
    // compile) and print them to standard error at the end, for tests and benchmarks.
    let observer = ProcessInfo.processInfo.environment["TENSORBRIDGE_LOAD_REPORT"] == "1" ? LoadObserver() : nil
    func reportLoads() {
      guard let observer else { return }
      var lines = ["load: \(observer.summary)"]
      lines += observer.details(of: .compile).map { "load: compiled with \($0)" }
      FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
    do {
      var command = try parseAsRoot()
      try LoadObserver.$current.withValue(observer) { try command.run() }
      reportLoads()
    } catch let failure as CLIFailure {
      reportLoads()
      FileHandle.standardError.write(Data("error: \(failure.description)\n".utf8))
      Foundation.exit(1)
    } catch {
      reportLoads()
      let code = exitCode(for: error)
      if code == .success {
        print(fullMessage(for: error))
        Foundation.exit(0)
      }
      FileHandle.standardError.write(Data("\(fullMessage(for: error))\n".utf8))
      Foundation.exit(code == .validationFailure ? 2 : 1)
    }
  }
}

/// Options every model-loading command shares.
struct RuntimeOptions: ParsableArguments {
  @Option(name: .long, help: "CPU threads for the kernels (default: LiteRT's, 1).")
  var threads: Int?

  @Flag(name: .customLong("no-xnnpack"), help: "Use LiteRT's builtin kernels instead of XNNPACK.")
  var noXNNPack = false

  @Flag(name: .customLong("no-output-capture"),
        help: "Read outputs with data-dependent shapes straight from LiteRT (wrong when they vary).")
  var noOutputCapture = false

  @Option(name: .long, help: "Path of libLiteRt to use instead of searching for it.")
  var runtime: String?

  @Flag(name: .long, help: "Show LiteRT's own log output (standard error).")
  var verbose = false

  /// Runs `body` with LiteRT's log held back unless `--verbose` is set.
  func quietly<T>(_ body: () throws -> T) rethrows -> T {
    if verbose { RuntimeLog.destination = .standardError }
    return try RuntimeLogCapture.run(verbose: verbose, body)
  }

  func validate() throws {
    if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
  }
}
