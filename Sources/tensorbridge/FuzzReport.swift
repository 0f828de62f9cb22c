import Foundation

/// What a fuzz campaign found, per model and overall, printable as a table or as JSON.
struct FuzzReport: Codable {
  /// Counts for the cases derived from one model.
  struct ModelStats: Codable {
    /// The model's file name.
    var model: String
    var cases = 0
    /// Cases that loaded, ran and produced outputs.
    var passes = 0
    /// Thrown errors by kind (`modelLoadFailed`, `invalidModel.truncated`, ...).
    var typedErrors: [String: Int] = [:]
    var crashes = 0
    var hangs = 0

    /// All typed errors together.
    var typedErrorCount: Int { typedErrors.values.reduce(0, +) }
  }

  /// One crash or hang.
  struct Finding: Codable {
    /// `crash` or `hang`.
    var kind: String
    /// The model the case was derived from (or the replayed file).
    var model: String
    var caseIndex: Int
    /// E.g. `signal 11 (SIGSEGV)` or `no result after 10 s`.
    var reason: String
    var mutation: String
    /// Whether the case crashed (or hung) again when run alone in a fresh worker.
    var reproducedAlone: Bool
    /// Where the mutated bytes were saved, if they were.
    var file: String?
    /// The last lines the worker printed to standard error.
    var stderrTail: String
  }

  /// A case that timed out in its batch but finished when run alone with a longer timeout.
  struct SlowCase: Codable {
    var model: String
    var caseIndex: Int
    /// Seconds it took alone (including starting the worker).
    var seconds: Double
    /// Its outcome when run alone (`pass` or an error kind).
    var outcome: String
    var mutation: String
  }

  var seed: UInt64
  var iterations: Int
  var seconds: Double = 0
  var models: [ModelStats]
  var findings: [Finding] = []
  /// Cases slower than the timeout that still finished (not failures).
  var slowCases: [SlowCase] = []
  /// Sums over all models (filled in when the JSON is written).
  struct Totals: Codable {
    var cases: Int
    var passes: Int
    var typedErrors: [String: Int]
    var crashes: Int
    var hangs: Int
  }

  var totals: Totals?
  /// For `--replay`: each file's outcome (`pass`, an error kind, `crash` or `hang`).
  var replayOutcomes: [String: String]?

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

  var totalCases: Int { models.reduce(0) { $0 + $1.cases } }
  var totalCrashes: Int { models.reduce(0) { $0 + $1.crashes } }
  var totalHangs: Int { models.reduce(0) { $0 + $1.hangs } }

  /// Typed errors by kind over all models.
  var totalTypedErrors: [String: Int] {
    models.reduce(into: [:]) { total, stats in total.merge(stats.typedErrors, uniquingKeysWith: +) }
  }

  /// The human-readable summary: one row per model, then errors by kind, then every finding.
  func table() -> String {
    let nameWidth = max(24, (models.map(\.model.count).max() ?? 0) + 2)
    func row(_ name: String, _ values: [String]) -> String {
      name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        + values.map { String(repeating: " ", count: max(0, 12 - $0.count)) + $0 }.joined()
    }
    var lines = [row("model", ["cases", "passes", "typed errs", "crashes", "hangs"])]
    for stats in models {
      lines.append(row(stats.model, [stats.cases, stats.passes, stats.typedErrorCount, stats.crashes, stats.hangs].map(String.init)))
    }
    let errorTotal = totalTypedErrors.values.reduce(0, +)
    let passes = models.reduce(0) { $0 + $1.passes }
    lines.append(row("total", [totalCases, passes, errorTotal, totalCrashes, totalHangs].map(String.init)))
    lines.append("")
    lines.append("typed errors by kind (total, then per model in table order):")
    for (kind, count) in totalTypedErrors.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
      let perModel = models.map { String($0.typedErrors[kind] ?? 0) }.joined(separator: " ")
      lines.append("  " + kind.padding(toLength: max(44, kind.count + 1), withPad: " ", startingAt: 0)
        + String(repeating: " ", count: max(0, 8 - String(count).count)) + "\(count)   [\(perModel)]")
    }
    if !slowCases.isEmpty {
      lines.append("")
      lines.append("slow cases (finished alone, not failures):")
      for slow in slowCases {
        lines.append("  \(slow.model) case \(slow.caseIndex): " + String(format: "%.1f s", slow.seconds)
          + ", \(slow.outcome) — \(slow.mutation)")
      }
    }
    if !findings.isEmpty {
      lines.append("")
      lines.append("findings:")
      for finding in findings {
        lines.append("  \(finding.kind) \(finding.model) case \(finding.caseIndex): \(finding.reason)"
          + "\(finding.reproducedAlone ? "" : " (did not reproduce alone)") — \(finding.mutation)"
          + (finding.file.map { " → \($0)" } ?? ""))
      }
    }
    lines.append("")
    lines.append(String(format: "%d cases in %.1f s (seed %llu)", totalCases, seconds, seed))
    return lines.joined(separator: "\n")
  }

  /// The summary as pretty-printed JSON with sorted keys.
  func json() throws(CLIFailure) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    var report = self
    report.totals = Totals(
      cases: totalCases, passes: models.reduce(0) { $0 + $1.passes }, typedErrors: totalTypedErrors,
      crashes: totalCrashes, hangs: totalHangs)
    do { return String(decoding: try encoder.encode(report), as: UTF8.self) } catch { throw CLIFailure(error) }
  }
}
