/// Why ``TFLiteModel/densifyingHybridWeights()`` could not rewrite a model.
///
/// None of these make the model invalid: the original model is still usable as it is.
public enum DenseHybridWeightsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The stored values of a sparse weight tensor do not fill the shape its sparsity parameters
  /// describe (the verifier checks the parameters, not every path through them).
  case weightsDoNotDensify(subgraph: Int, tensor: String)
  /// The model file could not be rewritten faithfully, as every rewrite can fail (an unknown
  /// field, a file too large, a rewriter bug, unreadable bytes).
  case rewrite(RewriteFailure)

  public var description: String {
    switch self {
    case .weightsDoNotDensify(let subgraph, let tensor):
      return
        "Cannot store the sparse weights '\(tensor)' of subgraph \(subgraph) dense: their values do not fill their sparsity parameters."
    case .rewrite(let failure): return failure.description
    }
  }
}

extension DenseHybridWeightsError: FlatBufferRewriteError {}
