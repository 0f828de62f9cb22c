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
  /// How ``train(dataSource:epochs:batchSize:shuffle:seed:)`` groups `dataSource`'s items into
  /// steps: checks `batchSize` against the model's fixed batch size and counts the steps of
  /// each epoch and the items left out of it, without training.
  ///
  /// - Parameters:
  ///   - dataSource: The items.
  ///   - batchSize: Items per step.
  /// - Returns: The plan.
  /// - Throws: ``TrainingError/emptyBatch``, ``TrainingError/fixedBatchSize(expected:given:)``
  ///   naming the model's batch size and `batchSize`, or
  ///   ``TrainingError/tooFewItems(items:batchSize:)``.
  public nonisolated func plan(dataSource: some BatchDataSource, batchSize: Int) throws(TrainingError)
    -> TrainingPlan
  {
    try TrainingPlan(itemCount: dataSource.numberOfItems, batchSize: batchSize, fixedBatchSize: fixedBatchSize)
  }

  /// Trains over every item of `dataSource` for `epochs` epochs, `batchSize` items a step:
  /// one ``TrainingStep`` per step, each after its step has run (a ``ModelTrainer``'s
  /// ``ModelTrainer/steps()``).
  ///
  /// Items are taken in order, or in an order shuffled anew each epoch (deterministic for a
  /// given `seed`). When the training signature takes a fixed batch size (``fixedBatchSize``),
  /// `batchSize` must be that size and the data at least one batch, checked before any step
  /// (``plan(dataSource:batchSize:)`` says so ahead); the items left at the end of an epoch that
  /// cannot fill a batch are left out (as tf.data's `drop_remainder`;
  /// ``TrainingPlan/itemsLeftOutPerEpoch`` counts them). With a dynamic batch the last step
  /// trains them. Cancelling the consuming task (or dropping the sequence) stops training after
  /// the step under way; the sequence then ends with `CancellationError`.
  ///
  /// - Parameters:
  ///   - dataSource: The items: a ``Batch``, an ``InMemoryBatchDataSource`` or any ``BatchDataSource``.
  ///   - epochs: Passes over the items.
  ///   - batchSize: Items per step.
  ///   - shuffle: Whether each epoch shuffles the items.
  ///   - seed: The seed of the shuffles.
  /// - Returns: The steps; the sequence throws ``TrainingError`` before the first step for what
  ///   ``plan(dataSource:batchSize:)`` throws, and for a bad batch or a runtime failure.
  public nonisolated func train(
    dataSource: some BatchDataSource, epochs: Int, batchSize: Int, shuffle: Bool = false, seed: UInt64 = 0
  ) -> AsyncThrowingStream<TrainingStep, any Error> {
    ModelTrainer(
      model: self, dataSource: dataSource, epochs: epochs, batchSize: batchSize, shuffle: shuffle, seed: seed
    )
    .steps()
  }
}
