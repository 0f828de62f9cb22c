/// Turns text into a model's input sequences: tokenize, map tokens to ids, add special tokens,
/// pad or truncate to the length the input tensor has.
///
/// Two schemes:
/// - **words** (word and regex tokenizers; TFLite Model Maker, the book): `<START>` (when asked,
///   or by default when the vocabulary has it), the word ids (`<UNKNOWN>` for unknown words, or
///   unknown words dropped when the vocabulary has no `<UNKNOWN>`), truncated to the length,
///   padded with `<PAD>` (0 when the vocabulary has none).
/// - **bert** (WordPiece, SentencePiece): `[CLS]`, the piece ids truncated to length − 2,
///   `[SEP]`, padded with `[PAD]` (0 when absent; always 0 under the Task Library's rules); the
///   mask is 1 over `[CLS]`…`[SEP]`; segment ids are 0.
///
/// ```swift
/// let vocabulary = try Vocabulary(contentsOf: vocabURL, format: .wordIndex)
/// let encoder = try TextEncoder(tokenizer: WordTokenizer(), vocabulary: vocabulary)
/// let sequence = try encoder.encode("What a great movie!", length: 256).ids
/// ```
public struct TextEncoder: Sendable {
  /// How special tokens frame the ids.
  public enum Scheme: Sendable, Equatable {
    /// Model Maker / the book: optional start token, then word ids.
    case words
    /// BERT: `[CLS]` ids `[SEP]`.
    case bert
  }

  /// The tokenizer.
  public let tokenizer: any TextTokenizer
  /// The vocabulary.
  public let vocabulary: Vocabulary
  /// The framing.
  public let scheme: Scheme
  /// The padding id.
  public let padID: Int
  /// The id sequences start with (`<START>` or `[CLS]`), if any.
  public let startID: Int?
  /// The id BERT sequences end with (`[SEP]`).
  public let endID: Int?
  /// The id of unknown words, if the vocabulary has one.
  public let unknownID: Int?

  /// A words-scheme encoder (word or regex tokenizer, word-index vocabulary).
  ///
  /// - Parameters:
  ///   - tokenizer: Splits text into words (a word or regex tokenizer).
  ///   - vocabulary: Maps words to ids (a word-index vocabulary).
  ///   - specialTokens: The names of the padding, start and unknown tokens in `vocabulary`.
  ///   - startToken: `true` requires the start token, `false` leaves it out, `nil` uses
  ///     it when the vocabulary has it (as Model Maker's models expect).
  /// - Throws: ``TextError/missingSpecialToken(role:name:)`` when `startToken` is `true` and
  ///   the vocabulary lacks it.
  public init(
    tokenizer: any TextTokenizer, vocabulary: Vocabulary, specialTokens: SpecialTokens = .wordIndex,
    startToken: Bool? = nil
  ) throws(TextError) {
    self.tokenizer = tokenizer
    self.vocabulary = vocabulary
    scheme = .words
    padID = vocabulary.specialTokenID(named: specialTokens.pad) ?? 0
    let start = vocabulary.specialTokenID(named: specialTokens.start)
    if startToken == true, start == nil { throw .missingSpecialToken(role: "start", name: specialTokens.start) }
    startID = startToken == false ? nil : start
    endID = nil
    unknownID = vocabulary.specialTokenID(named: specialTokens.unknown)
  }

  /// A BERT encoder: WordPiece over a token-list vocabulary.
  ///
  /// - Throws: ``TextError/missingSpecialToken(role:name:)`` when the vocabulary lacks the
  ///   classification, separator or unknown token.
  /// - Parameters:
  ///   - vocabulary: The pieces (`vocab.txt`).
  ///   - specialTokens: The names of `[CLS]`, `[SEP]`, `[UNK]` and `[PAD]`.
  ///   - maxWordLength: See ``WordPieceTokenizer/maxWordLength``.
  ///   - lowercase: See ``WordPieceTokenizer/init(vocabulary:unknownToken:maxWordLength:lowercase:rules:)``.
  ///   - rules: google-research/bert's (default) or the TFLite Task Library's; the Task Library
  ///     pads with 0 whatever the vocabulary's `[PAD]` is.
  public static func bert(
    vocabulary: Vocabulary, specialTokens: SpecialTokens = .bert, maxWordLength: Int = 100, lowercase: Bool = true,
    rules: WordPieceTokenizer.Rules = .googleResearch
  ) throws(TextError) -> TextEncoder {
    guard let cls = vocabulary.specialTokenID(named: specialTokens.classification) else {
      throw .missingSpecialToken(role: "classification", name: specialTokens.classification)
    }
    guard let sep = vocabulary.specialTokenID(named: specialTokens.separator) else {
      throw .missingSpecialToken(role: "separator", name: specialTokens.separator)
    }
    guard let unknown = vocabulary.specialTokenID(named: specialTokens.unknown) else {
      throw .missingSpecialToken(role: "unknown", name: specialTokens.unknown)
    }
    guard maxWordLength >= 1 else {
      throw .invalidOption(name: "maxWordLength", reason: "it must be at least 1, not \(maxWordLength)")
    }
    let tokenizer = WordPieceTokenizer(
      vocabulary: vocabulary, unknownToken: specialTokens.unknown, maxWordLength: maxWordLength, lowercase: lowercase,
      rules: rules)
    return TextEncoder(
      tokenizer: tokenizer, vocabulary: vocabulary, scheme: .bert,
      padID: rules == .taskLibrary ? 0 : vocabulary.specialTokenID(named: specialTokens.pad) ?? 0,
      startID: cls, endID: sep, unknownID: unknown)
  }

  /// A SentencePiece encoder.
  ///
  /// With `framing` ``Scheme/bert`` the ids are `[CLS]` pieces `[SEP]` (the TFLite Task
  /// Library's `BertPreprocessor` for ALBERT-style models), looked up as SentencePiece's
  /// `PieceToId` does (the unknown id when the model lacks them), padded with 0. With
  /// ``Scheme/words`` the ids are the pieces alone, padded with the model's `<pad>` (0 when it
  /// has none).
  ///
  /// - Parameters:
  ///   - tokenizer: The SentencePiece tokenizer.
  ///   - specialTokens: The names of the classification, separator and pad pieces.
  ///   - framing: How the pieces are framed.
  public static func sentencePiece(
    _ tokenizer: SentencePieceTokenizer,
    specialTokens: SpecialTokens = SpecialTokens(pad: "<pad>", start: "[CLS]", unknown: "<unk>"),
    framing: Scheme = .bert
  ) -> TextEncoder {
    var ids: [String: Int] = [:]
    for (id, piece) in tokenizer.model.pieces.enumerated() where ids[piece.text] == nil { ids[piece.text] = id }
    let vocabulary = Vocabulary(ids: ids)
    let pad = tokenizer.id(of: specialTokens.pad)
    switch framing {
    case .bert:
      return TextEncoder(
        tokenizer: tokenizer, vocabulary: vocabulary, scheme: .bert, padID: 0,
        startID: tokenizer.id(of: specialTokens.classification),
        endID: tokenizer.id(of: specialTokens.separator), unknownID: tokenizer.unknownID)
    case .words:
      return TextEncoder(
        tokenizer: tokenizer, vocabulary: vocabulary, scheme: .words,
        padID: pad == tokenizer.unknownID ? 0 : pad, startID: nil, endID: nil, unknownID: tokenizer.unknownID)
    }
  }

  private init(
    tokenizer: any TextTokenizer, vocabulary: Vocabulary, scheme: Scheme, padID: Int, startID: Int?,
    endID: Int?, unknownID: Int?
  ) {
    self.tokenizer = tokenizer
    self.vocabulary = vocabulary
    self.scheme = scheme
    self.padID = padID
    self.startID = startID
    self.endID = endID
    self.unknownID = unknownID
  }

  /// The ids of `text` with its special tokens, before padding or truncation.
  public func tokenIDs(_ text: String) -> [Int] {
    var ids: [Int] = []
    if let startID { ids.append(startID) }
    let map = vocabulary.ids
    if let words = tokenizer as? any ByteStreamTokenizer {
      words.forEachToken(in: text) { bytes in
        if let id = map[String(decoding: bytes, as: UTF8.self)] ?? unknownID { ids.append(id) }
      }
    } else if let pieces = tokenizer as? WordPieceTokenizer {
      pieces.forEachPiece(in: text) { _, id in if let id = id ?? unknownID { ids.append(id) } }
    } else if let sentencePiece = tokenizer as? SentencePieceTokenizer {
      ids += sentencePiece.encode(text)
    } else {
      for token in tokenizer.tokenize(text) {
        if let id = map[token] ?? unknownID { ids.append(id) }
      }
    }
    if let endID { ids.append(endID) }
    return ids
  }

  /// The sequences for `text`, exactly `length` long (BERT keeps `[SEP]` when truncating).
  ///
  /// - Throws: ``TextError/invalidLength(_:)`` for a length below 1 (below 2 for BERT).
  public func encode(_ text: String, length: Int) throws(TextError) -> EncodedText {
    guard length >= (scheme == .bert ? 2 : 1) else { throw .invalidLength(length) }
    var ids = tokenIDs(text)
    let count = ids.count
    if count > length {
      if scheme == .bert, let endID {
        ids.removeLast(count - length + 1)
        ids.append(endID)
      } else {
        ids.removeLast(count - length)
      }
    }
    let real = ids.count
    var sequence = [Int32](repeating: Int32(truncatingIfNeeded: padID), count: length)
    var mask = [Int32](repeating: 0, count: length)
    for index in 0..<real {
      sequence[index] = Int32(truncatingIfNeeded: ids[index])
      mask[index] = 1
    }
    return EncodedText(ids: sequence, mask: mask, segmentIds: [Int32](repeating: 0, count: length), tokenCount: count)
  }

  /// The sequences for `text` at its own length (for models whose sequence length is dynamic).
  public func encode(_ text: String) -> EncodedText {
    let ids = tokenIDs(text)
    return EncodedText(
      ids: ids.map { Int32(truncatingIfNeeded: $0) }, mask: [Int32](repeating: 1, count: ids.count),
      segmentIds: [Int32](repeating: 0, count: ids.count), tokenCount: ids.count)
  }
}
