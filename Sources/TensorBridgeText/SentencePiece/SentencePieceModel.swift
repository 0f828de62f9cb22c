import Foundation
import TensorBridge

/// The parts of a SentencePiece `.model` file (a serialized `sentencepiece.ModelProto`) that
/// encoding uses: the pieces with their scores and types, the model type, and the normalizer
/// spec. Decoded by hand (no protobuf library): field numbers are those of
/// `sentencepiece_model.proto`; unknown fields are skipped, as protobuf does.
public struct SentencePieceModel: Sendable, Equatable {
  /// The algorithm that splits normalized text into pieces.
  public enum ModelType: Int, Sendable, Equatable {
    /// Unigram language model: the segmentation with the highest total score (Viterbi).
    case unigram = 1
    /// Byte-pair encoding: merge the best-scoring adjacent pair until none is in the vocabulary.
    case bpe = 2
    /// Whole words: the text split before each `▁`, each word a piece or unknown.
    case word = 3
    /// Characters: each character (or user-defined piece) a piece or unknown.
    case character = 4
  }

  /// `ModelProto.SentencePiece.Type`.
  public enum PieceType: Int, Sendable, Equatable {
    /// An ordinary piece.
    case normal = 1
    /// The unknown piece (`<unk>`).
    case unknown = 2
    /// A control symbol (`<s>`, `</s>`): never produced from text.
    case control = 3
    /// A user-defined symbol: always one piece, never normalized.
    case userDefined = 4
    /// An unused piece: never produced (BPE may pass through it while merging).
    case unused = 5
    /// A byte piece `<0xXX>` for byte fallback.
    case byte = 6
  }

  /// One vocabulary entry; its id is its position in ``pieces``.
  public struct Piece: Sendable, Equatable {
    /// The piece's text (spaces written as `▁`).
    public var text: String
    /// Its score (log probability for unigram; merge priority for BPE).
    public var score: Float
    /// Its type.
    public var type: PieceType
  }

  /// The vocabulary, by id.
  public var pieces: [Piece]
  /// The model type.
  public var modelType: ModelType
  /// Whether unknown characters become their UTF-8 bytes (`<0xXX>` pieces).
  public var byteFallback: Bool
  /// Whether the whitespace mark ends pieces instead of starting them.
  public var treatWhitespaceAsSuffix: Bool
  /// The normalization rules (`normalizer_spec.precompiled_charsmap`); empty for none.
  public var precompiledCharsMap: [UInt8]
  /// Whether a space is added in front of the text (default true).
  public var addDummyPrefix: Bool
  /// Whether leading, trailing and repeated spaces are removed (default true).
  public var removeExtraWhitespaces: Bool
  /// Whether spaces become `▁` (U+2581; default true).
  public var escapeWhitespaces: Bool

  /// Reads a `.model` file.
  ///
  /// - Throws: ``SentencePieceError``.
  public init(contentsOf url: URL) throws(SentencePieceError) {
    let data: Data
    do { data = try FileContents.read(url) } catch {
      throw .unreadable(file: url.lastPathComponent, reason: fileErrorReason(error))
    }
    try self.init(data: data)
  }

  /// Parses the bytes of a `.model` file.
  ///
  /// - Throws: ``SentencePieceError/malformedModel(offset:reason:)`` for bytes that are not a
  ///   protobuf message, ``SentencePieceError/unsupportedModelType(_:)`` for a model
  ///   type SentencePiece does not have, ``SentencePieceError/invalidModel(reason:)`` for a model with no pieces.
  public init(data: Data) throws(SentencePieceError) {
    self.pieces = []
    var pieces: [Piece] = []
    var type = ModelType.unigram.rawValue
    modelType = .unigram
    byteFallback = false
    treatWhitespaceAsSuffix = false
    precompiledCharsMap = []
    addDummyPrefix = true
    removeExtraWhitespaces = true
    escapeWhitespaces = true
    var reader = ProtobufReader([UInt8](data)[...])
    while let (field, value) = try reader.next() {
      switch (field, value.data) {
      case (1, let bytes?): pieces.append(try Self.piece(bytes))
      case (2, let bytes?): try readTrainerSpec(bytes, type: &type)
      case (3, let bytes?): try readNormalizerSpec(bytes)
      default: continue
      }
    }
    guard let modelType = ModelType(rawValue: type) else { throw .unsupportedModelType(type) }
    self.modelType = modelType
    guard !pieces.isEmpty else { throw .invalidModel(reason: "it has no pieces") }
    self.pieces = pieces
  }

  private static func piece(_ bytes: ArraySlice<UInt8>) throws(SentencePieceError) -> Piece {
    var piece = Piece(text: "", score: 0, type: .normal)
    var reader = ProtobufReader(bytes)
    while let (field, value) = try reader.next() {
      switch field {
      case 1:
        guard let text = value.data.flatMap({ String(validating: $0, as: UTF8.self) }) else {
          throw .invalidModel(reason: "a piece is not UTF-8 text")
        }
        piece.text = text
      case 2: piece.score = value.float ?? piece.score
      case 3:
        if let raw = value.int {
          guard let type = PieceType(rawValue: raw) else { throw .invalidModel(reason: "piece type \(raw) is unknown") }
          piece.type = type
        }
      default: continue
      }
    }
    return piece
  }

  private mutating func readTrainerSpec(_ bytes: ArraySlice<UInt8>, type: inout Int) throws(SentencePieceError) {
    var reader = ProtobufReader(bytes)
    while let (field, value) = try reader.next() {
      switch field {
      case 3: type = value.int ?? type
      case 24: treatWhitespaceAsSuffix = (value.int ?? 0) != 0
      case 35: byteFallback = (value.int ?? 0) != 0
      default: continue
      }
    }
  }

  private mutating func readNormalizerSpec(_ bytes: ArraySlice<UInt8>) throws(SentencePieceError) {
    var reader = ProtobufReader(bytes)
    while let (field, value) = try reader.next() {
      switch field {
      case 2: precompiledCharsMap = value.data.map(Array.init) ?? []
      case 3: addDummyPrefix = (value.int ?? 1) != 0
      case 4: removeExtraWhitespaces = (value.int ?? 1) != 0
      case 5: escapeWhitespaces = (value.int ?? 1) != 0
      default: continue
      }
    }
  }
}
