import TensorBridgeModels

/// Where a trainer takes its items from: Tensor/IO's `TIOBatchDataSource` (`keys`,
/// `numberOfItems`, `itemAtIndex:`). The trainer asks for each item once per epoch, in order or
/// shuffled, and groups them into ``Batch``es.
public protocol BatchDataSource: Sendable {
  /// The names of every item's values.
  var keys: [String] { get }
  /// How many items there are.
  var numberOfItems: Int { get }
  /// The item at `index` (`0 ..< numberOfItems`).
  ///
  /// - Parameter index: The item's position.
  /// - Returns: One value per key.
  func item(at index: Int) -> [String: ModelValue]
}

extension Batch: BatchDataSource {
  /// ``count``, under the data source's name.
  public var numberOfItems: Int { count }

  /// The item at `index`.
  ///
  /// - Parameter index: The item's position.
  /// - Returns: The item.
  public func item(at index: Int) -> [String: ModelValue] { items[index] }
}

/// Items held in memory: Tensor/IO's `TIOInMemoryBatchDataSource`, a data source over one
/// ``Batch``.
public struct InMemoryBatchDataSource: BatchDataSource, Equatable {
  /// The items.
  public let batch: Batch

  /// A data source over `batch`'s items (Tensor/IO's `initWithBatch:`).
  ///
  /// - Parameter batch: The items.
  public init(batch: Batch) { self.batch = batch }

  /// A data source of one item (Tensor/IO's `initWithItem:`), keyed by the item's keys.
  ///
  /// - Parameter item: The only item.
  public init(item: [String: ModelValue]) { batch = Batch(item: item) }

  public var keys: [String] { batch.keys }
  public var numberOfItems: Int { batch.count }
  public func item(at index: Int) -> [String: ModelValue] { batch[index] }
}
