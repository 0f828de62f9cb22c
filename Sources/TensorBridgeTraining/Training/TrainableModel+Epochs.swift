import Foundation
import TensorBridgeModels

/// One training step of ``TrainableModel/train(dataSource:epochs:batchSize:shuffle:seed:)``.
public struct TrainingStep: Sendable, Equatable {
  /// The epoch, from 0.
  public var epoch: Int
  /// The step across every epoch, from 0.
  public var step: Int
  /// The training outputs by name, after the step.
  public var outputs: [String: [Float]]

  /// The output named `loss`, or the first value of the only output.
  public var loss: Float? {
    if let loss = outputs["loss"]?.first { return loss }
    return outputs.count == 1 ? outputs.first?.value.first : nil
  }
}

extension TrainableModel: Trainable {
  /// Trains over every item of `dataSource` for `epochs` epochs, `batchSize` items a step:
  /// one ``TrainingStep`` per step, each after its step has run (a ``ModelTrainer``'s
  /// ``ModelTrainer/steps()``).
  ///
  /// Items are taken in order, or in an order shuffled anew each epoch (deterministic for a
  /// given `seed`). When the training signature takes a fixed batch size, a last batch with
  /// fewer items is dropped (as tf.data's `drop_remainder`); with a dynamic batch it trains.
  /// Cancelling the consuming task (or dropping the sequence) stops training after the step
  /// under way; the sequence then ends with `CancellationError`.
  ///
  /// - Parameters:
  ///   - dataSource: The items: a ``Batch``, an ``InMemoryBatchDataSource`` or any ``BatchDataSource``.
  ///   - epochs: Passes over the items.
  ///   - batchSize: Items per step.
  ///   - shuffle: Whether each epoch shuffles the items.
  ///   - seed: The seed of the shuffles.
  /// - Returns: The steps; the sequence throws ``TrainingError`` for a bad batch or a runtime failure.
  public nonisolated func train(
    dataSource: some BatchDataSource, epochs: Int, batchSize: Int, shuffle: Bool = false, seed: UInt64 = 0
  ) -> AsyncThrowingStream<TrainingStep, any Error> {
    ModelTrainer(
      model: self, dataSource: dataSource, epochs: epochs, batchSize: batchSize, shuffle: shuffle, seed: seed
    )
    .steps()
  }
}

/// A small seedable generator (SplitMix64) so that shuffled training is reproducible.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
