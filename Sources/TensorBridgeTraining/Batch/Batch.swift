import TensorBridgeModels

/// Training examples as Tensor/IO's `TIOBatch` has them: named keys (the training inputs,
/// usually features and labels), and items that are dictionaries of native values, one value
/// per key. Think of it as a matrix: each item a row, each key a column.
///
/// ```swift
/// var batch = Batch(keys: ["x", "labels"])
/// try batch.add(["x": [0.1, 0.2, 0.3, 0.4], "labels": [0, 1, 0]])
/// let labels = batch.column("labels")
/// ```
public struct Batch: Sendable, Equatable {
  /// The names of every item's values.
  public let keys: [String]
  /// The items, in the order they were added.
  public private(set) var items: [[String: ModelValue]] = []

  /// An empty batch whose items have values for `keys`.
  public init(keys: [String]) { self.keys = keys }

  /// A batch of `items`, each checked as ``add(_:)`` checks it.
  ///
  /// - Throws: ``TrainingError/missingKey(key:item:)`` or ``TrainingError/unknownKey(key:keys:)``.
  public init(keys: [String], items: [[String: ModelValue]]) throws(TrainingError) {
    self.keys = keys
    for item in items { try add(item) }
  }

  /// A batch of one item, whose keys are the item's (Tensor/IO's `initWithItem:`).
  public init(item: [String: ModelValue]) {
    keys = item.keys.sorted()
    items = [item]
  }

  /// A batch of `items`, whose keys are the first item's (Tensor/IO's `initWithItems:`); every
  /// other item is checked as ``add(_:)`` checks it.
  ///
  /// - Throws: ``TrainingError/emptyBatch`` for no items, and what ``add(_:)`` throws.
  public init(items: [[String: ModelValue]]) throws(TrainingError) {
    guard let first = items.first else { throw .emptyBatch }
    try self.init(keys: first.keys.sorted(), items: items)
  }

  /// The number of items.
  public var count: Int { items.count }

  /// Adds one item, which needs a value for every key and no other.
  ///
  /// - Throws: ``TrainingError/missingKey(key:item:)`` naming the first key without a value,
  ///   ``TrainingError/unknownKey(key:keys:)`` for a value under another name.
  public mutating func add(_ item: [String: ModelValue]) throws(TrainingError) {
    for key in keys where item[key] == nil { throw .missingKey(key: key, item: items.count) }
    for key in item.keys.sorted() where !keys.contains(key) { throw .unknownKey(key: key, keys: keys) }
    items.append(item)
  }

  /// Every item's value for `key`, in item order (empty for a key the batch does not have).
  public func column(_ key: String) -> [ModelValue] { items.compactMap { $0[key] } }

  /// The item at `index`.
  public subscript(index: Int) -> [String: ModelValue] { items[index] }
}
