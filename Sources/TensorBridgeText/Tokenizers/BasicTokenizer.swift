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
    var text = text
    text.withUTF8 { bytes in
      var piece: [UInt8] = []
      piece.reserveCapacity(64)
      var pieceIsASCII = true
      func flushPiece() {
        guard !piece.isEmpty else { return }
        if pieceIsASCII {
          Self.splitPunctuationASCII(piece, body)
        } else {
          Self.finishUnicodePiece(piece, lowercase: lowercase, body)
        }
        piece.removeAll(keepingCapacity: true)
        pieceIsASCII = true
      }
      var index = 0
      let count = bytes.count
      while index < count {
        let byte = bytes[index]
        if byte < 0x80 {
          let kind = TextUnicode.asciiClass[Int(byte)]
          if kind == TextUnicode.whitespace {
            flushPiece()
          } else if kind != TextUnicode.control {
            piece.append(lowercase && byte >= 65 && byte <= 90 ? byte + 32 : byte)
          }
          index += 1
          continue
        }
        let (scalar, length) = TextUnicode.decode(bytes, at: index)
        index += length
        if scalar.value == 0xFFFD || TextUnicode.isControl(scalar) { continue }
        if TextUnicode.isWhitespace(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029 {
          flushPiece()
        } else if TextUnicode.isCJK(scalar.value) {
          flushPiece()
          var single: [UInt8] = []
          TextUnicode.appendUTF8(scalar, to: &single)
          single.withUnsafeBufferPointer(body)
        } else {
          TextUnicode.appendUTF8(scalar, to: &piece)
          pieceIsASCII = false
        }
      }
      flushPiece()
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
