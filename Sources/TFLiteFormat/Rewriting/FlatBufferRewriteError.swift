/// The failures every rewrite of a model file shares, so that the pieces they share
/// (``TableCopier``, the absolute-offset patches) can throw each rewrite's own public error.
///
/// ``OutputCaptureError`` and ``RecurrentStateError`` both have these cases.
protocol FlatBufferRewriteError: Error {
    /// A table has a field this reader does not know, so it cannot be copied faithfully.
    static func unknownField(path: String, slot: Int) -> Self
    /// Reading the original model failed (it was not the verified model's bytes).
    static func unreadableModel(_ error: TFLiteFormatError) -> Self
}

extension OutputCaptureError: FlatBufferRewriteError {}
