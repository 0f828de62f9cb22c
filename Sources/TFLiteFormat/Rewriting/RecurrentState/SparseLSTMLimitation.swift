/// Why a builtin hybrid `LSTM`'s sparse weights are refused (see
/// ``RecurrentStateRefusal/sparseLSTMWeights(role:tensor:limitation:)``).
///
/// TensorFlow Lite's `lstm.cc` runs a hybrid `LSTM` whose `input_to_output_weights` are sparse
/// on its sparse path: each sparse weight becomes a "ledger" of the non-zero 16-column blocks
/// of each row, multiplied by `SparseMatrixBatchVectorMultiplyAccumulate`. Where that path
/// computes the products of the weights the sparse tensor stands for (recurrent weights: at the
/// input's scale instead of the output state's, which the lowering reproduces), TensorBridge
/// lowers the operator with the weights densified; in these forms it does not.
public enum SparseLSTMLimitation: Sendable, Hashable, CustomStringConvertible {
  /// The weights are not stored as rows of 1×16 blocks (`traversal_order` `[0, 1, 2]`,
  /// `block_map` `[1]`, a dense, a sparse and a 16-wide dense level): the kernel reads 16
  /// values at each listed block index all the same.
  case blockLayout
  /// A row has more than 255 non-zero blocks, or a block index is above 255: the kernel's
  /// one-byte ledger cannot hold them, and it goes on with the ledger half written.
  case ledgerOverflow
  /// The operator quantizes its inputs asymmetrically (`asymmetric_quantize_inputs`): the
  /// sparse path ignores the zero point, and the dense products never get the row sums they
  /// subtract it with.
  case asymmetricInputs
  /// The operator has no projection weights: the kernel reads the omitted tensor's sparsity
  /// while preparing, and Python's interpreter crashes.
  case noProjection

  public var description: String {
    switch self {
    case .blockLayout:
      "lstm.cc's sparse path reads only rows of 1x16 blocks (traversal_order [0, 1, 2], block_map [1], a dense, a sparse and a 16-wide dense level)"
    case .ledgerOverflow:
      "a row has more than 255 non-zero blocks or a block index above 255, more than lstm.cc's one-byte ledger holds"
    case .asymmetricInputs:
      "with asymmetric_quantize_inputs lstm.cc's sparse path ignores the input's zero point and never computes the row sums of its dense products (Python's result depends on other memory)"
    case .noProjection:
      "the LSTM has no projection_weights, whose sparsity lstm.cc reads all the same (Python's interpreter crashes)"
    }
  }
}
