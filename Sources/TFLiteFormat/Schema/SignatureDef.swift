/// A named entry point of the model (a TensorFlow SavedModel signature).
public struct SignatureDef: Sendable, Hashable {
  /// The signature key, such as `serving_default`.
  public let key: String
  /// The index of the subgraph that implements the signature, always in range.
  public let subgraphIndex: Int
  /// The named inputs, with tensor indices into that subgraph.
  public let inputs: [SignatureTensor]
  /// The named outputs, with tensor indices into that subgraph.
  public let outputs: [SignatureTensor]
}

/// A named input or output of a ``SignatureDef``.
public struct SignatureTensor: Sendable, Hashable {
  /// The alias the signature gives the tensor.
  public let name: String
  /// Index of the tensor in the signature's subgraph, always in range.
  public let tensorIndex: Int
}
