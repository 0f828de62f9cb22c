import Foundation

/// What a fuzz campaign found, per model and overall, printable as a table or as JSON.
public struct FuzzReport: Codable, Sendable {
  /// Counts for the cases derived from one model.
  public struct ModelStats: Codable, Sendable {
    /// The model's file name.
    public var model: String
    /// Cases derived from this model.
    public var cases = 0
    /// Cases that loaded, ran and produced outputs.
    public var passes = 0
    /// Thrown errors by kind (`modelLoadFailed`, `invalidModel.truncated`, ...).
    public var typedErrors: [String: Int] = [:]
    /// Cases that crashed their worker.
    public var crashes = 0
    /// Cases that hung their worker.
    public var hangs = 0

    /// All typed errors together.
    public var typedErrorCount: Int { typedErrors.values.reduce(0, +) }
  }

  /// One crash or hang.
  public struct Finding: Codable, Sendable {
    /// `crash` or `hang`.
    public var kind: String
    /// The model the case was derived from (or the replayed file).
    public var model: String
    /// The case number within the campaign.
    public var caseIndex: Int
    /// E.g. `signal 11 (SIGSEGV)` or `no result after 10 s`.
    public var reason: String
    /// What was done to the source model, in one line.
    public var mutation: String
    /// Whether the case crashed (or hung) again when run alone in a fresh worker.
    public var reproducedAlone: Bool
    /// Where the mutated bytes were saved, if they were.
    public var file: String?
    /// The last lines the worker printed to standard error.
    public var stderrTail: String
  }

  /// A case that timed out in its batch but finished when run alone with a longer timeout.
  public struct SlowCase: Codable, Sendable {
    /// The model the case was derived from.
    public var model: String
    /// The case number within the campaign.
    public var caseIndex: Int
    /// Seconds it took alone (including starting the worker).
    public var seconds: Double
    /// Its outcome when run alone (`pass` or an error kind).
    public var outcome: String
    /// What was done to the source model, in one line.
    public var mutation: String
  }

  /// The campaign's seed.
  public var seed: UInt64
  /// The number of cases the campaign was to run.
  public var iterations: Int
  /// How long the campaign took.
  public var seconds: Double = 0
  /// Counts per model, in the campaign's order.
  public var models: [ModelStats]
  /// Every crash and hang, in the order found.
  public var findings: [Finding] = []
  /// Cases slower than the timeout that still finished (not failures).
  public var slowCases: [SlowCase] = []
  /// Sums over all models (filled in when the JSON is written).
  public struct Totals: Codable, Sendable {
    /// Cases run.
    public var cases: Int
    /// Cases that passed.
    public var passes: Int
    /// Thrown errors by kind.
    public var typedErrors: [String: Int]
    /// Cases that crashed.
    public var crashes: Int
    /// Cases that hung.
    public var hangs: Int
  }

  /// The sums over all models; set in the JSON that ``json()`` writes.
  public var totals: Totals?
  /// For a replay: each file's outcome (`pass`, `error <kind>`, `crash <signal>` or `hang`),
  /// set by the caller from ``replayOutcomes(of:)``.
  public var replayOutcomes: [String: String]?

  /// An empty report for a campaign over models with these file names.
  init(seed: UInt64, iterations: Int, modelNames: [String]) {
    self.seed = seed
    self.iterations = iterations
    self.models = modelNames.map { ModelStats(model: $0) }
  }

  /// Records a case that returned (`outcome` is `pass` or an error kind).
  mutating func record(modelIndex: Int, outcome: String) {
    guard models.indices.contains(modelIndex) else { return }
    models[modelIndex].cases += 1
    if outcome == "pass" {
      models[modelIndex].passes += 1
    } else {
      models[modelIndex].typedErrors[outcome, default: 0] += 1
    }
  }

  /// Records a crash or hang.
  mutating func record(modelIndex: Int, finding: Finding) {
    guard models.indices.contains(modelIndex) else { return }
    models[modelIndex].cases += 1
    if finding.kind == "hang" { models[modelIndex].hangs += 1 } else { models[modelIndex].crashes += 1 }
    findings.append(finding)
  }

  /// Cases run, over all models.
  public var totalCases: Int { models.reduce(0) { $0 + $1.cases } }
  /// Crashes, over all models.
  public var totalCrashes: Int { models.reduce(0) { $0 + $1.crashes } }
  /// Hangs, over all models.
  public var totalHangs: Int { models.reduce(0) { $0 + $1.hangs } }

  /// Typed errors by kind over all models.
  public var totalTypedErrors: [String: Int] {
    models.reduce(into: [:]) { total, stats in total.merge(stats.typedErrors, uniquingKeysWith: +) }
  }

  /// The human-readable summary: one row per model, then errors by kind, then every finding.
  public func table() -> String {
    let nameWidth = max(24, (models.map(\.model.count).max() ?? 0) + 2)
    func row(_ name: String, _ values: [String]) -> String {
      name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        + values.map { String(repeating: " ", count: max(0, 12 - $0.count)) + $0 }.joined()
    }
    var lines = [row("model", ["cases", "passes", "typed errs", "crashes", "hangs"])]
    for stats in models {
      lines.append(
        row(
          stats.model, [stats.cases, stats.passes, stats.typedErrorCount, stats.crashes, stats.hangs].map(String.init)))
    }
    let errorTotal = totalTypedErrors.values.reduce(0, +)
    let passes = models.reduce(0) { $0 + $1.passes }
    lines.append(row("total", [totalCases, passes, errorTotal, totalCrashes, totalHangs].map(String.init)))
    lines.append("")
    lines.append("typed errors by kind (total, then per model in table order):")
    for (kind, count) in totalTypedErrors.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
      let perModel = models.map { String($0.typedErrors[kind] ?? 0) }.joined(separator: " ")
      lines.append(
        "  " + kind.padding(toLength: max(44, kind.count + 1), withPad: " ", startingAt: 0)
          + String(repeating: " ", count: max(0, 8 - String(count).count)) + "\(count)   [\(perModel)]")
    }
    if !slowCases.isEmpty {
      lines.append("")
      lines.append("slow cases (finished alone, not failures):")
      for slow in slowCases {
        lines.append(
          "  \(slow.model) case \(slow.caseIndex): " + String(format: "%.1f s", slow.seconds)
            + ", \(slow.outcome) — \(slow.mutation)")
      }
    }
    if !findings.isEmpty {
      lines.append("")
      lines.append("findings:")
      for finding in findings {
        lines.append(
          "  \(finding.kind) \(finding.model) case \(finding.caseIndex): \(finding.reason)"
            + "\(finding.reproducedAlone ? "" : " (did not reproduce alone)") — \(finding.mutation)"
            + (finding.file.map { " → \($0)" } ?? ""))
      }
    }
    lines.append("")
    lines.append(String(format: "%d cases in %.1f s (seed %llu)", totalCases, seconds, seed))
    return lines.joined(separator: "\n")
  }

  /// The summary as pretty-printed JSON with sorted keys, ``totals`` filled in.
  /// - Throws: ``FuzzError/reportEncodingFailed(underlying:)`` (not expected: every field encodes).
  public func json() throws(FuzzError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    var report = self
    report.totals = Totals(
      cases: totalCases, passes: models.reduce(0) { $0 + $1.passes }, typedErrors: totalTypedErrors,
      crashes: totalCrashes, hangs: totalHangs)
    do { return String(decoding: try encoder.encode(report), as: UTF8.self) } catch {
      throw .reportEncodingFailed(underlying: error)
    }
  }

  /// Each replayed file's outcome: `pass`, `error <kind>`, `crash <signal>` or `hang` (for a
  /// campaign run with `replay`, where case `i` is `models[i]`).
  /// - Parameter models: the replayed files, in the campaign's order.
  /// - Returns: The outcome by file path.
  public func replayOutcomes(of models: [FuzzSeedModel]) -> [String: String] {
    var outcomes: [String: String] = [:]
    for (index, model) in models.enumerated() {
      if let finding = findings.first(where: { $0.caseIndex == index }) {
        outcomes[model.path] = "\(finding.kind) \(finding.reason)"
      } else if let stats = self.models.indices.contains(index) ? self.models[index] : nil {
        outcomes[model.path] = stats.passes > 0 ? "pass" : "error " + (stats.typedErrors.keys.first ?? "?")
      }
    }
    return outcomes
  }
}
