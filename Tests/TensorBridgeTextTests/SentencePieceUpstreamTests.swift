import Foundation
import TensorBridgeText
import TestSupport
import XCTest

/// SentencePieceTokenizer on sentencepiece's own test models (its sdist's `test/`: unigram and
/// BPE trained on Botchan, a Japanese unigram model of 8,000 pieces; fetched by
/// `scripts/thirdparty/fetch.sh`), against the `sentencepiece` package run now
/// (`scripts/text/sentencepiece_reference.py`): its `test_load`/`test_ja_load` (piece count,
/// `<unk>`, `<s>`, `</s>` ids, every piece's id) and `test_roundtrip`/`test_ja_roundtrip`'s texts,
/// then every line of its `botchan.txt` and this project's 240 test texts.
final class SentencePieceUpstreamTests: XCTestCase {
  private struct Reference: Decodable {
    struct Model: Decodable {
      var pieces: [[String]]
      var ids: [[Int]]
      var normalized: [String]
      var vocabulary: [String]
    }
    var sentencepiece: String
    var models: [String: Model]
  }

  private static let models = [
    "botchan_en_unigram_1000.model", "botchan_en_bpe_1000.model", "kyoto_ja_unigram_8000.model",
  ]

  func testMatchesTheLibraryOnItsOwnModelsAndText() throws {
    let files = try Self.models.map { try TestPaths.requiredThirdParty($0, files: true) }
    let botchan = try String(
      contentsOf: try TestPaths.requiredThirdParty("botchan.txt", files: true), encoding: .utf8)
    struct Corpus: Decodable { var texts: [String] }
    let ours = try JSONDecoder().decode(
      Corpus.self,
      from: Data(contentsOf: TextFixtures.folder.appendingPathComponent("sentencepiece/reference.json"))
    ).texts
    let texts =
      ["I saw a girl with a telescope.", "清水寺は京都にある。"]
      + botchan.split(whereSeparator: \.isNewline).map(String.init) + ours + [botchan]
    let reference = try Self.libraryReference(files, texts)
    XCTAssertEqual(reference.sentencepiece, "0.2.3")
    var compared = 0
    for file in files {
      let expected = try XCTUnwrap(reference.models[file.lastPathComponent])
      let tokenizer = try SentencePieceTokenizer(contentsOf: file)
      XCTAssertEqual(tokenizer.vocabularySize, expected.vocabulary.count)
      for (id, piece) in expected.vocabulary.enumerated() {
        XCTAssertEqual(tokenizer.piece(at: id), piece)
        XCTAssertEqual(tokenizer.id(of: piece), id, "\(file.lastPathComponent): PieceToId(\(piece))")
      }
      var mismatches = 0
      for (index, text) in texts.enumerated() {
        compared += 1
        let same =
          tokenizer.normalize(text) == expected.normalized[index] && tokenizer.tokenize(text) == expected.pieces[index]
          && tokenizer.encode(text) == expected.ids[index]
        if !same {
          mismatches += 1
          if mismatches <= 3 {
            let pieces = tokenizer.tokenize(text)
            let at = zip(pieces, expected.pieces[index]).prefix { $0 == $1 }.count
            XCTFail(
              "\(file.lastPathComponent) on \(String(reflecting: String(text.prefix(60)))) (\(text.count) characters): piece \(at) of \(expected.pieces[index].count): \(pieces[max(0, at - 4)..<min(pieces.count, at + 6)]) vs \(expected.pieces[index][max(0, at - 4)..<min(expected.pieces[index].count, at + 6)])"
            )
          }
        }
      }
      XCTAssertEqual(mismatches, 0, "\(file.lastPathComponent): \(mismatches) of \(texts.count) texts differ")
    }
    XCTAssertGreaterThan(compared, 3 * 4_000)
  }

  /// The library's answers, from the benchmark venv's `sentencepiece` (`bench/venv.sh`).
  private static func libraryReference(_ models: [URL], _ texts: [String]) throws -> Reference {
    let venv = try ProcessRun.run(
      URL(fileURLWithPath: "/bin/bash"), [TestPaths.repository.appendingPathComponent("bench/venv.sh").path],
      timeLimit: 900)
    guard venv.status == 0, let python = venv.stdout.split(separator: "\n").last else {
      throw TestFailure("bench/venv.sh failed (\(venv.status)): \(venv.stderr)")
    }
    let script = TestPaths.repository.appendingPathComponent("scripts/text/sentencepiece_reference.py")
    let result = try ProcessRun.run(
      URL(fileURLWithPath: String(python)), [script.path] + models.map(\.path),
      stdin: try JSONEncoder().encode(texts), timeLimit: 300)
    guard result.status == 0 else { throw TestFailure("sentencepiece_reference.py failed: \(result.stderr)") }
    return try JSONDecoder().decode(Reference.self, from: Data(result.stdout.utf8))
  }
}
