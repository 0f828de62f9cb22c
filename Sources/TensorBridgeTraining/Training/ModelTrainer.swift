import TensorBridge
import TensorBridgeModels

/// Something a ``ModelTrainer`` can train one batch at a time: a ``TrainableModel``, or any
/// other model (a test double counting its steps, say).
public protocol Trainable: Sendable {
  /// The batch size the model takes, or `nil` when its batch dimension is dynamic.
  var fixedBatchSize: Int? { get }
  /// One training step on `batch`.
  ///
  /// - Parameter batch: The step's items.
  /// - Returns: The training outputs by name (the loss) after the step.
  /// - Throws: ``TrainingError`` naming the key of a bad batch, or the runtime's error.
  func train(_ batch: Batch) async throws(TrainingError) -> [String: [Float]]
}

/// Trains a model over a data source for some epochs, some items a step: Tensor/IO's
/// `TIOModelTrainer` (`initWithModel:dataSource:placeholders:epochs:batchSize:shuffle:`).
///
/// Each epoch asks the data source for every item exactly once, in order or in an order
/// shuffled anew each epoch (deterministic for a given `seed`), and trains on batches of
/// `batchSize` items; the last batch of an epoch has the items left over. When the model takes
/// a fixed batch size, ``plan()`` checks before any step that `batchSize` is that size and that
/// there is at least one batch of items; fewer items left at the end of an epoch cannot fill a
/// batch and are left out (tf.data's `drop_remainder`, counted by
/// ``TrainingPlan/itemsLeftOutPerEpoch``) — without asking the source for them.
///
/// ```swift
/// let trainer = ModelTrainer(model: model, dataSource: InMemoryBatchDataSource(batch: data),
///                            epochs: 5, batchSize: 4, shuffle: true)
/// for try await step in trainer.steps() { print(step.epoch, step.loss ?? .nan) }
/// ```
public struct ModelTrainer<Learner: Trainable, Source: BatchDataSource>: Sendable {
  /// The model trained.
  public let model: Learner
  /// Where the items come from.
  public let dataSource: Source
  /// How many passes over the data source.
  public let epochs: Int
  /// Items per step (at least 1).
  public let batchSize: Int
  /// Whether each epoch takes the items in a new random order.
  public let shuffle: Bool
  /// The seed of the shuffled orders.
  public let seed: UInt64

  /// Creates a trainer; nothing runs until ``steps()`` or ``train()``.
  ///
  /// - Parameters:
  ///   - model: The model to train.
  ///   - dataSource: The items.
  ///   - epochs: Passes over the items (none when not positive).
  ///   - batchSize: Items per step; values below 1 count as 1.
  ///   - shuffle: Whether each epoch shuffles the items.
  ///   - seed: The seed of the shuffles.
  public init(
    model: Learner, dataSource: Source, epochs: Int, batchSize: Int, shuffle: Bool = false, seed: UInt64 = 0
  ) {
    self.model = model
    self.dataSource = dataSource
    self.epochs = epochs
    self.batchSize = max(batchSize, 1)
    self.shuffle = shuffle
    self.seed = seed
  }

  /// How the items are grouped into steps, checked against the model's batch size before any
  /// step runs.
  ///
  /// - Returns: The steps of each epoch and the items each epoch leaves out.
  /// - Throws: ``TrainingError/emptyBatch``, ``TrainingError/fixedBatchSize(expected:given:)``
  ///   or ``TrainingError/tooFewItems(items:batchSize:)``; see
  ///   ``TrainingPlan/init(itemCount:batchSize:fixedBatchSize:)``.
  public func plan() throws(TrainingError) -> TrainingPlan {
    try TrainingPlan(
      itemCount: dataSource.numberOfItems, batchSize: batchSize, fixedBatchSize: model.fixedBatchSize)
  }

  /// Every step's outputs, each after its step has run. Cancelling the consuming task (or
  /// dropping the sequence) stops training after the step under way; the sequence then ends
  /// with `CancellationError`.
  ///
  /// - Returns: A sequence of ``TrainingStep``s that throws ``TrainingError`` before the first
  ///   step when ``plan()`` does (an empty data source, a batch size the model does not take,
  ///   fewer items than its fixed batch), and for a bad batch or a runtime failure.
  public func steps() -> AsyncThrowingStream<TrainingStep, any Error> {
    let trainer = self
    return AsyncThrowingStream { continuation in
      let task = Task {
        do {
          try await trainer.run { continuation.yield($0) }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  /// Trains every epoch and returns the last step's outputs (Tensor/IO's `train`), or empty
  /// outputs when no step ran.
  ///
  /// - Returns: The outputs of the last step.
  /// - Throws: ``TrainingError``, or `CancellationError` when the task is cancelled.
  @discardableResult
  public func train() async throws -> [String: [Float]] {
    var last: [String: [Float]] = [:]
    try await run { last = $0.outputs }
    return last
  }

  private func run(_ body: (TrainingStep) -> Void) async throws {
    let plan = try plan()
    let count = plan.itemCount
    var generator = SplitMix64(seed: seed)
    var order = Array(0..<count)
    var step = 0
    for epoch in 0..<max(epochs, 0) {
      if shuffle { order.shuffle(using: &generator) }
      for start in stride(from: 0, to: plan.stepsPerEpoch * batchSize, by: batchSize) {
        let indices = order[start..<min(start + batchSize, count)]
        try Task.checkCancellation()
        let batch = try Batch(keys: dataSource.keys, items: indices.map { dataSource.item(at: $0) })
        let outputs = try await model.train(batch)
        body(TrainingStep(epoch: epoch, step: step, outputs: outputs))
        step += 1
      }
    }
  }
}
