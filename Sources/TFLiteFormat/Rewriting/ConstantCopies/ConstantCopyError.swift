/// Why ``TFLiteModel/givingOwnConstants(to:)`` could not rewrite a model.
///
/// None of these make the model invalid: the original model is still usable as it is.
public enum ConstantCopyError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The operator input does not exist, or does not read a constant tensor whose bytes are in
  /// a buffer of the file.
  case notAConstantInput(ConstantInput, reason: String)
  /// The model file could not be rewritten faithfully, as every rewrite can fail (an unknown
  /// field, a file too large, a rewriter bug, unreadable bytes).
  case rewrite(RewriteFailure)

  public var description: String {
    switch self {
    case .notAConstantInput(let input, let reason):
      return
        "Cannot copy the constant of subgraph \(input.subgraph) operator \(input.operatorIndex) input \(input.input): \(reason)."
    case .rewrite(let failure): return failure.description
    }
  }
}

extension ConstantCopyError: FlatBufferRewriteError {}
