/// BERT's WordPiece tokenizer (uncased): a splitter, then each token split greedily into the
/// longest vocabulary pieces, continuation pieces prefixed with `##`
/// (`unbelievable` → `un`, `##believ`, `##able`).
///
/// The splitter is google-research/bert's ``BasicTokenizer`` (``Rules/googleResearch``, the
/// default) or the TFLite Task Library's ``TaskLibraryBertSplitter`` (``Rules/taskLibrary``).
/// A token longer than ``maxWordLength`` — code points under google-research's rules, UTF-8
/// bytes under the Task Library's (tensorflow_text's `max_bytes_per_token`) — or one that
/// cannot be covered by vocabulary pieces, becomes the unknown token (`[UNK]`) as a whole.
/// `[CLS]` and `[SEP]` are added by ``TextEncoder``, not here.
public struct WordPieceTokenizer: TextTokenizer {
  /// The vocabulary the pieces come from.
  public let vocabulary: Vocabulary
  /// The token for words that cannot be split (`[UNK]`).
  public let unknownToken: String
  /// The longest word in code points; longer words become ``unknownToken``. The default, 100,
  /// is HuggingFace's and the TFLite Task Library's; google-research/bert's own default is 200.
  public let maxWordLength: Int
  /// The basic tokenization in front (used under ``Rules/googleResearch``).
  public let basic: BasicTokenizer
  /// Whose splitting and length limit apply.
  public let rules: Rules

  /// The implementations whose rules the tokenizer can follow.
  public enum Rules: String, Sendable, Equatable, CaseIterable {
    /// google-research/bert's (and HuggingFace's): ``BasicTokenizer``, length in code points.
    case googleResearch
    /// The TFLite Task Library's: ``TaskLibraryBertSplitter``, length in UTF-8 bytes.
    case taskLibrary
  }

  /// Creates the tokenizer.
  ///
  /// - Parameters:
  ///   - vocabulary: The pieces (`vocab.txt`).
  ///   - unknownToken: The token for words that cannot be split.
  ///   - maxWordLength: The longest word (code points, or bytes under the Task Library's rules).
  ///   - lowercase: Whether text is lowercased (Unicode plus accent stripping under
  ///     google-research's rules, ASCII only under the Task Library's).
  ///   - rules: Whose splitting applies (default google-research/bert's).
  public init(
    vocabulary: Vocabulary, unknownToken: String = "[UNK]", maxWordLength: Int = 100, lowercase: Bool = true,
    rules: Rules = .googleResearch
  ) {
    self.vocabulary = vocabulary
    self.unknownToken = unknownToken
    self.maxWordLength = maxWordLength
    self.rules = rules
    basic = BasicTokenizer(lowercase: lowercase)
  }

  /// The WordPiece tokens of `text` (continuations start with `##`; unknown words are the unknown token).
  public func tokenize(_ text: String) -> [String] {
    var tokens: [String] = []
    forEachPiece(in: text) { piece, _ in tokens.append(piece) }
    return tokens
  }

  /// The ids of `text`'s pieces; unknown words get the vocabulary's id of ``unknownToken``, or
  /// `unknownID` when the vocabulary lacks it.
  public func ids(for text: String, unknownID: Int) -> [Int] {
    var ids: [Int] = []
    forEachPiece(in: text) { _, id in ids.append(id ?? unknownID) }
    return ids
  }

  /// Calls `body` with each piece and its id (`nil` for the unknown token when the vocabulary
  /// lacks it).
  func forEachPiece(in text: String, _ body: (String, Int?) -> Void) {
    let ids = vocabulary.ids
    let unknownID = ids[unknownToken]
    var candidate: [UInt8] = []
    var found: [(String, Int)] = []
    var boundaries: [Int] = []
    let countsBytes = rules == .taskLibrary
    func handle(_ word: UnsafeBufferPointer<UInt8>) {
      // Code-point boundaries (byte offsets) of the word.
      boundaries.removeAll(keepingCapacity: true)
      for offset in 0..<word.count where word[offset] & 0xC0 != 0x80 { boundaries.append(offset) }
      let scalarCount = boundaries.count
      boundaries.append(word.count)
      guard (countsBytes ? word.count : scalarCount) <= maxWordLength else {
        body(unknownToken, unknownID)
        return
      }
      found.removeAll(keepingCapacity: true)
      var start = 0  // index into boundaries
      while start < scalarCount {
        var end = scalarCount
        // No piece is longer than the vocabulary's longest token.
        while end > start, boundaries[end] - boundaries[start] > vocabulary.longestToken { end -= 1 }
        var match: (String, Int)?
        while end > start {
          candidate.removeAll(keepingCapacity: true)
          if start > 0 {
            candidate.append(0x23)
            candidate.append(0x23)
          }
          candidate.append(contentsOf: UnsafeBufferPointer(rebasing: word[boundaries[start]..<boundaries[end]]))
          let piece = String(decoding: candidate, as: UTF8.self)
          if let id = ids[piece] {
            match = (piece, id)
            break
          }
          end -= 1
        }
        guard let match else {
          found.removeAll(keepingCapacity: true)
          body(unknownToken, unknownID)
          return
        }
        found.append(match)
        start = end
      }
      for (piece, id) in found { body(piece, id) }
    }
    if countsBytes {
      TaskLibraryBertSplitter(lowercase: basic.lowercase).forEachToken(in: text, handle)
    } else {
      basic.forEachToken(in: text, handle)
    }
  }
}
