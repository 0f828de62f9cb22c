import Foundation
import TensorBridge
import TensorBridgeModels
import XCTest

@testable import TensorBridgeTraining

/// Training the fixtures of scripts/fixtures/make_training_fixtures.py (a dense head and a
/// small conv net, TensorFlow's on-device training pattern) against Python LiteRT's losses
/// step by step and its weights after training on the committed data.
final class TrainingTests: XCTestCase, TrainingFixtureTests {
  /// Losses after each step and weights after training match Python LiteRT, for both models.
  func testTrainingMatchesPythonLiteRTStepByStep() async throws {
    for name in ["dense_head", "conv_net"] {
      let reference = try reference(name)
      let model = try model(name)
      XCTAssertEqual(model.signatures, TrainingSignatures())
      XCTAssertEqual(model.fixedBatchSize, reference.batch_size)
      var losses: [Float] = []
      for try await step in model.train(
        dataSource: try data(name), epochs: reference.epochs, batchSize: reference.batch_size)
      {
        losses.append(try XCTUnwrap(step.loss))
      }
      assertClose(losses, reference.losses, name)
      let weights = try await model.weights()
      XCTAssertEqual(Set(weights.keys), Set(reference.weights.keys), name)
      for (key, values) in reference.weights {
        assertClose(try XCTUnwrap(weights[key]?.floatValues()), values, "\(name).\(key)")
      }
    }
  }

  /// `train(batch)` returns the named training outputs after one step (Tensor/IO's `train:`).
  func testOneStepReturnsTheLoss() async throws {
    let reference = try reference("dense_head")
    let data = try data("dense_head")
    let model = try model("dense_head")
    let batch = try Batch(keys: data.keys, items: (0..<4).map { data[$0] })
    let outputs = try await model.train(batch)
    XCTAssertEqual(Array(outputs.keys), ["loss"])
    assertClose(try XCTUnwrap(outputs["loss"]), [reference.losses[0]], "first step")
  }

  /// Checkpoints round-trip through the save and restore signatures: restoring the initial
  /// weights and training again gives the same losses.
  func testCheckpointRoundTrip() async throws {
    let reference = try reference("dense_head")
    let model = try model("dense_head")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("tb-checkpoint-\(UUID().uuidString).json")
    addTeardownBlock { try? FileManager.default.removeItem(at: file) }
    try await model.save(checkpointTo: file)
    let initial = try await model.weights()
    for (key, values) in reference.initial_weights {
      assertClose(try XCTUnwrap(initial[key]?.floatValues()), values, key)
    }
    for try await _ in model.train(dataSource: try data("dense_head"), epochs: 1, batchSize: 4) {}
    let trained = try await model.weights()
    XCTAssertNotEqual(trained, initial)
    try await model.restore(checkpointFrom: file)
    let restored = try await model.weights()
    XCTAssertEqual(restored, initial)
    var losses: [Float] = []
    for try await step in model.train(dataSource: try data("dense_head"), epochs: reference.epochs, batchSize: 4) {
      losses.append(step.loss ?? .nan)
    }
    assertClose(losses, reference.losses, "after restore")
    // Inference after training gives Python's probabilities.
    let probe = try Batch(keys: ["x"], items: (0..<2).map { ["x": try XCTUnwrap(try data("dense_head")[$0]["x"])] })
    let probabilities = try await model.infer(probe)["output"]
    assertClose(try XCTUnwrap(probabilities), reference.infer_first_two, "infer")
  }

  /// Bad batches are typed errors naming the key.
  func testBadBatchesNameTheKey() async throws {
    let model = try model("dense_head")
    let good: [String: ModelValue] = ["x": [0.1, 0.2, 0.3, 0.4], "labels": [0, 1, 0]]
    var missing = Batch(keys: ["x", "labels"])
    XCTAssertThrowsError(try missing.add(["x": [0.1, 0.2, 0.3, 0.4]])) { error in
      XCTAssertEqual(error as? TrainingError, .missingKey(key: "labels", item: 0))
    }
    do {
      _ = try await model.train(Batch(keys: ["x"], items: Array(repeating: ["x": good["x"] ?? 0], count: 4)))
      XCTFail("a batch without labels trained")
    } catch { XCTAssertEqual(error as? TrainingError, .missingKey(key: "labels", item: 0)) }
    do {
      _ = try await model.train(Batch(keys: ["x", "labels"]))
      XCTFail("an empty batch trained")
    } catch { XCTAssertEqual(error as? TrainingError, .emptyBatch) }
    var wrongShape = Array(repeating: good, count: 4)
    wrongShape[2]["x"] = [0.1, 0.2, 0.3]
    do {
      _ = try await model.train(Batch(keys: ["x", "labels"], items: wrongShape))
      XCTFail("a wrong shape trained")
    } catch { XCTAssertEqual(error as? TrainingError, .shapeMismatch(key: "x", item: 2, expected: [4], actual: [3])) }
    var wrongType = Array(repeating: good, count: 4)
    wrongType[1]["labels"] = .data(Data([0, 1, 0]))
    do {
      _ = try await model.train(Batch(keys: ["x", "labels"], items: wrongType))
      XCTFail("bytes trained")
    } catch {
      guard case .typeMismatch(let key, let item, _)? = error as? TrainingError else { return XCTFail("\(error)") }
      XCTAssertEqual([key], ["labels"])
      XCTAssertEqual(item, 1)
    }
    do {
      _ = try await model.train(Batch(keys: ["x", "labels"], items: [good]))
      XCTFail("a batch of 1 trained a batch-of-4 signature")
    } catch { XCTAssertEqual(error as? TrainingError, .batchSize(key: "labels", expected: 4, actual: 1)) }
  }

  /// Cancelling the consumer stops training.
  func testCancellationStopsTraining() async throws {
    let model = try model("dense_head")
    let data = try data("dense_head")
    let steps = model.train(dataSource: data, epochs: 1000, batchSize: 4, shuffle: true, seed: 7)
    let task = Task { () -> Int in
      var count = 0
      do { for try await _ in steps { count += 1 } } catch {}
      return count
    }
    try await Task.sleep(nanoseconds: 50_000_000)
    task.cancel()
    let count = await task.value
    XCTAssertLessThan(count, 3000)
  }

  /// `modes` without "train" and no train signature: not trainable.
  func testModesAndTrainFieldMapToSignatures() throws {
    var description = try ModelBundle(contentsOf: Self.folder.appendingPathComponent("dense_head.tiobundle"))
      .description
    XCTAssertEqual(description.model.modes, ["train", "predict"])
    XCTAssertEqual(description.train?.ops, ["train"])
    XCTAssertEqual(
      try TrainingSignatures.resolve(description, available: ["infer", "train", "save", "restore"]),
      TrainingSignatures())
    description.train = ModelDescription.TrainSection(ops: ["step"])
    XCTAssertThrowsError(try TrainingSignatures.resolve(description, available: ["train"])) { error in
      guard case .missingSignature(let key, _, _)? = error as? TrainingError else { return XCTFail("\(error)") }
      XCTAssertEqual(key, "step")
    }
    description.train = nil
    description.model.modes = ["predict"]
    XCTAssertThrowsError(try TrainingSignatures.resolve(description, available: ["serving_default"])) { error in
      guard case .notTrainable? = error as? TrainingError else { return XCTFail("\(error)") }
    }
  }
}

/// Export: a new `.tflite` with the trained weights in place of the initial constants.
extension TrainingTests {
  func testExportedModelStartsFromTheTrainedWeights() async throws {
    for name in ["dense_head", "conv_net"] {
      let reference = try reference(name)
      let model = try model(name)
      for try await _ in model.train(
        dataSource: try self.data(name), epochs: reference.epochs, batchSize: reference.batch_size)
      {}
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "tb-export-\(UUID().uuidString).tiobundle")
      try FileManager.default.copyItem(at: TrainingTests.folder.appendingPathComponent("\(name).tiobundle"), to: folder)
      addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
      try await model.export(to: folder.appendingPathComponent("model.tflite"))
      let exported = try TrainableModel(contentsOf: folder)
      let weights = try await exported.weights()
      for (key, values) in reference.weights {
        assertClose(try XCTUnwrap(weights[key]?.floatValues()), values, "\(name).\(key)")
      }
      // It runs and gives the trained model's outputs.
      let data = try self.data(name)
      let probe = try Batch(keys: ["x"], items: (0..<2).map { ["x": try XCTUnwrap(data[$0]["x"])] })
      let outputs = try await exported.infer(probe)["output"]
      assertClose(try XCTUnwrap(outputs), reference.infer_first_two, "\(name) infer")
      // The original file is untouched.
      let original = try await self.model(name).weights()
      for (key, values) in reference.initial_weights {
        assertClose(try XCTUnwrap(original[key]?.floatValues()), values, "\(name).\(key) initial")
      }
    }
  }
}
