/// The names of the special tokens, looked up in the vocabulary by name (exactly, else ignoring
/// case). Defaults follow TFLite Model Maker (`<PAD>`, `<START>`, `<UNKNOWN>`) and BERT (`[PAD]`,
/// `[CLS]`, `[SEP]`, `[UNK]`).
public struct SpecialTokens: Sendable, Equatable {
  /// Fills the sequence after the text. A vocabulary without it pads with 0.
  public var pad: String
  /// Starts word/regex sequences (Model Maker's `<START>`).
  public var start: String
  /// Stands for words the vocabulary lacks. Word/regex vocabularies without it drop such words
  /// (as the book's app does); WordPiece requires it.
  public var unknown: String
  /// Starts BERT sequences (`[CLS]`).
  public var classification: String
  /// Ends BERT sequences (`[SEP]`).
  public var separator: String

  /// Creates special-token names.
  public init(
    pad: String, start: String, unknown: String, classification: String = "[CLS]", separator: String = "[SEP]"
  ) {
    self.pad = pad
    self.start = start
    self.unknown = unknown
    self.classification = classification
    self.separator = separator
  }

  /// `<PAD>`, `<START>`, `<UNKNOWN>` (Model Maker's word-index vocabularies).
  public static let wordIndex = SpecialTokens(pad: "<PAD>", start: "<START>", unknown: "<UNKNOWN>")
  /// `[PAD]`, `[CLS]`, `[SEP]`, `[UNK]` (BERT's `vocab.txt`).
  public static let bert = SpecialTokens(pad: "[PAD]", start: "[CLS]", unknown: "[UNK]")

  /// These names with the ones `overrides` gives by role (`pad`, `start`, `unknown`,
  /// `classification`, `separator`; other keys are ignored).
  public func overridden(by overrides: [String: String]) -> SpecialTokens {
    var result = self
    if let name = overrides["pad"] { result.pad = name }
    if let name = overrides["start"] { result.start = name }
    if let name = overrides["unknown"] { result.unknown = name }
    if let name = overrides["classification"] { result.classification = name }
    if let name = overrides["separator"] { result.separator = name }
    return result
  }
}
