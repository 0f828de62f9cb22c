/// Why ``TFLiteModel/givingOwnConstants(to:)`` could not rewrite a model.
///
/// None of these make the model invalid: the original model is still usable as it is.
public enum ConstantCopyError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The operator input does not exist, or does not read a constant tensor whose bytes are in
  /// a buffer of the file.
  case notAConstantInput(ConstantInput, reason: String)
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
    case .notAConstantInput(let input, let reason):
      return
        "Cannot copy the constant of subgraph \(input.subgraph) operator \(input.operatorIndex) input \(input.input): \(reason)."
    case .unknownField(let path, let slot): return RewriteFailureText.unknownField(path: path, slot: slot)
    case .fileTooLarge(let size): return RewriteFailureText.fileTooLarge(size: size)
    case .compositionFailed(let reason): return RewriteFailureText.compositionFailed(reason: reason)
    case .rewrittenModelInvalid(let error): return RewriteFailureText.rewrittenModelInvalid(error)
    case .unreadableModel(let error): return RewriteFailureText.unreadableModel(error)
    }
  }
}

extension ConstantCopyError: FlatBufferRewriteError {}
