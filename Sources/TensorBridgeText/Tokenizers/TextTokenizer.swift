/// Splits text into the tokens a vocabulary maps to ids.
public protocol TextTokenizer: Sendable {
  /// The tokens of `text`, in order.
  func tokenize(_ text: String) -> [String]
}

/// A tokenizer that hands out each token's UTF-8 bytes as it finds them, without building
/// strings (``BasicTokenizer``, ``WordTokenizer``, ``TaskLibraryBertSplitter``);
/// ``TextTokenizer/tokenize(_:)`` is built on it.
public protocol ByteStreamTokenizer: TextTokenizer {
  /// Calls `body` with each token's UTF-8 bytes, in order (valid only during the call).
  func forEachToken(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void)
}

extension ByteStreamTokenizer {
  /// The tokens of `text`, in order: those ``forEachToken(in:_:)`` finds, as strings.
  public func tokenize(_ text: String) -> [String] {
    var tokens: [String] = []
    forEachToken(in: text) { tokens.append(String(decoding: $0, as: UTF8.self)) }
    return tokens
  }
}
