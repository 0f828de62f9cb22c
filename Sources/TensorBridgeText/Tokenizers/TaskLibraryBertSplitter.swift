/// The TFLite Task Library's splitting in front of WordPiece (`BertPreprocessor` +
/// `BertTokenizer` in tensorflow/tflite-support), which differs from google-research/bert's
/// ``BasicTokenizer``:
///
/// 1. only ASCII letters are lowercased (`absl::AsciiStrToLower`), and only when ``lowercase``
///    is set; accents are kept;
/// 2. runs of RE2's `\s` (`[\t\n\f\r ]`, ASCII only: U+00A0 or U+3000 are not separators)
///    separate tokens and are dropped;
/// 3. ASCII punctuation (`[!-/]`, `[:-@]`, `[\[-`]`, `[{-~]`), Unicode punctuation (`\p{P}`) and
///    CJK ideographs (BERT's ranges) are tokens of their own;
/// 4. nothing else is removed (control characters and U+FFFD stay inside tokens).
public struct TaskLibraryBertSplitter: ByteStreamTokenizer {
  /// Whether ASCII letters are lowercased first (the Task Library always does; default true).
  public var lowercase: Bool

  /// Creates the splitter.
  public init(lowercase: Bool = true) { self.lowercase = lowercase }

  /// Calls `body` with each token's UTF-8 bytes (valid only during the call).
  public func forEachToken(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    TokenScanner.scanning(text) { scanner in
      scanner.scan(
        ascii: { scanner, byte, _ in
          switch byte {
          case 0x09, 0x0A, 0x0C, 0x0D, 0x20:
            scanner.flush(body)
          case 33...47, 58...64, 91...96, 123...126:
            scanner.flush(body)
            scanner.token.append(byte)
            scanner.flush(body)
          case 65...90:
            scanner.token.append(lowercase ? byte + 32 : byte)
          default:
            scanner.token.append(byte)
          }
        },
        other: { scanner, scalar, index, length in
          let separate = TextUnicode.isPunctuation(scalar) || TextUnicode.isCJK(scalar.value)
          if separate { scanner.flush(body) }
          scanner.token.append(contentsOf: UnsafeBufferPointer(rebasing: scanner.bytes[index..<index + length]))
          if separate { scanner.flush(body) }
        })
      scanner.flush(body)
    }
  }
}
