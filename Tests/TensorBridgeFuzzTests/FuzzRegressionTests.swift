import Foundation
import TestSupport
import XCTest

/// Regression tests for `tensorbridge fuzz`: every saved crasher must now fail cleanly (a typed
/// error or a normal run, never a signal), and a short fixed-seed campaign must find nothing.
///
/// The cases run through the `tensorbridge` executable built with the tests, so a crash kills a
/// child process and shows up as a failed assertion instead of ending the test run.
final class FuzzRegressionTests: XCTestCase {
  /// `Tests/Fixtures`, located from this file.
  static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// Each crasher in `Tests/Fixtures/crashers` replays without a crash or hang.
  func testSavedCrashersNoLongerCrash() throws {
    let crashers = try Self.files(in: "crashers")
    guard !crashers.isEmpty else { throw XCTSkip("no crashers in Tests/Fixtures/crashers") }
    let result = try runCLI(["fuzz", "--replay", "--json", "--timeout-seconds", "20"] + crashers.map(\.path))
    let report = try decodeReport(result)
    try skipIfRuntimeMissing(report)
    let outcomes = report.replayOutcomes ?? [:]
    for file in crashers {
      let outcome = outcomes[file.path] ?? "missing"
      XCTAssertFalse(
        outcome.hasPrefix("crash") || outcome.hasPrefix("hang") || outcome == "missing",
        "\(file.lastPathComponent): \(outcome)")
    }
    XCTAssertEqual(result.status, 0, "replay exit status; stderr: \(result.stderr)")
  }

  /// 300 mutations of the fixture models (and the one that needs sizes) with a fixed seed: no crash, no hang, in seconds.
  func testShortCampaignFindsNoCrash() throws {
    let models = try (Self.files(in: "models") + Self.files(in: "dynamic")).filter { $0.pathExtension == "tflite" }
    XCTAssertFalse(models.isEmpty)
    let crashers = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-regression-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: crashers) }
    let started = Date()
    let result = try runCLI(
      ["fuzz", "--seed", "20250101", "--iterations", "300", "--json", "--crashers-dir", crashers.path]
        + models.map(\.path))
    let report = try decodeReport(result)
    try skipIfRuntimeMissing(report)
    XCTAssertEqual(report.totals?.cases, 300)
    let findings = report.findings.map { "\($0.kind) \($0.model) case \($0.caseIndex): \($0.reason) — \($0.mutation)" }
    XCTAssertEqual(findings, [], "crashers were saved in \(crashers.path)")
    XCTAssertEqual(result.status, 0, "stderr: \(result.stderr)")
    XCTAssertLessThan(Date().timeIntervalSince(started), 60)
  }

  /// A model LiteRT prepares only once its dynamic inputs are sized (Tests/Fixtures/dynamic) is
  /// sized as a user would size it, then runs: the fuzzer reaches its kernels.
  /// `hybrid_frames`, which prepares at its stored `[1, 1]` but has no frame there (XNNPACK
  /// would divide by zero), is refused with a typed error instead.
  func testAModelThatNeedsSizesRunsOnceSized() throws {
    let models = try Self.files(in: "dynamic").filter { $0.pathExtension == "tflite" }
    XCTAssertFalse(models.isEmpty)
    let report = try decodeReport(try runCLI(["fuzz", "--replay", "--json"] + models.map(\.path)))
    try skipIfRuntimeMissing(report)
    for model in models {
      let expected = model.lastPathComponent == "hybrid_frames.tflite" ? "error invalidShape" : "pass"
      XCTAssertEqual(report.replayOutcomes?[model.path], expected, model.lastPathComponent)
    }
  }

  /// The same seed gives the same cases and outcomes.
  func testCampaignIsDeterministic() throws {
    let models = try Self.files(in: "models").filter { $0.pathExtension == "tflite" }
    let crashers = FileManager.default.temporaryDirectory.appendingPathComponent(
      "fuzz-determinism-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: crashers) }
    let arguments =
      ["fuzz", "--seed", "7", "--iterations", "60", "--json", "--crashers-dir", crashers.path] + models.map(\.path)
    let first = try decodeReport(try runCLI(arguments))
    try skipIfRuntimeMissing(first)
    let second = try decodeReport(try runCLI(arguments))
    XCTAssertEqual(first.totals, second.totals)
    XCTAssertEqual(first.findings.map(\.mutation), second.findings.map(\.mutation))
  }

  // MARK: Helpers

  /// The parts of `tensorbridge fuzz --json` these tests read.
  struct Report: Decodable {
    struct Totals: Decodable, Equatable {
      var cases: Int
      var passes: Int
      var typedErrors: [String: Int]
      var crashes: Int
      var hangs: Int
    }
    struct Finding: Decodable {
      var kind: String
      var model: String
      var caseIndex: Int
      var reason: String
      var mutation: String
    }
    var totals: Totals?
    var findings: [Finding]
    var replayOutcomes: [String: String]?
  }

  static func files(in folder: String) throws -> [URL] {
    let directory = fixtures.appendingPathComponent(folder)
    guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
    return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "tflite" }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  func runCLI(_ arguments: [String]) throws -> ProcessResult {
    try CLIRun.run(arguments)
  }

  func decodeReport(_ result: ProcessResult) throws -> Report {
    do { return try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8)) } catch {
      XCTFail("cannot decode fuzz JSON (exit \(result.status)): \(error); stderr: \(result.stderr)")
      throw error
    }
  }

  /// Without the LiteRT runtime every case is a `runtimeUnavailable` error, which proves nothing.
  func skipIfRuntimeMissing(_ report: Report) throws {
    let runtimeErrors = report.totals?.typedErrors["runtimeUnavailable"] ?? 0
    let replayMissing = report.replayOutcomes?.values.contains { $0.contains("runtimeUnavailable") } ?? false
    if runtimeErrors > 0 || replayMissing {
      throw XCTSkip("the LiteRT runtime is not installed (run scripts/setup.sh)")
    }
  }
}
