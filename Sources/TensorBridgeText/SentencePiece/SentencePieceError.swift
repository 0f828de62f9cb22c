/// Why a SentencePiece model could not be read or used.
public enum SentencePieceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file could not be read.
  case unreadable(file: String, reason: String)
  /// The bytes are not a well-formed `ModelProto`.
  case malformedModel(offset: Int, reason: String)
  /// A field has a value SentencePiece itself rejects (an empty or repeated piece, no `<unk>`, …).
  case invalidModel(reason: String)
  /// The model type is none of SentencePiece's four (unigram, BPE, word, character).
  case unsupportedModelType(Int)
  /// The normalization rules (`precompiled_charsmap`) are malformed.
  case invalidCharsMap(reason: String)

  /// The error as a sentence.
  public var description: String {
    switch self {
    case .unreadable(let file, let reason):
      "The SentencePiece model \(file) cannot be read: \(reason)."
    case .malformedModel(let offset, let reason):
      "The SentencePiece model is not a valid ModelProto at byte \(offset): \(reason)."
    case .invalidModel(let reason):
      "The SentencePiece model is invalid: \(reason)."
    case .unsupportedModelType(let type):
      "The SentencePiece model type \(type) is not one of UNIGRAM (1), BPE (2), WORD (3) and CHAR (4)."
    case .invalidCharsMap(let reason):
      "The SentencePiece model's normalization rules (precompiled_charsmap) are invalid: \(reason)."
    }
  }
}
