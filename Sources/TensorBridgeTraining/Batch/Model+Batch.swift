import TensorBridgeModels

extension Model {
  /// Runs the model on every item of `batch`, in item order: Tensor/IO's `run:` with a
  /// `TIOBatch`. Each item's values are keyed by input layer name, as in ``Model/run(on:)``
  /// with a dictionary.
  ///
  /// ```swift
  /// let outputs = try model.run(Batch(item: ["input": 2]))
  /// let y = outputs[0]["output"]?.scalar   // 25
  /// ```
  ///
  /// - Parameter batch: Items keyed by the model's input layer names.
  /// - Returns: One ``ModelOutputs`` per item.
  /// - Throws: ``ModelError`` naming the layer of the first item that does not fit (an unknown
  ///   key, a missing layer, a value of the wrong size or kind).
  public func run(_ batch: Batch) throws(ModelError) -> [ModelOutputs] {
    var results: [ModelOutputs] = []
    for item in batch.items {
      results.append(try run(on: item.mapValues { $0 as any ModelInput }))
    }
    return results
  }
}
