import Foundation
import XCTest

@testable import TensorBridgeText

/// SentencePieceTokenizer against the `sentencepiece` package (the C++ library; version in
/// reference.json) on models it trained: scripts/text/make_sentencepiece_fixtures.py.
final class SentencePieceTests: XCTestCase {
  static let folder = TextFixtures.folder.appendingPathComponent("sentencepiece")

  private struct Reference: Decodable {
    struct Model: Decodable {
      var pieces: [[String]]
      var ids: [[Int]]
      var normalized: [String]
    }
    var sentencepiece: String
    var texts: [String]
    var models: [String: Model]
  }

  private func reference() throws -> Reference {
    try JSONDecoder().decode(
      Reference.self, from: Data(contentsOf: Self.folder.appendingPathComponent("reference.json")))
  }

  /// Every model, every text: the same normalized text, pieces and ids as the C++ library.
  func testMatchesTheSentencePieceLibraryOnTheWholeCorpus() throws {
    let reference = try reference()
    XCTAssertEqual(
      Set(reference.models.keys),
      ["unigram", "bpe", "unigram_identity", "bpe_suffix", "word", "char", "tflite_support"])
    XCTAssertGreaterThan(reference.texts.count, 200)
    for (name, expected) in reference.models.sorted(by: { $0.key < $1.key }) {
      let tokenizer = try SentencePieceTokenizer(contentsOf: Self.folder.appendingPathComponent("\(name).model"))
      var mismatches = 0
      for (index, text) in reference.texts.enumerated() {
        let normalized = tokenizer.normalize(text)
        let pieces = tokenizer.tokenize(text)
        let ids = tokenizer.encode(text)
        if normalized != expected.normalized[index] || pieces != expected.pieces[index] || ids != expected.ids[index] {
          mismatches += 1
          if mismatches <= 3 {
            XCTFail(
              """
              \(name) on text \(index) \(String(reflecting: String(text.prefix(80)))):
                normalized \(String(reflecting: String(normalized.prefix(120)))) vs \(String(reflecting: String(expected.normalized[index].prefix(120))))
                pieces \(pieces.prefix(20)) vs \(expected.pieces[index].prefix(20))
                ids \(ids.prefix(20)) vs \(expected.ids[index].prefix(20))
              """)
          }
        }
      }
      XCTAssertEqual(mismatches, 0, "\(name): \(mismatches) of \(reference.texts.count) texts differ")
    }
  }

  func testModelFields() throws {
    let unigram = try SentencePieceModel(contentsOf: Self.folder.appendingPathComponent("unigram.model"))
    XCTAssertEqual(unigram.modelType, .unigram)
    XCTAssertEqual(unigram.pieces.count, 600)
    XCTAssertEqual(unigram.pieces[0].text, "<pad>")
    XCTAssertEqual(unigram.pieces[1].type, .unknown)
    XCTAssertEqual(unigram.pieces[2].text, "[CLS]")
    XCTAssertEqual(unigram.pieces[2].type, .control)
    XCTAssertFalse(unigram.byteFallback)
    XCTAssertFalse(unigram.precompiledCharsMap.isEmpty)
    let bpe = try SentencePieceModel(contentsOf: Self.folder.appendingPathComponent("bpe.model"))
    XCTAssertEqual(bpe.modelType, .bpe)
    XCTAssertTrue(bpe.byteFallback)
    XCTAssertEqual(bpe.pieces.filter { $0.type == .byte }.count, 256)
    let identity = try SentencePieceModel(contentsOf: Self.folder.appendingPathComponent("unigram_identity.model"))
    XCTAssertTrue(identity.precompiledCharsMap.isEmpty)
    XCTAssertFalse(identity.addDummyPrefix)
    XCTAssertFalse(identity.removeExtraWhitespaces)
    let suffix = try SentencePieceModel(contentsOf: Self.folder.appendingPathComponent("bpe_suffix.model"))
    XCTAssertTrue(suffix.treatWhitespaceAsSuffix)
  }

  func testPieceLookupFollowsPieceToId() throws {
    let tokenizer = try SentencePieceTokenizer(contentsOf: Self.folder.appendingPathComponent("unigram.model"))
    XCTAssertEqual(tokenizer.id(of: "[CLS]"), 2)
    XCTAssertEqual(tokenizer.id(of: "[SEP]"), 3)
    XCTAssertEqual(tokenizer.id(of: "no such piece"), tokenizer.unknownID)
    XCTAssertEqual(tokenizer.unknownID, 1)
    XCTAssertEqual(tokenizer.piece(at: 0), "<pad>")
    XCTAssertNil(tokenizer.piece(at: 600))
  }

  func testMalformedModelsAreTypedErrors() throws {
    let good = try Data(contentsOf: Self.folder.appendingPathComponent("unigram_identity.model"))
    // Truncated in the middle of a field.
    XCTAssertThrowsError(try SentencePieceModel(data: good.prefix(good.count / 2))) { error in
      guard case .malformedModel? = error as? SentencePieceError else { return XCTFail("\(error)") }
    }
    // Not a protobuf message at all.
    XCTAssertThrowsError(try SentencePieceModel(data: Data("not a model at all".utf8)))
    // No pieces.
    XCTAssertThrowsError(try SentencePieceModel(data: Data())) { error in
      XCTAssertEqual(error as? SentencePieceError, .invalidModel(reason: "it has no pieces"))
    }
    // Model type 5, which SentencePiece does not have (trainer_spec { model_type: 5 }), and one piece.
    let unknownType = Data([0x0A, 0x08, 0x0A, 0x01, 0x61, 0x15, 0, 0, 0, 0, 0x12, 0x02, 0x18, 0x05])
    XCTAssertThrowsError(try SentencePieceModel(data: unknownType)) { error in
      XCTAssertEqual(error as? SentencePieceError, .unsupportedModelType(5))
      XCTAssertEqual(
        (error as? SentencePieceError)?.description,
        "The SentencePiece model type 5 is not one of UNIGRAM (1), BPE (2), WORD (3) and CHAR (4).")
    }
    // WORD (3) is one.
    var word = unknownType
    word[word.count - 1] = 3
    XCTAssertEqual(try SentencePieceModel(data: word).modelType, .word)
    // A unigram model without <unk>.
    let noUnknown = Data([0x0A, 0x08, 0x0A, 0x01, 0x61, 0x15, 0, 0, 0, 0])
    XCTAssertThrowsError(try SentencePieceTokenizer(data: noUnknown)) { error in
      XCTAssertEqual(error as? SentencePieceError, .invalidModel(reason: "it defines no unknown piece"))
    }
  }

  func testEveryPrefixOfAModelFailsCleanlyOrParses() throws {
    let data = try Data(contentsOf: Self.folder.appendingPathComponent("bpe_suffix.model"))
    for length in stride(from: 0, to: data.count, by: 97) {
      _ = try? SentencePieceTokenizer(data: data.prefix(length))
    }
  }
}
