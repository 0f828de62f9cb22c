/// Why ``TFLiteModel/loweringRecurrentState(loopingOverFixedSteps:)`` could not lower a model.
public enum RecurrentStateError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Some operators keeping state in variable tensors cannot be lowered; each one carries
  /// its ``RecurrentStateOperator/refusal``.
  case notLowerable([RecurrentStateOperator])
  /// The model already has a signature with the key the lowering gives its reset signature.
  case signatureKeyTaken(key: String)
  /// The model file could not be rewritten faithfully, as every rewrite can fail (an unknown
  /// field, a file too large, a rewriter bug, unreadable bytes).
  case rewrite(RewriteFailure)

  public var description: String {
    switch self {
    case .notLowerable(let operators):
      let list = operators.map { "\($0.location): \($0.refusal.map(\.description) ?? "lowerable")" }
      return "Cannot lower the model's recurrent state to builtin operators: " + list.joined(separator: "; ") + "."
    case .signatureKeyTaken(let key):
      return "Cannot lower the model's recurrent state: it already has a signature named '\(key)'."
    case .rewrite(let failure): return failure.description
    }
  }
}

extension RecurrentStateError: FlatBufferRewriteError {}
