import ArgumentParser
import Foundation
import TFLiteFormat
import TensorBridge

/// `tensorbridge`: inspect and run TensorFlow Lite models with LiteRT.
///
/// Commands that wait on async work (the hub client and server, `pull`, `models`) are
/// `AsyncParsableCommand`s; the others run synchronously on the main task.
@main
struct TensorBridgeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tensorbridge",
    abstract: "Inspect and run TensorFlow Lite (LiteRT) models.",
    discussion: """
      Exit status: 0 on success, 1 when a model or input is bad (one `error:` line explains it), \
      2 for usage errors.
      """,
    subcommands: [
      InspectCommand.self, RunCommand.self, BundleCommand.self, BenchCommand.self, FuzzCommand.self, HubCommand.self,
      ClassifyCommand.self, DetectCommand.self, SegmentCommand.self, VisionBenchCommand.self,
      ClassifyTextCommand.self, TokenizeCommand.self, PullCommand.self, ModelsCommand.self, TrainCommand.self,
      SignCommand.self, VerifyCommand.self,
    ])

  /// Runs the command line with the project's exit codes: usage errors exit 2, model and input
  /// errors exit 1 with a single `error:` line.
  static func main() async {
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
      try await LoadObserver.$current.withValue(observer) { try await parseAndRun() }
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

  /// Parses the command line and runs the chosen command: `await`s an `AsyncParsableCommand`,
  /// calls any other. Off the main actor, as ArgumentParser's own `main()` runs commands.
  private nonisolated static func parseAndRun() async throws {
    var command = try parseAsRoot()
    if var asyncCommand = command as? any AsyncParsableCommand {
      try await asyncCommand.run()
    } else {
      try command.run()
    }
  }
}
