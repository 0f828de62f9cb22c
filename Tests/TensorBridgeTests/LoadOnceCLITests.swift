import Foundation
import TestSupport
import XCTest

/// `tensorbridge run` and `inspect` read, verify, describe and compile a model once, with the
/// command line's options (`TENSORBRIDGE_LOAD_REPORT=1` prints the counts; issue 15).
final class LoadOnceCLITests: XCTestCase {
  func loadReport(_ arguments: [String]) throws -> (ProcessResult, [String]) {
    let result = try CLIRun.run(arguments, environment: ["TENSORBRIDGE_LOAD_REPORT": "1"])
    let lines = result.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("load: ") }
    return (result, lines)
  }

  func testRunOfATFLiteWithMetadataLoadsOnceWithTheUsersOptions() throws {
    let folder = try TestPaths.temporaryDirectory(for: self, "tb-load")
    let features = folder.appendingPathComponent("features.json")
    try Data("[0.1, 0.2, 0.3, 0.4]".utf8).write(to: features)
    let (result, lines) = try loadReport([
      "run", Fixtures.model("metadata_classifier"), "--input", "features=\(features.path)", "--json",
      "--threads", "3", "--no-output-capture",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(lines.first, "load: read=1 verify=1 describe=1 compile=1", result.stderr)
    XCTAssertEqual(lines.dropFirst().count, 1, result.stderr)
    XCTAssertTrue(lines.last?.hasPrefix("load: compiled with threads=3 xnnpack=on capture=off") == true, result.stderr)
  }

  func testRawRunAndInspectLoadOnce() throws {
    let folder = try TestPaths.temporaryDirectory(for: self, "tb-load")
    let x = folder.appendingPathComponent("x.json")
    try Data("[[1.0]]".utf8).write(to: x)
    let (run, runLines) = try loadReport(["run", Fixtures.model("linear"), "--input", "0=\(x.path)", "--threads", "2"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(runLines.first, "load: read=1 verify=1 describe=0 compile=1", run.stderr)
    XCTAssertTrue(runLines.last?.hasPrefix("load: compiled with threads=2 ") == true, run.stderr)

    let (inspect, inspectLines) = try loadReport(["inspect", Fixtures.model("metadata_classifier"), "--no-xnnpack"])
    XCTAssertEqual(inspect.status, 0, inspect.stderr)
    XCTAssertEqual(inspectLines.first, "load: read=1 verify=1 describe=0 compile=1", inspect.stderr)
    XCTAssertTrue(inspectLines.last?.contains("xnnpack=off") == true, inspect.stderr)
  }

  func testTaskCommandsLoadOnceWithTheUsersOptions() throws {
    let fixtures = URL(fileURLWithPath: Fixtures.model("linear")).deletingLastPathComponent()
      .deletingLastPathComponent()
    let vision = fixtures.appendingPathComponent("vision").path
    let cases: [(arguments: [String], describe: Int)] = [
      // Its output has a dynamic batch: rewritten once for output capture (new bytes, checked once).
      (["classify", "\(vision)/shapes_metadata.tflite", "\(vision)/samples/0_red_circle.png"], 1),
      (
        [
          "classify-text", fixtures.appendingPathComponent("text/sentiment_metadata.tflite").path,
          "What a wonderful day",
        ], 1
      ),
      (["detect", "\(vision)/ssd_colors_raw.tiobundle", "\(vision)/detector_samples/0_red_green.png"], 0),
      // An AutoML export runs through Model like every task: its model.tflite is described once.
      (["detect", "\(vision)/ssd_colors.automl", "\(vision)/detector_samples/0_red_green.png"], 1),
    ]
    for (arguments, describe) in cases {
      let (result, lines) = try loadReport(arguments + ["--threads", "2"])
      XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
      let rewrite = arguments[1].hasSuffix("shapes_metadata.tflite") ? " rewrite=1" : ""
      XCTAssertEqual(
        lines.first, "load: read=1 verify=1 describe=\(describe) compile=1\(rewrite)", "\(arguments): \(result.stderr)")
      XCTAssertEqual(lines.count, 2, "\(arguments): \(result.stderr)")
      XCTAssertTrue(lines.last?.hasPrefix("load: compiled with threads=2 ") == true, "\(arguments): \(result.stderr)")
    }
  }
}
