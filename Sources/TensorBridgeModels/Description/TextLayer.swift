import Foundation

/// How a `"type": "text"` layer turns a string into its tensor (TensorBridgeText runs it).
///
/// In `model.json`:
///
/// ```json
/// { "name": "text", "type": "text", "vocabulary": "vocab.txt", "tokenizer": "word",
///   "start_token": true, "special_tokens": { "unknown": "<UNKNOWN>" } }
/// ```
///
/// `shape` may be left out: the sequence length always comes from the input tensor. BERT-style
/// models describe their three inputs as three text layers: the `ids` layer (with the
/// vocabulary and `"tokenizer": "wordpiece"`) and two layers with `"role": "mask"` and
/// `"role": "segment_ids"`, which are filled from the same text.
public struct TextLayer: Sendable, Equatable {
  /// The tokenizers a text layer can name.
  public enum Tokenizer: String, Sendable, Equatable, CaseIterable {
    /// Unicode words, punctuation dropped, lowercased (the book's sentiment app); word-index vocabulary.
    case word
    /// Split on a delimiter regex (Model Maker's `RegexTokenizer`); word-index vocabulary.
    case regex
    /// BERT WordPiece (uncased); one token per line vocabulary (`vocab.txt`).
    case wordpiece
    /// SentencePiece (unigram or BPE); the vocabulary is the `.model` file itself.
    case sentencepiece
  }

  /// Whose tokenization rules a layer follows.
  public enum Rules: String, Sendable, Equatable, CaseIterable {
    /// TensorBridge's documented rules (the default for `model.json`): Unicode word classes,
    /// lowercasing by default, google-research/bert's basic tokenization for WordPiece.
    case tensorBridge = "tensorbridge"
    /// Exactly what the TFLite Task Library does (the default for TFLite metadata): RE2 regex
    /// syntax with no lowercasing for `regex`; ASCII lowercasing and the Task Library's
    /// delimiters for `wordpiece` and `sentencepiece` (its `BertPreprocessor`).
    case taskLibrary = "task_library"
  }

  /// What a text layer's tensor holds.
  public enum Role: String, Sendable, Equatable, CaseIterable {
    /// Token ids.
    case ids
    /// 1 for real tokens, 0 for padding (BERT's `input_mask`).
    case mask
    /// Segment (token type) ids, all 0 for a single text (BERT's `segment_ids`).
    case segmentIds = "segment_ids"
  }

  /// What the layer's tensor holds (`ids` unless given).
  public var role: Role
  /// The tokenizer (`ids` layers only).
  public var tokenizer: Tokenizer?
  /// The vocabulary file in the bundle's `assets/` (or the model's associated files).
  public var vocabularyFile: String?
  /// The vocabulary file's bytes, once loaded (parsed by TensorBridgeText).
  public var vocabulary: Data?
  /// The delimiter regex of a `regex` tokenizer; Model Maker's `[^\w\']+` when not given.
  public var delimiter: String?
  /// Whether text is lowercased first (default: true under ``Rules/tensorBridge``; under
  /// ``Rules/taskLibrary`` false for `regex`, ASCII-only true for `wordpiece`/`sentencepiece`).
  public var lowercase: Bool?
  /// Whose tokenization rules apply (default ``Rules/tensorBridge``).
  public var rules: Rules?
  /// Whether a start token (`<START>`) begins the sequence of a `word`/`regex` layer
  /// (default: when the vocabulary has one).
  public var startToken: Bool?
  /// Special-token names by role (`pad`, `start`, `unknown`, `classification`, `separator`),
  /// overriding the defaults.
  public var specialTokens: [String: String]
  /// WordPiece's longest word in code points; longer words become the unknown token (default 100).
  public var maxWordLength: Int?

  /// Creates a text layer description.
  public init(
    role: Role = .ids, tokenizer: Tokenizer? = nil, vocabularyFile: String? = nil, vocabulary: Data? = nil,
    delimiter: String? = nil, lowercase: Bool? = nil, startToken: Bool? = nil,
    specialTokens: [String: String] = [:], maxWordLength: Int? = nil, rules: Rules? = nil
  ) {
    self.role = role
    self.tokenizer = tokenizer
    self.vocabularyFile = vocabularyFile
    self.vocabulary = vocabulary
    self.delimiter = delimiter
    self.lowercase = lowercase
    self.startToken = startToken
    self.specialTokens = specialTokens
    self.maxWordLength = maxWordLength
    self.rules = rules
  }

  /// The special-token roles `special_tokens` may name.
  public static let specialTokenRoles = ["pad", "start", "unknown", "classification", "separator"]
}
