/// Splits text into the tokens a vocabulary maps to ids.
public protocol TextTokenizer: Sendable {
  /// The tokens of `text`, in order.
  func tokenize(_ text: String) -> [String]
}
