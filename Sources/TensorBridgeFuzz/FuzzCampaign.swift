import Foundation

/// Runs every case of a campaign through worker processes, restarting a worker after each crash
/// or hang, confirming each finding alone, and saving the crashing inputs.
///
/// ```swift
/// let paths = ["linear.tflite", "conv.tflite"]
/// let models = try FuzzSeedModel.load(paths)
/// // This program again, as `tensorbridge fuzz` starts it: it runs `FuzzWorker.run(start:count:)`.
/// let supervisor = FuzzSupervisor(
///   executable: FuzzSupervisor.currentExecutable(),
///   workerArguments: { start, count in
///     ["fuzz", "--worker-start", "\(start)", "--worker-count", "\(count)", "--seed", "1", "--"] + paths
///   },
///   timeoutSeconds: 10)
/// let report = try FuzzCampaign(
///   models: models, seed: 1, iterations: 1000, replay: false, supervisor: supervisor, batchSize: 500,
///   crashersDirectory: URL(fileURLWithPath: "fuzz-crashers"), showsProgress: true
/// ).run()
/// print(report.table())
/// ```
public struct FuzzCampaign {
  /// The models the cases are derived from.
  public let models: [FuzzSeedModel]
  /// The seed of the case generator.
  public let seed: UInt64
  /// Number of cases (for a replay: one per model file).
  public let iterations: Int
  /// Whether case `i` is `models[i]` unchanged rather than a mutation.
  public let replay: Bool
  /// Starts and watches the worker processes.
  public let supervisor: FuzzSupervisor
  /// Cases per worker process.
  public let batchSize: Int
  /// Where crashing inputs are written; `nil` to not write them (replays).
  public let crashersDirectory: URL?
  /// Whether to print progress lines on standard error.
  public let showsProgress: Bool

  /// A campaign; nothing runs until ``run()``.
  ///
  /// - Parameters:
  ///   - models: the models the cases are derived from (round-robin).
  ///   - seed: the case generator's seed; the same seed gives the same cases on every machine.
  ///   - iterations: the number of cases (for a replay: `models.count`).
  ///   - replay: whether case `i` is `models[i]` unchanged rather than a mutation.
  ///   - supervisor: starts and watches the workers.
  ///   - batchSize: cases per worker process (at least 1).
  ///   - crashersDirectory: where crashing and hanging inputs are saved; `nil` to not save them.
  ///   - showsProgress: whether to print progress and findings on standard error.
  public init(
    models: [FuzzSeedModel], seed: UInt64, iterations: Int, replay: Bool, supervisor: FuzzSupervisor,
    batchSize: Int, crashersDirectory: URL?, showsProgress: Bool
  ) {
    self.models = models
    self.seed = seed
    self.iterations = iterations
    self.replay = replay
    self.supervisor = supervisor
    self.batchSize = max(batchSize, 1)
    self.crashersDirectory = crashersDirectory
    self.showsProgress = showsProgress
  }

  /// Runs the campaign and returns what it found.
  /// - Returns: Counts per model, the findings (crashes and hangs) and the slow cases.
  /// - Throws: ``FuzzError`` when a worker cannot be started or a crasher cannot be saved.
  public func run() throws(FuzzError) -> FuzzReport {
    var report = FuzzReport(seed: seed, iterations: iterations, modelNames: models.map(\.name))
    let started = Date()
    var lastProgress = Date()
    var next = 0
    while next < iterations {
      let count = min(batchSize, iterations - next)
      let end = try supervisor.runBatch(start: next, count: count) { index, outcome in
        report.record(modelIndex: modelIndex(of: index), outcome: outcome)
        if showsProgress, Date().timeIntervalSince(lastProgress) >= 2 {
          lastProgress = Date()
          progress(report)
        }
      }
      switch end {
      case .finished:
        next += count
      case .crashed(let index, let reason, let tail):
        report.record(modelIndex: modelIndex(of: index), finding: try finding(index, "crash", reason, tail))
        next = index + 1
      case .hung(let index, let tail):
        // Run it alone with three times the timeout: a case that then finishes is slow (a
        // mutated shape can make tensors of gigabytes), not hung.
        let (alone, outcome, seconds) = try runAlone(index, timeout: 3 * supervisor.timeoutSeconds)
        let model = modelIndex(of: index)
        switch alone {
        case .finished:
          report.record(modelIndex: model, outcome: outcome ?? "?")
          report.slowCases.append(slowCase(index, seconds: seconds, outcome: outcome ?? "?"))
        case .crashed(_, let reason, let aloneTail):
          report.record(modelIndex: model, finding: try finding(index, "crash", reason, aloneTail, reproduced: true))
        case .hung(_, let aloneTail):
          let reason =
            "no result after \(supervisor.timeoutSeconds) s, nor after \(3 * supervisor.timeoutSeconds) s alone"
          report.record(
            modelIndex: model,
            finding: try finding(index, "hang", reason, aloneTail.isEmpty ? tail : aloneTail, reproduced: true))
        }
        next = index + 1
      }
    }
    report.seconds = Date().timeIntervalSince(started)
    if showsProgress { progress(report) }
    return report
  }

  /// The model a case was derived from.
  public func modelIndex(of index: Int) -> Int { replay ? index : index % max(models.count, 1) }

  /// The case's bytes and mutation, regenerated exactly as the worker did.
  /// - Returns: The case, or `nil` when it does not exist.
  public func fuzzCase(_ index: Int) -> FuzzCase? {
    replay ? FuzzCase.replay(index: index, models: models) : FuzzCase.make(seed: seed, index: index, models: models)
  }

  /// Runs one case in a fresh worker: how it ended, its outcome if it returned, and the seconds
  /// it took (including starting the worker).
  private func runAlone(_ index: Int, timeout: Double? = nil) throws(FuzzError) -> (
    FuzzSupervisor.BatchEnd, String?, Double
  ) {
    let started = Date()
    var outcome: String?
    let end = try supervisor.runBatch(start: index, count: 1, timeout: timeout) { _, result in outcome = result }
    return (end, outcome, Date().timeIntervalSince(started))
  }

  /// Describes a case that exceeded the timeout in its batch but finished alone.
  private func slowCase(_ index: Int, seconds: Double, outcome: String) -> FuzzReport.SlowCase {
    let slow = FuzzReport.SlowCase(
      model: models[modelIndex(of: index)].name, caseIndex: index, seconds: seconds, outcome: outcome,
      mutation: fuzzCase(index)?.mutation ?? "?")
    if showsProgress {
      let line =
        "fuzz: slow case \(index) (\(slow.model)): \(String(format: "%.1f", seconds)) s alone, \(outcome) — \(slow.mutation)\n"
      FileHandle.standardError.write(Data(line.utf8))
    }
    return slow
  }

  /// Describes a crash or hang and saves its input. Unless `reproduced` is already known, the
  /// case is first re-run alone: that confirms the case itself (not damage left by an earlier
  /// case in the same worker) is the cause, and gives a standard-error tail of this case only.
  private func finding(
    _ index: Int, _ kind: String, _ reason: String, _ tail: String, reproduced known: Bool? = nil
  ) throws(FuzzError) -> FuzzReport.Finding {
    var reproduced = known ?? false
    var tail = tail
    if known == nil {
      switch try runAlone(index).0 {
      case .finished: reproduced = false
      case .crashed(_, _, let aloneTail), .hung(_, let aloneTail):
        reproduced = true
        tail = aloneTail
      }
    }
    let model = models[modelIndex(of: index)]
    var finding = FuzzReport.Finding(
      kind: kind, model: model.name, caseIndex: index, reason: reason,
      mutation: fuzzCase(index)?.mutation ?? "?", reproducedAlone: reproduced, file: nil, stderrTail: tail)
    if let directory = crashersDirectory, let fuzzCase = fuzzCase(index) {
      finding.file = try save(fuzzCase, finding: finding, model: model, in: directory)
    }
    if showsProgress {
      FileHandle.standardError.write(
        Data("fuzz: \(kind) at case \(index) (\(model.name)): \(reason) — \(finding.mutation)\n".utf8))
    }
    return finding
  }

  /// Writes `<kind>-<model>-<seed>-<index>.tflite` and a one-line `.txt` describing it.
  private func save(_ fuzzCase: FuzzCase, finding: FuzzReport.Finding, model: FuzzSeedModel, in directory: URL)
    throws(FuzzError) -> String
  {
    let stem = "\(finding.kind)-\(model.stem)-\(seed)-\(fuzzCase.index)"
    let modelURL = directory.appendingPathComponent(stem + ".tflite")
    let line =
      "\(finding.reason); seed \(seed) case \(fuzzCase.index) from \(model.name); mutation: \(fuzzCase.mutation); "
      + "reproduced alone: \(finding.reproducedAlone ? "yes" : "no")"
      + (finding.stderrTail.isEmpty ? "" : "; stderr: \(finding.stderrTail)") + "\n"
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(fuzzCase.bytes).write(to: modelURL)
      try Data(line.utf8).write(to: directory.appendingPathComponent(stem + ".txt"))
    } catch {
      throw .cannotSaveCrasher(directory: directory.path, underlying: error)
    }
    return modelURL.path
  }

  private func progress(_ report: FuzzReport) {
    let line =
      "fuzz: \(report.totalCases)/\(iterations) cases, \(report.totalCrashes) crashes, \(report.totalHangs) hangs\n"
    FileHandle.standardError.write(Data(line.utf8))
  }
}
