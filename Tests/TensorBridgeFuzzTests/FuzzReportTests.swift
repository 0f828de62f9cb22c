import Foundation
import XCTest

@testable import TensorBridgeFuzz

final class FuzzReportTests: XCTestCase {
  func makeReport() -> FuzzReport {
    var report = FuzzReport(seed: 5, iterations: 6, modelNames: ["a.tflite", "b.tflite"])
    report.record(modelIndex: 0, outcome: "pass")
    report.record(modelIndex: 0, outcome: "invalidModel.truncated")
    report.record(modelIndex: 1, outcome: "invalidModel.truncated")
    report.record(modelIndex: 1, outcome: "modelLoadFailed")
    report.record(
      modelIndex: 1,
      finding: FuzzReport.Finding(
        kind: "crash", model: "b.tflite", caseIndex: 3, reason: "signal 11 (SIGSEGV)", mutation: "flip bit 0x4.1",
        reproducedAlone: true, file: "/c/crash-b-5-3.tflite", stderrTail: ""))
    report.record(modelIndex: 7, outcome: "pass")  // no such model: ignored
    return report
  }

  func testTotals() {
    let report = makeReport()
    XCTAssertEqual(report.totalCases, 5)
    XCTAssertEqual(report.totalCrashes, 1)
    XCTAssertEqual(report.totalHangs, 0)
    XCTAssertEqual(report.totalTypedErrors, ["invalidModel.truncated": 2, "modelLoadFailed": 1])
    XCTAssertEqual(report.models.map(\.cases), [2, 3])
    XCTAssertEqual(report.models.map(\.typedErrorCount), [1, 2])
  }

  func testTable() {
    let lines = makeReport().table().split(separator: "\n").map(String.init)
    XCTAssertEqual(
      lines.first?.split(separator: " ").map(String.init),
      ["model", "cases", "passes", "typed", "errs", "crashes", "hangs"])
    XCTAssert(
      lines.contains { $0.split(separator: " ") == ["total", "5", "1", "3", "1", "0"] }, lines.joined(separator: "\n"))
    XCTAssert(lines.contains { $0.hasPrefix("  invalidModel.truncated") && $0.hasSuffix("2   [1 1]") })
    XCTAssert(lines.contains("  crash b.tflite case 3: signal 11 (SIGSEGV) — flip bit 0x4.1 → /c/crash-b-5-3.tflite"))
    XCTAssert(lines.last?.hasSuffix("(seed 5)") ?? false)
  }

  /// The JSON carries the totals that `tensorbridge fuzz --json` readers (the regression tests) use.
  func testJSONHasTotals() throws {
    let json = try makeReport().json()
    let decoded = try JSONDecoder().decode(FuzzReport.self, from: Data(json.utf8))
    let totals = try XCTUnwrap(decoded.totals)
    XCTAssertEqual(totals.cases, 5)
    XCTAssertEqual(totals.passes, 1)
    XCTAssertEqual(totals.crashes, 1)
    XCTAssertEqual(totals.typedErrors, ["invalidModel.truncated": 2, "modelLoadFailed": 1])
    XCTAssertEqual(decoded.findings.first?.file, "/c/crash-b-5-3.tflite")
  }

  func testReplayOutcomes() {
    var report = FuzzReport(seed: 1, iterations: 3, modelNames: ["x", "y", "z"])
    report.record(modelIndex: 0, outcome: "pass")
    report.record(modelIndex: 1, outcome: "invalidModel.truncated")
    report.record(
      modelIndex: 2,
      finding: FuzzReport.Finding(
        kind: "hang", model: "z", caseIndex: 2, reason: "no result after 1 s", mutation: "replay unchanged",
        reproducedAlone: true, file: nil, stderrTail: ""))
    let models = ["x", "y", "z"].map { FuzzSeedModel(path: "/r/\($0)", bytes: []) }
    XCTAssertEqual(
      report.replayOutcomes(of: models),
      [
        "/r/x": "pass", "/r/y": "error invalidModel.truncated", "/r/z": "hang no result after 1 s",
      ])
  }
}
