/// SentencePiece's two segmentations that need no scores (`word_model.cc`, `char_model.cc`):
/// WORD splits the normalized text before each `▁` (`SplitIntoWords`, whitespace as a prefix,
/// no whitespace-only pieces), CHAR takes the longest user-defined piece at each position, else
/// one character. Each piece is then looked up among the NORMAL, USER_DEFINED and UNUSED pieces
/// (`PieceToIdNoReserved`; an UNUSED piece, or none, is the unknown id).
enum SentencePieceWordAndCharacter {
  /// `▁` in UTF-8.
  private static let spaceSymbol: [UInt8] = [0xE2, 0x96, 0x81]

  /// `(byte range, id)` of each word of the normalized text, in order.
  static func encodeWords(_ text: UnsafeBufferPointer<UInt8>, vocabulary: SentencePieceVocabulary) -> [(
    Range<Int>, Int
  )] {
    var pieces: [(Range<Int>, Int)] = []
    var start = 0
    var position = 0
    while position < text.count {
      let length = min(TextUnicode.utf8Length(lead: text[position]), text.count - position)
      if position > start, isSpace(text, position, length) {
        pieces.append((start..<position, id(text, start..<position, vocabulary)))
        start = position
      }
      position += length
    }
    if position > start { pieces.append((start..<position, id(text, start..<position, vocabulary))) }
    return pieces
  }

  /// `(byte range, id)` of each character (or user-defined piece) of the normalized text.
  static func encodeCharacters(_ text: UnsafeBufferPointer<UInt8>, vocabulary: SentencePieceVocabulary) -> [(
    Range<Int>, Int
  )] {
    var pieces: [(Range<Int>, Int)] = []
    var position = 0
    while position < text.count {
      let length =
        vocabulary.userDefined?.longestPrefix(of: text, from: position)?.length
        ?? min(TextUnicode.utf8Length(lead: text[position]), text.count - position)
      pieces.append((position..<position + length, id(text, position..<position + length, vocabulary)))
      position += length
    }
    return pieces
  }

  private static func isSpace(_ text: UnsafeBufferPointer<UInt8>, _ position: Int, _ length: Int) -> Bool {
    length == 3 && text[position] == spaceSymbol[0] && text[position + 1] == spaceSymbol[1]
      && text[position + 2] == spaceSymbol[2]
  }

  /// `PieceToIdNoReserved`, with an UNUSED piece read as unknown.
  private static func id(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ vocabulary: SentencePieceVocabulary)
    -> Int
  {
    guard let id = vocabulary.trie.value(of: text, range), vocabulary.types[id] != .unused else {
      return vocabulary.unknownID
    }
    return id
  }
}
