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
    var text = text
    text.withUTF8 { bytes in
      var word: [UInt8] = []
      word.reserveCapacity(64)
      func flush() {
        if !word.isEmpty {
          word.withUnsafeBufferPointer(body)
          word.removeAll(keepingCapacity: true)
        }
      }
      var index = 0
      let count = bytes.count
      while index < count {
        let byte = bytes[index]
        if byte < 0x80 {
          // ASCII fast path.
          let kind = TextUnicode.asciiClass[Int(byte)]
          if kind == TextUnicode.alphanumeric {
            word.append(lowercase && byte >= 65 && byte <= 90 ? byte + 32 : byte)
          } else if byte == 0x27, !word.isEmpty, index + 1 < count, Self.startsWordCharacter(bytes, at: index + 1) {
            word.append(0x27)
          } else {
            flush()
          }
          index += 1
          continue
        }
        let (scalar, length) = TextUnicode.decode(bytes, at: index)
        if TextUnicode.isCJK(scalar.value) {
          flush()
          TextUnicode.appendUTF8(scalar, to: &word)
          flush()
        } else if TextUnicode.isWordCharacter(scalar) {
          if lowercase {
            TextUnicode.appendLowercase(scalar, to: &word)
          } else {
            TextUnicode.appendUTF8(scalar, to: &word)
          }
        } else if scalar == "\u{2019}", !word.isEmpty, index + length < count,
          Self.startsWordCharacter(bytes, at: index + length)
        {
          word.append(0x27)
        } else {
          flush()
        }
        index += length
      }
      flush()
    }
  }

  private static func startsWordCharacter(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    TextUnicode.isWordCharacter(TextUnicode.decode(bytes, at: index).0)
  }
}
