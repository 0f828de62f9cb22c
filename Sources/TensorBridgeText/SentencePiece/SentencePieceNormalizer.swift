/// SentencePiece's normalizer (`normalizer.cc`): the precompiled character map (longest rule
/// first; NFKC-based for the default `nmt_nfkc`), user-defined symbols passed through
/// unchanged, extra whitespace removed, a dummy prefix space, and spaces escaped as `▁`.
struct SentencePieceNormalizer: Sendable {
  private let trie: DoubleArrayTrie?
  /// The replacement strings, NUL-terminated, that trie values point into.
  private let replacements: [UInt8]
  private let addDummyPrefix: Bool
  private let removeExtraWhitespaces: Bool
  private let escapeWhitespaces: Bool
  private let treatWhitespaceAsSuffix: Bool
  private let userDefined: PieceTrie?

  static let space: [UInt8] = [0xE2, 0x96, 0x81]  // U+2581 ▁

  init(model: SentencePieceModel, userDefined: PieceTrie?) throws(SentencePieceError) {
    let blob = model.precompiledCharsMap
    if blob.isEmpty {
      trie = nil
      replacements = []
    } else {
      guard blob.count > 4 else { throw .invalidCharsMap(reason: "it holds \(blob.count) bytes") }
      let size = Int(UInt64(littleEndianBytes: blob[0..<4]))
      guard size < blob.count - 4 + 1, size % 4 == 0 else {
        throw .invalidCharsMap(reason: "its trie claims \(size) bytes of \(blob.count - 4)")
      }
      trie = DoubleArrayTrie(bytes: blob[4..<4 + size])
      replacements = Array(blob[(4 + size)...])
    }
    addDummyPrefix = model.addDummyPrefix
    removeExtraWhitespaces = model.removeExtraWhitespaces
    escapeWhitespaces = model.escapeWhitespaces
    treatWhitespaceAsSuffix = model.treatWhitespaceAsSuffix
    self.userDefined = userDefined
  }

  /// The replacement for the start of `input[at...]` and how many bytes it consumes.
  private func normalizePrefix(_ input: UnsafeBufferPointer<UInt8>, at start: Int, into output: inout [UInt8]) -> Int {
    if let userDefined, let length = userDefined.longestPrefix(of: input, from: start)?.length {
      output.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<start + length]))
      return length
    }
    if let trie, let match = trie.longestPrefix(of: input, from: start), match.length > 0 {
      var index = match.value
      while index >= 0, index < replacements.count, replacements[index] != 0 {
        output.append(replacements[index])
        index += 1
      }
      return match.length
    }
    // One UTF-8 character (Swift strings are valid UTF-8).
    let length = min(TextUnicode.utf8Length(lead: input[start]), input.count - start)
    output.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<start + length]))
    return length
  }

  /// `text` normalized, as UTF-8 bytes.
  func normalize(_ text: String) -> [UInt8] {
    var text = text
    return text.withUTF8 { input -> [UInt8] in
      var position = 0
      var piece: [UInt8] = []
      piece.reserveCapacity(16)
      if removeExtraWhitespaces {
        // Leading spaces (after normalization) are dropped.
        while position < input.count {
          piece.removeAll(keepingCapacity: true)
          let consumed = normalizePrefix(input, at: position, into: &piece)
          guard piece == [0x20] else { break }
          position += consumed
        }
      }
      guard position < input.count else { return [] }
      var output: [UInt8] = []
      output.reserveCapacity(input.count * 3)
      let spaceMark: [UInt8] = escapeWhitespaces ? Self.space : [0x20]
      if !treatWhitespaceAsSuffix, addDummyPrefix { output += spaceMark }
      var previousIsSpace = removeExtraWhitespaces
      while position < input.count {
        piece.removeAll(keepingCapacity: true)
        position += normalizePrefix(input, at: position, into: &piece)
        var start = 0
        if previousIsSpace { while start < piece.count, piece[start] == 0x20 { start += 1 } }
        if start < piece.count {
          for byte in piece[start...] {
            if escapeWhitespaces, byte == 0x20 { output += Self.space } else { output.append(byte) }
          }
          previousIsSpace = piece.last == 0x20
        }
        if !removeExtraWhitespaces { previousIsSpace = false }
      }
      if removeExtraWhitespaces {
        while output.count >= spaceMark.count, Array(output.suffix(spaceMark.count)) == spaceMark {
          output.removeLast(spaceMark.count)
        }
      }
      if treatWhitespaceAsSuffix, addDummyPrefix { output += spaceMark }
      return output
    }
  }
}
