/// A rewrite's public error, carrying the failures every rewrite shares, so that the pieces they
/// share (``TableCopier``, the absolute-offset patches) can throw each rewrite's own error.
///
/// ``OutputCaptureError``, ``RecurrentStateError`` and ``ConstantCopyError`` each have a
/// `rewrite(RewriteFailure)` case, which is this requirement.
protocol FlatBufferRewriteError: Error {
  /// The rewrite's error for a failure every rewrite shares.
  static func rewrite(_ failure: RewriteFailure) -> Self
}

extension OutputCaptureError: FlatBufferRewriteError {}
