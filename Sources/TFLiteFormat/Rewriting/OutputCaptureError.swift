/// Why ``TFLiteModel/capturingDynamicOutputs()`` could not rewrite a model.
///
/// None of these make the model invalid: the original model is still usable as it is, only its
/// data-dependent outputs cannot be routed through capture operators.
public enum OutputCaptureError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The model already has a custom operator named like a capture operator.
  case operatorNameTaken(name: String)
  /// The model file could not be rewritten faithfully, as every rewrite can fail (an unknown
  /// field, a file too large, a rewriter bug, unreadable bytes).
  case rewrite(RewriteFailure)

  public var description: String {
    switch self {
    case .operatorNameTaken(let name):
      return
        "Cannot rewrite the model: it already has a custom operator named '\(name)', like TensorBridge's capture operators."
    case .rewrite(let failure): return failure.description
    }
  }
}
