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
/// a fixed batch size and fewer items are left, that last batch is dropped (tf.data's
/// `drop_remainder`) — without asking the source for them.
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

  /// Every step's outputs, each after its step has run. Cancelling the consuming task (or
  /// dropping the sequence) stops training after the step under way; the sequence then ends
  /// with `CancellationError`.
  ///
  /// - Returns: A sequence of ``TrainingStep``s that throws ``TrainingError`` for an empty data
  ///   source, a bad batch or a runtime failure.
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
    let count = dataSource.numberOfItems
    guard count > 0 else { throw TrainingError.emptyBatch }
    let fixed = model.fixedBatchSize
    var generator = SplitMix64(seed: seed)
    var order = Array(0..<count)
    var step = 0
    for epoch in 0..<max(epochs, 0) {
      if shuffle { order.shuffle(using: &generator) }
      for start in stride(from: 0, to: count, by: batchSize) {
        let indices = order[start..<min(start + batchSize, count)]
        if let fixed, indices.count != fixed, indices.count < batchSize { continue }
        try Task.checkCancellation()
        let batch = try Batch(keys: dataSource.keys, items: indices.map { dataSource.item(at: $0) })
        let outputs = try await model.train(batch)
        body(TrainingStep(epoch: epoch, step: step, outputs: outputs))
        step += 1
      }
    }
  }
}
