/// SentencePiece's BPE segmentation (`bpe_model.cc`, without dropout): start from characters
/// (user-defined pieces are single frozen symbols), repeatedly merge the adjacent pair whose
/// concatenation is the highest-scoring vocabulary piece (ties: the leftmost), until no pair is
/// in the vocabulary. Merges through UNUSED pieces are split back into their parts.
enum SentencePieceBPE {
  private struct Symbol {
    var range: Range<Int>
    var previous: Int
    var next: Int
    var frozen: Bool
    /// The piece trie's node for this symbol's bytes (−1: no piece starts with them).
    var node: Int
  }

  private struct Pair {
    var left: Int
    var right: Int
    var score: Float
    var size: Int
    /// The trie node of the merged piece.
    var node: Int

    /// The agenda's order: higher score first, then the leftmost.
    func precedes(_ other: Pair) -> Bool { score > other.score || (score == other.score && left < other.left) }
  }

  /// `(byte range, id)` of each piece of the normalized text, in order.
  static func encode(_ text: UnsafeBufferPointer<UInt8>, vocabulary: SentencePieceVocabulary) -> [(Range<Int>, Int)] {
    guard text.count > 0 else { return [] }
    var symbols: [Symbol] = []
    symbols.reserveCapacity(text.count)
    var position = 0
    while position < text.count {
      var length = min(TextUnicode.utf8Length(lead: text[position]), text.count - position)
      var frozen = false
      if let match = vocabulary.userDefined?.longestPrefix(of: text, from: position) {
        (length, frozen) = (match.length, true)
      }
      let index = symbols.count
      let node = vocabulary.trie.walk(from: 0, text, position..<position + length) ?? -1
      symbols.append(
        Symbol(
          range: position..<position + length, previous: index - 1,
          next: position + length < text.count ? index + 1 : -1, frozen: frozen, node: node))
      position += length
    }
    var agenda = PairHeap()
    // Merged UNUSED piece → the length of its left part (SentencePiece's `rev_merge`).
    var reverseMerges: [[UInt8]: Int] = [:]
    func addPair(_ left: Int, _ right: Int) {
      guard left >= 0, right >= 0, !symbols[left].frozen, !symbols[right].frozen else { return }
      let range = symbols[left].range.lowerBound..<symbols[right].range.upperBound
      // Adjacent symbols are contiguous in the text, so the pair is one byte range; its trie
      // node is reached from the left symbol's by the right symbol's bytes.
      guard symbols[left].node >= 0, symbols[left].range.upperBound == symbols[right].range.lowerBound,
        let node = vocabulary.trie.walk(from: symbols[left].node, text, symbols[right].range),
        let id = vocabulary.trie.value(at: node)
      else { return }
      agenda.push(Pair(left: left, right: right, score: vocabulary.scores[id], size: range.count, node: node))
      if vocabulary.types[id] == .unused {
        reverseMerges[Array(text[range])] = symbols[left].range.count
      }
    }
    for index in 1..<symbols.count { addPair(index - 1, index) }
    while let top = agenda.pop() {
      let left = symbols[top.left]
      let right = symbols[top.right]
      guard !left.range.isEmpty, !right.range.isEmpty, left.range.count + right.range.count == top.size else {
        continue
      }
      symbols[top.left].range = left.range.lowerBound..<left.range.lowerBound + top.size
      symbols[top.left].next = right.next
      symbols[top.left].node = top.node
      if right.next >= 0 { symbols[right.next].previous = top.left }
      symbols[top.right].range = right.range.lowerBound..<right.range.lowerBound
      addPair(symbols[top.left].previous, top.left)
      addPair(top.left, symbols[top.left].next)
    }
    var output: [(Range<Int>, Int)] = []
    func resegment(_ range: Range<Int>) {
      let id = vocabulary.id(of: text, range)
      if vocabulary.types[id] == .unused, let left = reverseMerges[Array(text[range])] {
        resegment(range.lowerBound..<range.lowerBound + left)
        resegment(range.lowerBound + left..<range.upperBound)
      } else {
        output.append((range, id))
      }
    }
    var index = 0
    while index >= 0, index < symbols.count {
      resegment(symbols[index].range)
      index = symbols[index].next
    }
    return output
  }

  /// A binary max-heap of pairs in agenda order.
  private struct PairHeap {
    private var items: [Pair] = []

    mutating func push(_ pair: Pair) {
      items.append(pair)
      var child = items.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard items[child].precedes(items[parent]) else { break }
        items.swapAt(child, parent)
        child = parent
      }
    }

    mutating func pop() -> Pair? {
      guard let first = items.first else { return nil }
      let last = items.removeLast()
      if !items.isEmpty {
        items[0] = last
        var parent = 0
        while true {
          let left = 2 * parent + 1
          let right = left + 1
          var best = parent
          if left < items.count, items[left].precedes(items[best]) { best = left }
          if right < items.count, items[right].precedes(items[best]) { best = right }
          if best == parent { break }
          items.swapAt(parent, best)
          parent = best
        }
      }
      return first
    }
  }
}
