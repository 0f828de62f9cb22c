import Foundation

/// BERT's basic tokenization (google-research/bert `BasicTokenizer`, uncased), before WordPiece:
///
/// 1. drop U+0000, U+FFFD and control characters; whitespace becomes a space;
/// 2. every CJK character is a token of its own;
/// 3. split on whitespace (and U+2028/U+2029, as Python's `str.split()` does);
/// 4. per piece: lowercase, canonical decomposition (NFD), drop nonspacing marks (accent
///    stripping: `café` → `cafe`), then every punctuation character is a token of its own.
///
/// Character classes are those of `TextUnicode`.
public struct BasicTokenizer: ByteStreamTokenizer {
  /// Whether pieces are lowercased and accents stripped (BERT uncased; default true).
  public var lowercase: Bool

  /// Creates the tokenizer.
  public init(lowercase: Bool = true) { self.lowercase = lowercase }

  /// Calls `body` with each token's UTF-8 bytes (valid only during the call).
  public func forEachToken(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    TokenScanner.scanning(text) { scanner in
      var pieceIsASCII = true
      func flushPiece(_ scanner: inout TokenScanner) {
        guard !scanner.token.isEmpty else { return }
        if pieceIsASCII {
          Self.splitPunctuationASCII(scanner.token, body)
        } else {
          Self.finishUnicodePiece(scanner.token, lowercase: lowercase, body)
        }
        scanner.token.removeAll(keepingCapacity: true)
        pieceIsASCII = true
      }
      scanner.scan(
        ascii: { scanner, byte, _ in
          let kind = TextUnicode.asciiClass[Int(byte)]
          if kind == TextUnicode.whitespace {
            flushPiece(&scanner)
          } else if kind != TextUnicode.control {
            scanner.token.append(lowercase && byte >= 65 && byte <= 90 ? byte + 32 : byte)
          }
        },
        other: { scanner, scalar, _, _ in
          if scalar.value == 0xFFFD || TextUnicode.isControl(scalar) { return }
          if TextUnicode.isWhitespace(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029 {
            flushPiece(&scanner)
          } else if TextUnicode.isCJK(scalar.value) {
            flushPiece(&scanner)
            var single: [UInt8] = []
            TextUnicode.appendUTF8(scalar, to: &single)
            single.withUnsafeBufferPointer(body)
          } else {
            TextUnicode.appendUTF8(scalar, to: &scanner.token)
            pieceIsASCII = false
          }
        })
      flushPiece(&scanner)
    }
  }

  /// An ASCII piece (already lowercased): punctuation characters split off.
  private static func splitPunctuationASCII(_ piece: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    piece.withUnsafeBufferPointer { buffer in
      var start = 0
      for index in 0..<buffer.count where TextUnicode.asciiClass[Int(buffer[index])] == TextUnicode.punctuation {
        if start < index { body(UnsafeBufferPointer(rebasing: buffer[start..<index])) }
        body(UnsafeBufferPointer(rebasing: buffer[index..<index + 1]))
        start = index + 1
      }
      if start < buffer.count { body(UnsafeBufferPointer(rebasing: buffer[start...])) }
    }
  }

  /// A piece with non-ASCII characters: lowercase, NFD, drop Mn, split punctuation.
  private static func finishUnicodePiece(
    _ piece: [UInt8], lowercase: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    var text = String(decoding: piece, as: UTF8.self)
    if lowercase {
      var lowered: [UInt8] = []
      lowered.reserveCapacity(piece.count)
      for scalar in text.unicodeScalars { TextUnicode.appendLowercase(scalar, to: &lowered) }
      text = String(decoding: lowered, as: UTF8.self).decomposedStringWithCanonicalMapping
    }
    var token: [UInt8] = []
    token.reserveCapacity(piece.count)
    for scalar in text.unicodeScalars {
      if lowercase, TextUnicode.isNonspacingMark(scalar) { continue }
      if TextUnicode.isPunctuation(scalar) {
        if !token.isEmpty { token.withUnsafeBufferPointer(body) }
        token.removeAll(keepingCapacity: true)
        var single: [UInt8] = []
        TextUnicode.appendUTF8(scalar, to: &single)
        single.withUnsafeBufferPointer(body)
      } else {
        TextUnicode.appendUTF8(scalar, to: &token)
      }
    }
    if !token.isEmpty { token.withUnsafeBufferPointer(body) }
  }
}
