import Foundation

/// A SentencePiece tokenizer (unigram, BPE, word or character) read from a `.model` file, giving the same pieces
/// and ids as the `sentencepiece` library's `encode` (no sampling, no BOS/EOS):
///
/// 1. normalize (``SentencePieceModel/precompiledCharsMap``, e.g. NMT-NFKC; extra whitespace
///    removed; a `▁` in front; spaces as `▁`) — user-defined pieces are left as they are;
/// 2. segment with the model's algorithm (``SentencePieceModel/ModelType``);
/// 3. adjacent unknown pieces become one unknown piece, or, with byte fallback, each unknown
///    piece becomes its UTF-8 bytes (`<0xE2>`, …).
///
/// ```swift
/// let tokenizer = try SentencePieceTokenizer(contentsOf: URL(fileURLWithPath: "spm.model"))
/// tokenizer.tokenize("Hello world")   // ["▁Hello", "▁world"]
/// tokenizer.encode("Hello world")     // [151, 88]
/// ```
public struct SentencePieceTokenizer: TextTokenizer {
  /// The model.
  public let model: SentencePieceModel
  /// Whether ASCII letters are lowercased before normalization (the TFLite Task Library's
  /// `BertPreprocessor` does this for every BERT-family model; SentencePiece itself does not).
  public var lowercasesASCII: Bool
  let vocabulary: SentencePieceVocabulary
  private let normalizer: SentencePieceNormalizer

  /// Prepares a parsed model.
  ///
  /// - Throws: ``SentencePieceError/invalidModel(reason:)`` where SentencePiece refuses the
  ///   model (empty or repeated pieces, no `<unk>`, incomplete byte pieces),
  ///   ``SentencePieceError/invalidCharsMap(reason:)`` for malformed normalization rules.
  public init(model: SentencePieceModel, lowercasesASCII: Bool = false) throws(SentencePieceError) {
    self.model = model
    self.lowercasesASCII = lowercasesASCII
    vocabulary = try SentencePieceVocabulary(model: model)
    normalizer = try SentencePieceNormalizer(model: model, userDefined: vocabulary.userDefined)
  }

  /// Reads and prepares a `.model` file (see ``init(model:lowercasesASCII:)``).
  public init(contentsOf url: URL, lowercasesASCII: Bool = false) throws(SentencePieceError) {
    try self.init(model: SentencePieceModel(contentsOf: url), lowercasesASCII: lowercasesASCII)
  }

  /// Prepares the bytes of a `.model` file (see ``init(model:lowercasesASCII:)``).
  public init(data: Data, lowercasesASCII: Bool = false) throws(SentencePieceError) {
    try self.init(model: SentencePieceModel(data: data), lowercasesASCII: lowercasesASCII)
  }

  /// The number of pieces.
  public var vocabularySize: Int { model.pieces.count }
  /// The id of the unknown piece.
  public var unknownID: Int { vocabulary.unknownID }

  /// The id of `piece` (SentencePiece's `PieceToId`: the unknown id when there is none).
  public func id(of piece: String) -> Int { vocabulary.id(of: piece) }

  /// The text of piece `id`, or `nil` when out of range.
  public func piece(at id: Int) -> String? { model.pieces.indices.contains(id) ? model.pieces[id].text : nil }

  /// `text` after normalization (spaces as `▁`), as SentencePiece's `normalize` gives it.
  public func normalize(_ text: String) -> String {
    String(decoding: normalizer.normalize(lowercasesASCII ? Self.asciiLowercased(text) : text), as: UTF8.self)
  }

  /// The pieces of `text`.
  public func tokenize(_ text: String) -> [String] {
    let (normalized, pieces) = segment(text)
    return pieces.map { piece in
      piece.byte >= 0
        ? String(format: "<0x%02X>", piece.byte) : String(decoding: normalized[piece.range], as: UTF8.self)
    }
  }

  /// The ids of `text`'s pieces.
  public func encode(_ text: String) -> [Int] { segment(text).pieces.map(\.id) }

  /// One final piece: its bytes in the normalized text (or, for byte fallback, its byte).
  struct Piece {
    var range: Range<Int>
    var id: Int
    /// The byte of a `<0xXX>` piece, else −1.
    var byte: Int
  }

  /// The normalized text and its final pieces (`PopulateSentencePieceText`: adjacent unknown
  /// pieces merged, or with byte fallback each unknown piece as its bytes).
  func segment(_ text: String) -> (normalized: [UInt8], pieces: [Piece]) {
    let normalized = normalizer.normalize(lowercasesASCII ? Self.asciiLowercased(text) : text)
    var pieces: [Piece] = []
    normalized.withUnsafeBufferPointer { bytes in
      let raw =
        switch model.modelType {
        case .unigram: SentencePieceUnigram.encode(bytes, vocabulary: vocabulary)
        case .bpe: SentencePieceBPE.encode(bytes, vocabulary: vocabulary)
        case .word: SentencePieceWordAndCharacter.encodeWords(bytes, vocabulary: vocabulary)
        case .character: SentencePieceWordAndCharacter.encodeCharacters(bytes, vocabulary: vocabulary)
        }
      pieces.reserveCapacity(raw.count)
      let unknown = vocabulary.unknownID
      var previousUnknown = false
      for (range, id) in raw {
        let isUnknown = id == unknown
        if isUnknown, let byteIDs = vocabulary.byteIDs {
          for offset in range {
            pieces.append(Piece(range: offset..<offset + 1, id: byteIDs[Int(bytes[offset])], byte: Int(bytes[offset])))
          }
        } else if isUnknown, previousUnknown, let last = pieces.last {
          pieces[pieces.count - 1].range = last.range.lowerBound..<range.upperBound
        } else {
          pieces.append(Piece(range: range, id: id, byte: -1))
        }
        previousUnknown = isUnknown
      }
    }
    return (normalized, pieces)
  }

  /// `absl::AsciiStrToLower`: A–Z to a–z, every other byte unchanged.
  static func asciiLowercased(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 >= 65 && $0 <= 90 }) else { return text }
    return String(decoding: text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
  }
}

extension SentencePieceTokenizer: Equatable {
  /// Tokenizers are equal when their models and lowercasing are.
  public static func == (lhs: SentencePieceTokenizer, rhs: SentencePieceTokenizer) -> Bool {
    lhs.model == rhs.model && lhs.lowercasesASCII == rhs.lowercasesASCII
  }
}
