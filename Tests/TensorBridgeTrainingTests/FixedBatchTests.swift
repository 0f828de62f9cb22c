import Foundation
import TensorBridge
import TensorBridgeModels
import XCTest

@testable import TensorBridgeTraining

/// The fixtures' training signatures take a fixed batch of 4 (a dynamic batch needs
/// BroadcastGradientArgs, which is not a LiteRT builtin): a batch size other than 4, or fewer
/// items than one batch, fails before any step; a remainder is counted and left out, and the
/// full batches train as Python LiteRT trains them.
final class FixedBatchTests: XCTestCase, TrainingFixtureTests {
  /// The first `count` items of a fixture's training data.
  func data(_ name: String, first count: Int) throws -> Batch {
    let all = try data(name)
    return try Batch(keys: all.keys, items: (0..<count).map { all[$0] })
  }

  /// Runs the sequence to its end: the losses of the steps that ran and the error it ended with.
  func drain(_ steps: AsyncThrowingStream<TrainingStep, any Error>) async -> (losses: [Float], error: (any Error)?) {
    var losses: [Float] = []
    do {
      for try await step in steps { losses.append(step.loss ?? .nan) }
    } catch { return (losses, error) }
    return (losses, nil)
  }

  func testABatchSizeOtherThanTheModelsFailsBeforeAnyStep() async throws {
    for (name, batchSize) in [("dense_head", 3), ("dense_head", 6), ("conv_net", 8), ("conv_net", 1)] {
      let model = try model(name)
      let data = try data(name)
      let initial = try await model.weights()
      XCTAssertThrowsError(try model.plan(dataSource: data, batchSize: batchSize), name) { error in
        XCTAssertEqual(error as? TrainingError, .fixedBatchSize(expected: 4, given: batchSize))
      }
      let run = await drain(model.train(dataSource: data, epochs: 2, batchSize: batchSize))
      XCTAssertEqual(run.losses, [], "\(name) batch \(batchSize): no step runs")
      XCTAssertEqual(run.error as? TrainingError, .fixedBatchSize(expected: 4, given: batchSize), name)
      let after = try await model.weights()
      XCTAssertEqual(after, initial, "\(name) batch \(batchSize): the weights are untouched")
    }
    XCTAssertEqual(
      TrainingError.fixedBatchSize(expected: 4, given: 3).description,
      "The model trains batches of exactly 4 items (its training signature's batch dimension is fixed), not 3.")
  }

  func testFewerItemsThanOneBatchFailsBeforeTraining() async throws {
    for count in [1, 3] {
      let model = try model("dense_head")
      let data = try data("dense_head", first: count)
      let initial = try await model.weights()
      XCTAssertThrowsError(try model.plan(dataSource: data, batchSize: 4)) { error in
        XCTAssertEqual(error as? TrainingError, .tooFewItems(items: count, batchSize: 4))
      }
      let run = await drain(model.train(dataSource: data, epochs: 3, batchSize: 4, shuffle: true))
      XCTAssertEqual(run.losses, [])
      XCTAssertEqual(run.error as? TrainingError, .tooFewItems(items: count, batchSize: 4))
      let after = try await model.weights()
      XCTAssertEqual(after, initial)
    }
    XCTAssertEqual(
      TrainingError.tooFewItems(items: 3, batchSize: 4).description,
      "The data has 3 items, fewer than one batch of 4 (the model's fixed batch size): no step can run.")
  }

  /// 10 items in fixed batches of 4: two steps an epoch, two items left out of each and said so;
  /// the full batches give Python LiteRT's losses (its first two steps train the same 8 items).
  func testARemainderIsCountedAndTheFullBatchesTrain() async throws {
    let reference = try reference("dense_head")
    let model = try model("dense_head")
    let data = try data("dense_head", first: 10)
    let plan = try model.plan(dataSource: data, batchSize: 4)
    XCTAssertEqual(plan.stepsPerEpoch, 2)
    XCTAssertEqual(plan.itemsLeftOutPerEpoch, 2)
    XCTAssertEqual(plan.fixedBatchSize, 4)
    XCTAssertEqual(
      plan.leftOutReason,
      "2 of 10 items per epoch are left out: the model trains batches of exactly 4 items (its training signature's "
        + "batch dimension is fixed), and 10 is not a multiple of 4")
    let run = await drain(model.train(dataSource: data, epochs: 2, batchSize: 4))
    XCTAssertNil(run.error)
    XCTAssertEqual(run.losses.count, 4)
    assertClose(Array(run.losses.prefix(2)), Array(reference.losses.prefix(2)), "epoch 1")
    // Shuffled, every epoch still trains two full batches.
    let shuffled = await drain(
      try self.model("dense_head").train(dataSource: data, epochs: 3, batchSize: 4, shuffle: true))
    XCTAssertNil(shuffled.error)
    XCTAssertEqual(shuffled.losses.count, 6)
    // A multiple of the batch leaves nothing out.
    let whole = try model.plan(dataSource: try self.data("dense_head"), batchSize: 4)
    XCTAssertEqual(whole.stepsPerEpoch, 3)
    XCTAssertEqual(whole.itemsLeftOutPerEpoch, 0)
    XCTAssertNil(whole.leftOutReason)
  }

  /// The plan of a dynamic batch trains every item: the last step takes the items left over.
  func testADynamicBatchLeavesNothingOut() throws {
    let plan = try TrainingPlan(itemCount: 10, batchSize: 4, fixedBatchSize: nil)
    XCTAssertEqual(plan.stepsPerEpoch, 3)
    XCTAssertEqual(plan.itemsLeftOutPerEpoch, 0)
    XCTAssertNil(plan.leftOutReason)
    XCTAssertEqual(try TrainingPlan(itemCount: 1, batchSize: 3, fixedBatchSize: nil).stepsPerEpoch, 1)
    XCTAssertThrowsError(try TrainingPlan(itemCount: 0, batchSize: 4, fixedBatchSize: 4)) { error in
      XCTAssertEqual(error as? TrainingError, .emptyBatch)
    }
  }
}
