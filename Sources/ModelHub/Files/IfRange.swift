/// The `If-Range` precondition (RFC 9110 §13.1.5) for a file whose only validator is the strong
/// ETag `"<sha256>"` (the hub sends no `Last-Modified`).
enum IfRange {
  /// Whether the `Range` header may be applied. True without an `If-Range` header; otherwise
  /// only for a strong entity tag equal to the file's. A weak tag never matches, `*` is not a
  /// validator, an unquoted value is not an entity tag, and a date cannot be a strong validator
  /// here: in every such case the `Range` is ignored and the whole file is sent.
  static func allowsRange(_ header: String?, hash: String) -> Bool {
    guard let header else { return true }
    return header == "\"\(hash)\""
  }
}
