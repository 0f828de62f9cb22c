import Foundation
import TensorBridge
import TensorBridgeText
import TestSupport
import XCTest

/// Corrupt vocabularies and random text: errors or results, never a crash.
final class TextRobustnessTests: XCTestCase {
  func testMutatedVocabulariesParseOrFailWithALine() throws {
    var generator = SplitMix64(seed: 5)
    let originals = [try TextFixtures.sentimentVocabulary, try TextFixtures.bertVocabulary]
    for iteration in 0..<400 {
      var bytes = [UInt8](originals[iteration % 2])
      for _ in 0..<Int.random(in: 1...8, using: &generator) {
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
        case 1: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: index)
        default: bytes.remove(at: index)
        }
      }
      let format: Vocabulary.Format = iteration % 2 == 0 ? .wordIndex : .tokenList
      do {
        let vocabulary = try Vocabulary(data: Data(bytes), format: format, file: "v")
        XCTAssertGreaterThan(vocabulary.count, 0)
      } catch {
        switch error {
        case .unreadable, .empty: XCTFail("unexpected \(error)")
        case .invalidUTF8(_, let line), .emptyLine(_, let line), .malformedLine(_, let line, _, _),
          .invalidIndex(_, let line, _, _), .duplicateWord(_, let line, _, _), .duplicateIndex(_, let line, _, _, _, _):
          XCTAssertGreaterThan(line, 0)
          XCTAssertTrue(error.description.hasPrefix("Line \(line) of the vocabulary v"), error.description)
        }
      }
    }
  }

  func testRandomTextAlwaysEncodes() throws {
    var generator = SplitMix64(seed: 9)
    let words = try Vocabulary(data: TextFixtures.sentimentVocabulary, format: .wordIndex)
    let bert = try Vocabulary(data: TextFixtures.bertVocabulary, format: .tokenList)
    let encoders = [
      try TextEncoder(tokenizer: WordTokenizer(), vocabulary: words),
      try TextEncoder(tokenizer: RegexTokenizer(), vocabulary: words),
      try TextEncoder.bert(vocabulary: bert),
    ]
    let ranges: [ClosedRange<UInt32>] = [
      0...0x7F, 0x80...0x2FF, 0x300...0x36F, 0x2000...0x206F, 0x3000...0x9FFF, 0x1F300...0x1FAFF, 0xE000...0x10FFFF,
    ]
    for _ in 0..<300 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...200, using: &generator) {
        let range = ranges[Int.random(in: 0..<ranges.count, using: &generator)]
        if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &generator)) { text.append(scalar) }
      }
      let string = String(text)
      for encoder in encoders {
        let encoded = try encoder.encode(string, length: 32)
        XCTAssertEqual(encoded.ids.count, 32)
        XCTAssertTrue(encoded.ids.allSatisfy { $0 >= 0 && Int($0) < encoder.vocabulary.count })  // the fixtures number 0..<count
      }
    }
  }

  func testModelMakerDelimiterScannerAgreesWithICU() throws {
    // `[^\w']+` is the same regex as Model Maker's `[^\w\']+` but takes the ICU path.
    let scanner = try RegexTokenizer()
    let icu = try RegexTokenizer(delimiter: #"[^\w']+"#)
    let scannerKeepingCase = try RegexTokenizer(lowercase: false)
    let icuKeepingCase = try RegexTokenizer(delimiter: #"[^\w']+"#, lowercase: false)
    var texts = try TextFixtures.cases("tokenization.reference.json").compactMap { $0["text"] as? String }
    var generator = SplitMix64(seed: 13)
    let ranges: [ClosedRange<UInt32>] = [
      0...0x7F, 0x80...0x2FF, 0x300...0x36F, 0x2000...0x206F, 0x2150...0x218F, 0x3000...0x9FFF, 0x1F300...0x1FAFF,
      0x10000...0x1D7FF,
    ]
    for _ in 0..<300 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...120, using: &generator) {
        let range = ranges[Int.random(in: 0..<ranges.count, using: &generator)]
        // Code points assigned after Unicode 15.1 are left out: Foundation's ICU on Linux may
        // not know them yet, while the Swift standard library does.
        if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &generator)),
          let age = scalar.properties.age, (age.major, age.minor) <= (15, 1)
        {
          text.append(scalar)
        }
      }
      texts.append(String(text))
    }
    for text in texts {
      XCTAssertEqual(scanner.tokenize(text), icu.tokenize(text), text.prefix(40).debugDescription)
      XCTAssertEqual(scannerKeepingCase.tokenize(text), icuKeepingCase.tokenize(text), text.prefix(40).debugDescription)
    }
  }
}
