/// The failures every rewrite of a model file shares, so that the pieces they share
/// (``TableCopier``, the absolute-offset patches) can throw each rewrite's own public error.
///
/// ``OutputCaptureError`` and ``RecurrentStateError`` both have these cases.
protocol FlatBufferRewriteError: Error {
  /// A table has a field this reader does not know, so it cannot be copied faithfully.
  static func unknownField(path: String, slot: Int) -> Self
  /// Reading the original model failed (it was not the verified model's bytes).
  static func unreadableModel(_ error: TFLiteFormatError) -> Self
  /// An offset in the rewritten file would not fit a flatbuffer offset (the file is too large).
  static func fileTooLarge(size: Int) -> Self
  /// The new objects could not be laid out (a bug in the rewriter).
  static func compositionFailed(reason: String) -> Self
}

extension OutputCaptureError: FlatBufferRewriteError {}

/// The sentences for the failures every rewrite shares: one wording for ``OutputCaptureError``
/// and ``RecurrentStateError``.
enum RewriteFailureText {
  static func unknownField(path: String, slot: Int) -> String {
    "Cannot rewrite the model: \(path) has a field in slot \(slot) that this reader does not know."
  }

  static func fileTooLarge(size: Int) -> String {
    "Cannot rewrite the model: offsets in a \(size)-byte file do not fit a flatbuffer offset."
  }

  static func compositionFailed(reason: String) -> String { "Cannot lay out the rewritten model: \(reason)." }

  static func rewrittenModelInvalid(_ error: TFLiteFormatError) -> String {
    "The rewritten model failed verification: \(error.description)"
  }

  static func unreadableModel(_ error: TFLiteFormatError) -> String {
    "Cannot read the model to rewrite it: \(error.description)"
  }
}
