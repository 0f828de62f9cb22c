/// SentencePiece's unigram segmentation (`unigram_model.cc`, `EncodeOptimized`, the default):
/// Viterbi over every vocabulary piece starting at every character, keeping the best path
/// ending at each byte position. A character no piece of one character covers gets the
/// unknown piece with score `min_score − 10`. User-defined pieces score
/// `length × max_score − 0.1` (in double precision, as in C++); ties keep the first path found.
/// Path scores are float sums, moved back to 0 whenever they pass ±100,000 (as the library
/// does), so long texts round as they round there.
enum SentencePieceUnigram {
  static let unknownPenalty: Float = 10
  /// `kScoreResetThreshold`.
  static let scoreResetThreshold: Float = 100_000

  /// `(byte range, id)` of each piece of the normalized text, in order.
  static func encode(_ text: UnsafeBufferPointer<UInt8>, vocabulary: SentencePieceVocabulary) -> [(Range<Int>, Int)] {
    let size = text.count
    guard size > 0 else { return [] }
    let unknownScore = vocabulary.minScore - unknownPenalty
    var bestScore = [Float](repeating: 0, count: size + 1)
    var bestStart = [Int](repeating: -1, count: size + 1)
    var bestID = [Int](repeating: -1, count: size + 1)
    var start = 0
    var frontier = 0
    while start < size {
      var scoreHere = bestScore[start]
      // As the library does, path scores past ±100,000 are moved back to 0 (the reached ends
      // by the same offset), so that float rounding on a long text falls where it falls there.
      if abs(scoreHere) > scoreResetThreshold {
        for index in start...max(start, frontier) where index == start || bestStart[index] != -1 {
          bestScore[index] -= scoreHere
        }
        scoreHere = 0
      }
      let characterLength = min(TextUnicode.utf8Length(lead: text[start]), size - start)
      var hasSingleCharacter = false
      vocabulary.trie.forEachPrefix(of: text, from: start) { length, id in
        let type = vocabulary.types[id]
        if type == .unused { return }
        let end = start + length
        frontier = max(frontier, end)
        let better: Bool
        let candidate: Float
        if type == .userDefined {
          let score = Double(Float(length) * vocabulary.maxScore) - 0.1
          let exact = score + Double(scoreHere)
          better = bestStart[end] == -1 || exact > Double(bestScore[end])
          candidate = Float(exact)
        } else {
          candidate = vocabulary.scores[id] + scoreHere
          better = bestStart[end] == -1 || candidate > bestScore[end]
        }
        if better {
          bestScore[end] = candidate
          bestStart[end] = start
          bestID[end] = id
        }
        if length == characterLength { hasSingleCharacter = true }
      }
      if !hasSingleCharacter {
        let end = start + characterLength
        frontier = max(frontier, end)
        let candidate = unknownScore + scoreHere
        if bestStart[end] == -1 || candidate > bestScore[end] {
          bestScore[end] = candidate
          bestStart[end] = start
          bestID[end] = vocabulary.unknownID
        }
      }
      start += characterLength
    }
    var pieces: [(Range<Int>, Int)] = []
    var end = size
    while end > 0 {
      let begin = bestStart[end]
      guard begin >= 0, begin < end else { break }  // cannot happen: every character is covered
      pieces.append((begin..<end, bestID[end]))
      end = begin
    }
    return pieces.reversed()
  }
}
