/// The failures every rewrite of a model file shares: output capture
/// (``OutputCaptureError``), recurrent-state lowering (``RecurrentStateError``) and constant
/// copies (``ConstantCopyError``) each carry one as their `rewrite` case.
///
/// None of these make the original model invalid: it is still usable as it is.
public enum RewriteFailure: Sendable, Equatable, CustomStringConvertible {
  /// A table has a field this reader does not know, so it cannot be copied faithfully
  /// (`slot` is the field's position in the table's vtable).
  case unknownField(path: String, slot: Int)
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
      return "Cannot rewrite the model: \(path) has a field in slot \(slot) that this reader does not know."
    case .fileTooLarge(let size):
      return "Cannot rewrite the model: offsets in a \(size)-byte file do not fit a flatbuffer offset."
    case .compositionFailed(let reason):
      return "Cannot lay out the rewritten model: \(reason)."
    case .rewrittenModelInvalid(let error):
      return "The rewritten model failed verification: \(error.description)"
    case .unreadableModel(let error):
      return "Cannot read the model to rewrite it: \(error.description)"
    }
  }
}
