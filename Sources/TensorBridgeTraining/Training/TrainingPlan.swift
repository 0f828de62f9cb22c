/// How a trainer groups a data source's items into steps, settled before any step runs: the
/// steps of each epoch and, for a model whose training signature takes a fixed batch size,
/// the items that cannot fill a last batch and are left out of every epoch.
///
/// ```swift
/// let plan = try model.plan(dataSource: data, batchSize: 4)   // 10 items, a fixed batch of 4
/// plan.stepsPerEpoch          // 2
/// plan.itemsLeftOutPerEpoch   // 2 (which two changes each epoch when shuffled)
/// ```
public struct TrainingPlan: Sendable, Equatable {
  /// The data source's items.
  public let itemCount: Int
  /// Items per step.
  public let batchSize: Int
  /// The batch size the model's training signature takes, or `nil` when it is dynamic.
  public let fixedBatchSize: Int?
  /// Steps in each epoch.
  public let stepsPerEpoch: Int
  /// Items of each epoch that no step trains: with a fixed batch size, the last
  /// `itemCount % batchSize` items of the epoch's order (tf.data's `drop_remainder`); 0 with a
  /// dynamic batch, whose last step trains the items left over.
  public let itemsLeftOutPerEpoch: Int

  /// The plan for `itemCount` items in batches of `batchSize` on a model taking
  /// `fixedBatchSize` items per step (`nil`: any number).
  ///
  /// - Parameters:
  ///   - itemCount: The data source's items.
  ///   - batchSize: Items per step (at least 1).
  ///   - fixedBatchSize: The model's fixed batch size, or `nil` for a dynamic batch.
  /// - Throws: ``TrainingError/emptyBatch`` for no items;
  ///   ``TrainingError/fixedBatchSize(expected:given:)`` when the model's batch size is fixed
  ///   and `batchSize` is another; ``TrainingError/tooFewItems(items:batchSize:)`` when the
  ///   batch size is fixed and there are fewer items than one batch.
  public init(itemCount: Int, batchSize: Int, fixedBatchSize: Int?) throws(TrainingError) {
    guard itemCount > 0 else { throw .emptyBatch }
    let batchSize = max(batchSize, 1)
    if let fixedBatchSize {
      guard batchSize == fixedBatchSize else { throw .fixedBatchSize(expected: fixedBatchSize, given: batchSize) }
      guard itemCount >= batchSize else { throw .tooFewItems(items: itemCount, batchSize: batchSize) }
      stepsPerEpoch = itemCount / batchSize
      itemsLeftOutPerEpoch = itemCount % batchSize
    } else {
      stepsPerEpoch = (itemCount + batchSize - 1) / batchSize
      itemsLeftOutPerEpoch = 0
    }
    self.itemCount = itemCount
    self.batchSize = batchSize
    self.fixedBatchSize = fixedBatchSize
  }

  /// Why items are left out, as a sentence, or `nil` when every item trains each epoch.
  public var leftOutReason: String? {
    guard itemsLeftOutPerEpoch > 0, let fixedBatchSize else { return nil }
    return
      "\(itemsLeftOutPerEpoch) of \(itemCount) items per epoch are left out: the model trains batches of exactly "
      + "\(fixedBatchSize) items (its training signature's batch dimension is fixed), and \(itemCount) is not a "
      + "multiple of \(fixedBatchSize)"
  }
}
