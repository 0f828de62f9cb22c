/// Why ``TFLiteModel/loweringRecurrentState()`` could not lower a model.
public enum RecurrentStateError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Some operators keeping state in variable tensors cannot be lowered; each one carries
  /// its ``RecurrentStateOperator/refusal``.
  case notLowerable([RecurrentStateOperator])
  /// The model already has a signature with the key the lowering gives its reset signature.
  case signatureKeyTaken(key: String)
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
    case .notLowerable(let operators):
      let list = operators.map { "\($0.location): \($0.refusal.map(\.description) ?? "lowerable")" }
      return "Cannot lower the model's recurrent state to builtin operators: " + list.joined(separator: "; ") + "."
    case .signatureKeyTaken(let key):
      return "Cannot lower the model's recurrent state: it already has a signature named '\(key)'."
    case .unknownField(let path, let slot):
      return RewriteFailureText.unknownField(path: path, slot: slot)
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

extension RecurrentStateError: FlatBufferRewriteError {}
