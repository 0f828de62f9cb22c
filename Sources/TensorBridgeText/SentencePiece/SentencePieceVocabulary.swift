/// The lookup tables SentencePiece builds from a model's pieces (`model_interface.cc`
/// `InitializePieces`, `unigram_model.cc` scores): which ids are normal, user-defined, unused
/// or reserved, the unknown id, byte pieces, and a trie over the pieces text can produce.
struct SentencePieceVocabulary: Sendable {
  let scores: [Float]
  let types: [SentencePieceModel.PieceType]
  /// NORMAL, USER_DEFINED and UNUSED pieces by text.
  let pieceIDs: [String: Int]
  /// UNKNOWN, CONTROL and BYTE pieces by text.
  let reservedIDs: [String: Int]
  let unknownID: Int
  /// Byte value → id of `<0xXX>`, when byte fallback is on (all 256 present).
  let byteIDs: [Int]?
  /// NORMAL, USER_DEFINED and UNUSED pieces.
  let trie: PieceTrie
  /// USER_DEFINED pieces only (`nil` when there are none).
  let userDefined: PieceTrie?
  /// UNKNOWN, CONTROL and BYTE pieces (`PieceToId` looks here first).
  let reserved: PieceTrie
  /// The lowest and highest NORMAL scores (SentencePiece starts them at FLT_MAX and FLT_MIN).
  let minScore: Float
  let maxScore: Float

  init(model: SentencePieceModel) throws(SentencePieceError) {
    var pieceIDs: [String: Int] = [:]
    var reservedIDs: [String: Int] = [:]
    var unknownID: Int?
    var bytes = [Int](repeating: -1, count: 256)
    var trieEntries: [(key: [UInt8], value: Int)] = []
    var userEntries: [(key: [UInt8], value: Int)] = []
    var reservedEntries: [(key: [UInt8], value: Int)] = []
    var minScore = Float.greatestFiniteMagnitude
    var maxScore = Float.leastNormalMagnitude
    for (id, piece) in model.pieces.enumerated() {
      guard !piece.text.isEmpty else { throw .invalidModel(reason: "piece \(id) is empty") }
      let isNormal = piece.type == .normal || piece.type == .userDefined || piece.type == .unused
      if isNormal {
        guard pieceIDs[piece.text] == nil else {
          throw .invalidModel(reason: "piece \"\(piece.text)\" is defined twice")
        }
        pieceIDs[piece.text] = id
        trieEntries.append((Array(piece.text.utf8), id))
      } else {
        guard reservedIDs[piece.text] == nil else {
          throw .invalidModel(reason: "piece \"\(piece.text)\" is defined twice")
        }
        reservedIDs[piece.text] = id
        reservedEntries.append((Array(piece.text.utf8), id))
      }
      switch piece.type {
      case .userDefined: userEntries.append((Array(piece.text.utf8), id))
      case .unknown:
        guard unknownID == nil else { throw .invalidModel(reason: "it defines the unknown piece twice") }
        unknownID = id
      case .byte:
        guard model.byteFallback else {
          throw .invalidModel(reason: "byte piece \(piece.text) but byte_fallback is off")
        }
        guard let value = Self.byte(of: piece.text) else {
          throw .invalidModel(reason: "byte piece \(piece.text) is invalid")
        }
        bytes[value] = id
      case .normal:
        minScore = min(minScore, piece.score)
        maxScore = max(maxScore, piece.score)
      default: break
      }
    }
    guard let unknownID else { throw .invalidModel(reason: "it defines no unknown piece") }
    if model.byteFallback, bytes.contains(-1) {
      throw .invalidModel(reason: "byte_fallback is on but not all 256 byte pieces are present")
    }
    scores = model.pieces.map(\.score)
    types = model.pieces.map(\.type)
    self.pieceIDs = pieceIDs
    self.reservedIDs = reservedIDs
    self.unknownID = unknownID
    byteIDs = model.byteFallback ? bytes : nil
    trie = PieceTrie(trieEntries)
    userDefined = userEntries.isEmpty ? nil : PieceTrie(userEntries)
    reserved = PieceTrie(reservedEntries)
    self.minScore = minScore
    self.maxScore = maxScore
  }

  /// The byte a `<0xXX>` piece stands for.
  static func byte(of piece: String) -> Int? {
    let characters = Array(piece.utf8)
    guard characters.count == 6, piece.hasPrefix("<0x"), piece.hasSuffix(">"),
      let value = Int(String(decoding: characters[3..<5], as: UTF8.self), radix: 16),
      characters[3..<5].allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 70) })
    else { return nil }
    return value
  }

  /// SentencePiece's `PieceToId`: reserved pieces, then the others, else the unknown id.
  func id(of piece: String) -> Int { reservedIDs[piece] ?? pieceIDs[piece] ?? unknownID }

  /// `PieceToId` of the piece `text[range]`, without building a string.
  func id(of text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    reserved.value(of: text, range) ?? trie.value(of: text, range) ?? unknownID
  }
}
