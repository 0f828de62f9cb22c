import Foundation
import XCTest

@testable import TFLiteFormat

/// The DEFLATE decoder against zlib's output and hand-made invalid streams.
final class MetadataDeflateTests: XCTestCase {
  func testZlibStreamsDecode() {
    XCTAssertEqual(CRC32.checksum(MetadataFixtures.labelText), DeflateVectors.textCRC)
    XCTAssertEqual(CRC32.checksum(MetadataFixtures.noise(count: 3000)), DeflateVectors.noiseCRC)
    XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)  // The standard check value.
    for vector in DeflateVectors.all {
      let expected = MetadataFixtures.input(vector.input)
      let compressed = MetadataFixtures.deflated(vector.name)
      switch MetadataFixtures.inflate(compressed, expectedSize: expected.count) {
      case .success(let output):
        XCTAssertEqual(output.count, expected.count, vector.name)
        XCTAssertTrue(output == expected, vector.name)
        XCTAssertEqual(CRC32.checksum(output), vector.crc32, vector.name)
      case .failure(let error):
        XCTFail("\(vector.name): \(error)")
      }
      // Trailing bytes after the final block are ignored.
      if case .success(let output) = MetadataFixtures.inflate(compressed + [1, 2, 3], expectedSize: expected.count) {
        XCTAssertTrue(output == expected, vector.name)
      } else {
        XCTFail("\(vector.name) with trailing bytes")
      }
    }
  }

  /// Each stream, cut short anywhere, or told to expect a different size, fails cleanly.
  func testTruncatedStreamsAndWrongSizes() {
    for vector in DeflateVectors.all {
      let compressed = MetadataFixtures.deflated(vector.name)
      let size = MetadataFixtures.input(vector.input).count
      // Every cut for short streams; for long ones, about 300 spread out plus the last 40 bytes.
      let step = max(1, compressed.count / 300)
      let cuts = Set(
        Array(stride(from: 0, to: compressed.count, by: step)) + Array(max(0, compressed.count - 40)..<compressed.count)
      )
      for length in cuts.sorted() {
        assertFailure(
          MetadataFixtures.inflate(Array(compressed.prefix(length)), expectedSize: size),
          "\(vector.name) cut at \(length)")
      }
      assertFailure(MetadataFixtures.inflate(compressed, expectedSize: size + 1), "\(vector.name) +1")
      if size > 0 {
        assertFailure(MetadataFixtures.inflate(compressed, expectedSize: size - 1), "\(vector.name) -1")
        assertFailure(MetadataFixtures.inflate(compressed, expectedSize: 0), "\(vector.name) 0")
      }
    }
  }

  func testHandMadeValidStream() {
    let bytes = MetadataFixtures.noise(count: 77)
    XCTAssertEqual(try MetadataFixtures.inflate(MetadataFixtures.storedDeflate(bytes), expectedSize: 77).get(), bytes)

    // Fixed block: "ab", then a match of length 4 at distance 2 -> "ababab".
    var writer = BitWriter()
    writer.header(final: true, type: 1)
    writer.fixedSymbol(Int(UInt8(ascii: "a")))
    writer.fixedSymbol(Int(UInt8(ascii: "b")))
    writer.fixedSymbol(258)  // Length 4.
    writer.fixedDistance(1)  // Distance 2.
    writer.fixedSymbol(256)
    XCTAssertEqual(try MetadataFixtures.inflate(writer.bytes, expectedSize: 6).get(), Array("ababab".utf8))
  }

  func testInvalidStreams() {
    func expectInvalid(_ expectedSize: Int = 100, line: UInt = #line, _ build: (inout BitWriter) -> Void) {
      var writer = BitWriter()
      build(&writer)
      assertFailure(MetadataFixtures.inflate(writer.bytes, expectedSize: expectedSize), line: line)
    }
    // Reserved block type 3.
    expectInvalid { $0.header(final: true, type: 3) }
    // A match before the start of the output.
    expectInvalid {
      $0.header(final: true, type: 1)
      $0.fixedSymbol(257)
      $0.fixedDistance(0)
      $0.fixedSymbol(256)
    }
    // A match reaching one byte too far back.
    expectInvalid {
      $0.header(final: true, type: 1)
      $0.fixedSymbol(65)
      $0.fixedSymbol(257)
      $0.fixedDistance(1)
      $0.fixedSymbol(256)
    }
    // Length symbols 286 and 287, distance symbols 30 and 31 exist in the fixed code but are invalid.
    expectInvalid {
      $0.header(final: true, type: 1)
      $0.fixedSymbol(65)
      $0.fixedSymbol(286)
    }
    expectInvalid {
      $0.header(final: true, type: 1)
      $0.fixedSymbol(65)
      $0.fixedSymbol(287)
    }
    expectInvalid {
      $0.header(final: true, type: 1)
      $0.fixedSymbol(65)
      $0.fixedSymbol(257)
      $0.fixedDistance(30)
    }
    expectInvalid {
      $0.header(final: true, type: 1)
      $0.fixedSymbol(65)
      $0.fixedSymbol(257)
      $0.fixedDistance(31)
    }
    // No final block: empty fixed blocks, then the data ends.
    expectInvalid {
      for _ in 0..<50 {
        $0.header(final: false, type: 1)
        $0.fixedSymbol(256)
      }
    }
    // Stored block whose length does not match its complement, and one longer than the data.
    expectInvalid {
      $0.header(final: true, type: 0)
      $0.bits(0, 5)
      $0.bits(5, 16)
      $0.bits(5, 16)
    }
    expectInvalid {
      $0.header(final: true, type: 0)
      $0.bits(0, 5)
      $0.bits(50, 16)
      $0.bits(50 ^ 0xFFFF, 16)
      $0.bits(0x41, 8)
    }
    // Dynamic block: too many literal/length codes (HLIT 30 -> 287) or distance codes (HDIST 30 -> 31).
    expectInvalid {
      $0.header(final: true, type: 2)
      $0.bits(30, 5)
      $0.bits(0, 5)
      $0.bits(15, 4)
    }
    expectInvalid {
      $0.header(final: true, type: 2)
      $0.bits(0, 5)
      $0.bits(30, 5)
      $0.bits(15, 4)
    }
    // Over-subscribed code-length code: all 19 code-length codes 1 bit long.
    expectInvalid {
      $0.header(final: true, type: 2)
      $0.bits(0, 5)
      $0.bits(0, 5)
      $0.bits(15, 4)
      for _ in 0..<19 { $0.bits(1, 3) }
    }
    // Incomplete code-length code: a single 2-bit code.
    expectInvalid {
      $0.header(final: true, type: 2)
      $0.bits(0, 5)
      $0.bits(0, 5)
      $0.bits(0, 4)
      $0.bits(0, 3)
      $0.bits(0, 3)
      $0.bits(0, 3)
      $0.bits(2, 3)
    }
    // Code-length code {16: 1 bit, 17: 1 bit}: a repeat of the previous length as the very first code.
    expectInvalid {
      $0.header(final: true, type: 2)
      $0.bits(0, 5)
      $0.bits(0, 5)
      $0.bits(0, 4)
      $0.bits(1, 3)
      $0.bits(1, 3)
      $0.bits(0, 3)
      $0.bits(0, 3)
      $0.code(0, 1)
      $0.bits(0, 2)
    }
    // Code-length code {17: 1, 18: 1}: zero-runs overflowing the 258 declared lengths.
    expectInvalid {
      $0.header(final: true, type: 2)
      $0.bits(0, 5)
      $0.bits(0, 5)
      $0.bits(0, 4)
      $0.bits(0, 3)
      $0.bits(1, 3)
      $0.bits(1, 3)
      $0.bits(0, 3)
      $0.code(1, 1)
      $0.bits(127, 7)  // 138 zeros
      $0.code(1, 1)
      $0.bits(127, 7)  // 138 more: 276 > 258
    }
    // Code-length code {0: 1, 18: 1}: all 258 lengths zero, so no end-of-block code.
    expectInvalid {
      $0.header(final: true, type: 2)
      $0.bits(0, 5)
      $0.bits(0, 5)
      $0.bits(0, 4)
      $0.bits(0, 3)
      $0.bits(0, 3)
      $0.bits(1, 3)
      $0.bits(1, 3)
      $0.code(1, 1)
      $0.bits(127, 7)
      $0.code(1, 1)
      $0.bits(109, 7)  // 138 + 120 = 258 zeros
    }
    // Empty input.
    expectInvalid { _ in }
  }

  /// A stream that would expand far beyond its declared size stops at that size.
  func testDecompressionBombStopsAtDeclaredSize() {
    // One literal, then 400,000 matches of 258 bytes at distance 1 (about 100 MB).
    var writer = BitWriter()
    writer.header(final: true, type: 1)
    writer.fixedSymbol(0)
    for _ in 0..<400_000 {
      writer.fixedSymbol(285)
      writer.fixedDistance(0)
    }
    writer.fixedSymbol(256)
    let start = Date()
    assertFailure(MetadataFixtures.inflate(writer.bytes, expectedSize: 1000))
    assertFailure(MetadataFixtures.inflate(writer.bytes, expectedSize: 1 << 20))
    XCTAssertLessThan(Date().timeIntervalSince(start), 30)

    // Inside an archive, the entry's declared size is the cap as well.
    let bomb = ZipBuilder(entries: [
      ZipBuilder.Entry(name: "bomb.txt", stored: writer.bytes, method: 8, crc32: 0, uncompressedSize: 5000)
    ])
    let files = try? AssociatedFiles(modelData: Data(bomb.build().bytes))
    XCTAssertEqual(files?.names, ["bomb.txt"])
    assertFailure(
      Result { () throws(TFLiteFormatError) in try files?.file(named: "bomb.txt") }, pathContains: "bomb.txt")
  }
}
