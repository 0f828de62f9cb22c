import ArgumentParser
import Foundation
import TensorBridgeFuzz

/// `tensorbridge fuzz MODEL...`: a deterministic mutation fuzzer for the model-loading path.
///
/// Each case mutates one of the models (bit flips, interesting bytes and 32-bit values, word
/// nudges and copies, truncation, deleted or duplicated ranges, splices from another model) and
/// runs it through `Interpreter(modelData:)`, input writes, `invoke()` and output reads in a
/// child process. A thrown error is a pass for the verifier; a signal or a timeout is a finding,
/// saved to `--crashers-dir`. The same seed produces the same cases on every machine.
struct FuzzCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fuzz",
    abstract: "Mutation-fuzz model loading and running; report crashes and hangs.",
    discussion: """
      Cases run in child processes (this program again, as a worker), so a crash only ends \
      its worker: the input is saved as <crashers-dir>/crash-<model>-<seed>-<case>.tflite \
      (hang-... for a timeout) with a one-line .txt (signal, mutation), and a new worker \
      resumes at the next case. Progress goes to standard error, then a summary table (or \
      --json) to standard output. With --replay each MODEL is run unchanged instead, to check \
      saved crashers. Exit status 1 when any case crashed or hung.
      """)

  @Argument(help: "The .tflite models to mutate (or, with --replay, to run unchanged).")
  var models: [String] = []

  @Option(name: .long, help: "Seed of the case generator; the same seed gives the same cases.")
  var seed: UInt64 = 1

  @Option(name: .long, help: "Number of cases, spread round-robin over the models.")
  var iterations = 1000

  @Option(name: .long, help: "Folder for crashing and hanging inputs.")
  var crashersDir = "fuzz-crashers"

  @Option(name: .long, help: "Seconds one case may run before it counts as a hang.")
  var timeoutSeconds: Double = 10

  @Option(name: .long, help: "Cases per worker process.")
  var batchSize = 500

  @Option(name: .long, help: "Address-space limit of each worker in MiB (0: none).")
  var memoryLimitMb = 8192

  @Flag(name: .long, help: "Run each MODEL unchanged in a child process and report crash or not.")
  var replay = false

  @Flag(name: .long, help: "Print the summary as JSON.")
  var json = false

  @OptionGroup var runtime: RuntimeOptions

  @OptionGroup(visibility: .private) var worker: FuzzWorkerOptions

  func validate() throws {
    guard !models.isEmpty else { throw ValidationError("give at least one .tflite model") }
    guard iterations >= 0, batchSize >= 1, timeoutSeconds > 0, memoryLimitMb >= 0 else {
      throw ValidationError("--iterations, --batch-size, --timeout-seconds and --memory-limit-mb must be positive")
    }
  }

  func run() throws {
    do { try fuzz() } catch { throw CLIFailure(error) }
  }

  /// Runs the campaign (or, with the hidden worker options, one worker's batch of cases).
  private func fuzz() throws(FuzzError) {
    let seeds = try FuzzSeedModel.load(models)
    if let start = worker.start {
      FuzzWorker.limitAddressSpace(megabytes: memoryLimitMb)
      let options = runtime.interpreterOptions
      try FuzzWorker(models: seeds, seed: seed, replay: replay, options: options).run(start: start, count: worker.count)
      return
    }
    let workerArguments = self.workerArguments
    let campaign = FuzzCampaign(
      models: seeds, seed: seed, iterations: replay ? seeds.count : iterations, replay: replay,
      supervisor: FuzzSupervisor(
        executable: FuzzSupervisor.currentExecutable(),
        workerArguments: { start, count in
          ["fuzz", "--worker-start", "\(start)", "--worker-count", "\(count)"] + workerArguments
        },
        timeoutSeconds: timeoutSeconds),
      batchSize: batchSize,
      crashersDirectory: replay ? nil : URL(fileURLWithPath: crashersDir),
      showsProgress: !replay)
    var report = try campaign.run()
    if replay { report.replayOutcomes = report.replayOutcomes(of: seeds) }

    if json {
      print(try report.json())
    } else if replay {
      for model in seeds { print("\(model.path): \(report.replayOutcomes?[model.path] ?? "?")") }
    } else {
      print(report.table())
    }
    if report.totalCrashes + report.totalHangs > 0 { Foundation.exit(1) }
  }

  /// A worker's arguments after its case range: seed, runtime options, models.
  private var workerArguments: [String] {
    var arguments = ["--seed", "\(seed)", "--memory-limit-mb", "\(memoryLimitMb)"]
    if replay { arguments.append("--replay") }
    if let threads = runtime.threads { arguments += ["--threads", "\(threads)"] }
    if runtime.noXNNPack { arguments.append("--no-xnnpack") }
    if runtime.noOutputCapture { arguments.append("--no-output-capture") }
    if let path = runtime.runtime { arguments += ["--runtime", path] }
    arguments.append("--")
    return arguments + models
  }
}
