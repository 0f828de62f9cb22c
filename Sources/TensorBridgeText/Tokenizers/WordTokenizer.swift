/// The book's word tokenizer: Unicode words, punctuation dropped, lowercased.
///
/// A word is a maximal run of word characters (letters, marks, numbers; see `TextUnicode`).
/// An apostrophe (`'` or `’`, written as `'`) between two word characters joins them, so
/// `Don’t` is `don't`. Each CJK character is a word on its own. Everything else — punctuation,
/// symbols, emoji, whitespace, controls — separates words and is dropped. Words are lowercased.
public struct WordTokenizer: ByteStreamTokenizer {
  /// Whether words are lowercased (default: true).
  public var lowercase: Bool

  /// Creates the tokenizer.
  public init(lowercase: Bool = true) { self.lowercase = lowercase }

  /// Calls `body` with each word's UTF-8 bytes (valid only during the call).
  @available(*, deprecated, renamed: "forEachToken(in:_:)")
  public func forEachWord(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    forEachToken(in: text, body)
  }

  /// Calls `body` with each word's UTF-8 bytes (valid only during the call).
  public func forEachToken(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    TokenScanner.scanning(text) { scanner in
      scanner.scan(
        ascii: { scanner, byte, index in
          let kind = TextUnicode.asciiClass[Int(byte)]
          if kind == TextUnicode.alphanumeric {
            scanner.token.append(lowercase && byte >= 65 && byte <= 90 ? byte + 32 : byte)
          } else if byte == 0x27, !scanner.token.isEmpty, Self.startsWordCharacter(scanner.bytes, at: index + 1) {
            scanner.token.append(0x27)
          } else {
            scanner.flush(body)
          }
        },
        other: { scanner, scalar, index, length in
          if TextUnicode.isCJK(scalar.value) {
            scanner.flush(body)
            TextUnicode.appendUTF8(scalar, to: &scanner.token)
            scanner.flush(body)
          } else if TextUnicode.isWordCharacter(scalar) {
            if lowercase {
              TextUnicode.appendLowercase(scalar, to: &scanner.token)
            } else {
              TextUnicode.appendUTF8(scalar, to: &scanner.token)
            }
          } else if scalar == "\u{2019}", !scanner.token.isEmpty,
            Self.startsWordCharacter(scanner.bytes, at: index + length)
          {
            scanner.token.append(0x27)
          } else {
            scanner.flush(body)
          }
        })
      scanner.flush(body)
    }
  }

  /// Whether a word character starts at `index` (false past the end).
  private static func startsWordCharacter(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    index < bytes.count && TextUnicode.isWordCharacter(TextUnicode.decode(bytes, at: index).0)
  }
}
