import Foundation
import TestSupport
import XCTest

/// `tensorbridge train` on the training fixtures (scripts/fixtures/make_training_fixtures.py).
final class TrainCLITests: XCTestCase {
  let training = Fixtures.root.appendingPathComponent("training")

  func testTrainPrintsPythonLossesWritesCheckpointAndPlot() throws {
    let work = try TestPaths.temporaryDirectory(for: self, "tb-train")
    let checkpoint = work.appendingPathComponent("head.checkpoint.json").path
    let plot = work.appendingPathComponent("loss.png").path
    let export = work.appendingPathComponent("trained.tflite").path
    let result = try CLIRun.run([
      "train", training.appendingPathComponent("dense_head.tiobundle").path,
      "--data", training.appendingPathComponent("dense_head.data.json").path,
      "--epochs", "2", "--batch-size", "4", "--checkpoint", checkpoint, "--plot", plot, "--export", export,
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    let reference =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: training.appendingPathComponent("dense_head.reference.json"))) as? [String: Any]
    let expected = try XCTUnwrap(reference?["losses"] as? [Double])
    let printed = result.stdout.split(separator: "\n").compactMap { line in
      line.split(separator: " ").last.flatMap { Double($0) }
    }
    XCTAssertEqual(printed.count, expected.count, result.stdout)
    for (a, e) in zip(printed, expected) { XCTAssertEqual(a, e, accuracy: 1e-5) }
    XCTAssertTrue(result.stderr.contains("step 6/6 epoch 2"), result.stderr)
    XCTAssertTrue(result.stderr.contains("running"), result.stderr)
    let png = try Data(contentsOf: URL(fileURLWithPath: plot))
    XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    XCTAssertTrue(FileManager.default.fileExists(atPath: checkpoint))
    XCTAssertEqual(try CLIRun.run(["inspect", export]).status, 0)

    // Restoring the checkpoint continues from the trained weights: the first loss is lower.
    let again = try CLIRun.run([
      "train", training.appendingPathComponent("dense_head.tiobundle").path,
      "--data", training.appendingPathComponent("dense_head.data.json").path,
      "--epochs", "1", "--batch-size", "4", "--restore", checkpoint,
    ])
    XCTAssertEqual(again.status, 0, again.stderr)
    let first = again.stdout.split(separator: "\n").first.flatMap { $0.split(separator: " ").last }.flatMap {
      Double($0)
    }
    XCTAssertLessThan(try XCTUnwrap(first), expected[0])
  }

  func testBadDataNamesTheKey() throws {
    let work = try TestPaths.temporaryDirectory(for: self, "tb-train")
    let data = work.appendingPathComponent("bad.json")
    try Data(#"{"keys": ["x", "labels"], "items": [{"x": [1, 2, 3, 4]}]}"#.utf8).write(to: data)
    let result = try CLIRun.run([
      "train", training.appendingPathComponent("dense_head.tiobundle").path, "--data", data.path, "--batch-size", "4",
    ])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("Batch item 0 has no value for 'labels'"), result.stderr)
  }
}
