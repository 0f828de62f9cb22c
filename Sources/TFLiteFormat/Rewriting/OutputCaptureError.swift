/// Why ``TFLiteModel/capturingDynamicOutputs()`` could not rewrite a model.
///
/// None of these make the model invalid: the original model is still usable as it is, only its
/// data-dependent outputs cannot be routed through capture operators.
public enum OutputCaptureError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A table has a field this reader does not know, so it cannot be copied faithfully
  /// (`slot` is the field's position in the table's vtable).
  case unknownField(path: String, slot: Int)
  /// The model already has a custom operator named like a capture operator.
  case operatorNameTaken(name: String)
  /// An offset in the rewritten file would not fit a flatbuffer offset (the file is too large).
  case fileTooLarge(size: Int)
  /// The new objects could not be laid out (a bug in the rewriter).
  case compositionFailed(reason: String)
  /// The rewritten model failed TensorBridge's own verifier (a bug in the rewriter).
  case rewrittenModelInvalid(TFLiteFormatError)
  /// Reading the original model failed (it was not the verified model's bytes).
  case unreadableModel(TFLiteFormatError)

  public var description: String {
    switch self {
    case .unknownField(let path, let slot):
      return RewriteFailureText.unknownField(path: path, slot: slot)
    case .operatorNameTaken(let name):
      return
        "Cannot rewrite the model: it already has a custom operator named '\(name)', like TensorBridge's capture operators."
    case .fileTooLarge(let size):
      return RewriteFailureText.fileTooLarge(size: size)
    case .compositionFailed(let reason):
      return RewriteFailureText.compositionFailed(reason: reason)
    case .rewrittenModelInvalid(let error):
      return RewriteFailureText.rewrittenModelInvalid(error)
    case .unreadableModel(let error):
      return RewriteFailureText.unreadableModel(error)
    }
  }
}
