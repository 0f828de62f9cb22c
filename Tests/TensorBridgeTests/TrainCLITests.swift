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

  /// The first `count` items of the dense head's training data, as a data file in `work`.
  func headData(first count: Int, in work: URL) throws -> String {
    let all = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: training.appendingPathComponent("dense_head.data.json")))
        as? [String: Any])
    let items = try XCTUnwrap(all["items"] as? [Any])
    let file = work.appendingPathComponent("head-\(count).json")
    try JSONSerialization.data(withJSONObject: ["keys": all["keys"] ?? [], "items": Array(items.prefix(count))])
      .write(to: file)
    return file.path
  }

  /// A --batch-size other than the model's fixed batch, or fewer items than one batch, fails
  /// before training and writes neither the export nor the plot.
  func testFixedBatchMismatchAndTooFewItemsFailBeforeTraining() throws {
    let work = try TestPaths.temporaryDirectory(for: self, "tb-train")
    let export = work.appendingPathComponent("trained.tflite")
    let plot = work.appendingPathComponent("loss.png")
    let bundle = training.appendingPathComponent("dense_head.tiobundle").path
    let mismatch = try CLIRun.run([
      "train", bundle, "--data", training.appendingPathComponent("dense_head.data.json").path,
      "--batch-size", "3", "--export", export.path, "--plot", plot.path,
    ])
    XCTAssertEqual(mismatch.status, 1, mismatch.stderr)
    XCTAssertTrue(mismatch.stderr.contains("exactly 4 items"), mismatch.stderr)
    XCTAssertTrue(mismatch.stderr.contains("not 3"), mismatch.stderr)
    XCTAssertFalse(mismatch.stderr.contains("step 1"), mismatch.stderr)
    let few = try CLIRun.run([
      "train", bundle, "--data", try headData(first: 3, in: work), "--batch-size", "4",
      "--export", export.path, "--plot", plot.path,
    ])
    XCTAssertEqual(few.status, 1, few.stderr)
    XCTAssertTrue(few.stderr.contains("The data has 3 items, fewer than one batch of 4"), few.stderr)
    XCTAssertEqual(few.stdout, "")
    XCTAssertFalse(FileManager.default.fileExists(atPath: export.path))
    XCTAssertFalse(FileManager.default.fileExists(atPath: plot.path))
  }

  /// 10 items in the model's fixed batches of 4: a one-line warning says 2 items per epoch are
  /// left out and why, and the two full batches of each epoch train.
  func testRemainderIsWarnedAndFullBatchesTrain() throws {
    let work = try TestPaths.temporaryDirectory(for: self, "tb-train")
    let result = try CLIRun.run([
      "train", training.appendingPathComponent("dense_head.tiobundle").path,
      "--data", try headData(first: 10, in: work), "--batch-size", "4", "--epochs", "2",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
    XCTAssertEqual(
      warnings,
      [
        "warning: 2 of 10 items per epoch are left out: the model trains batches of exactly 4 items (its training "
          + "signature's batch dimension is fixed), and 10 is not a multiple of 4."
      ], result.stderr)
    XCTAssertEqual(result.stdout.split(separator: "\n").count, 4, result.stdout)
    XCTAssertTrue(result.stderr.contains("step 4/4 epoch 2"), result.stderr)
  }
}
