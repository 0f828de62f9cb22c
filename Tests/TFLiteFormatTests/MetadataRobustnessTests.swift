import Foundation
import TensorBridge
import TestSupport
import XCTest

@testable import TFLiteFormat

/// Corrupted metadata buffers and archives must end in a ``TFLiteFormatError``
/// or a consistent result: never a trap, never a hang.
final class MetadataRobustnessTests: XCTestCase {
  /// The metadata buffers to corrupt: the synthetic one and, when present,
  /// those of the third-party models.
  private func metadataBuffers() -> [(String, [UInt8])] {
    var buffers = [("synthetic", Array(SyntheticMetadata.bytes))]
    for name in ["efficientnet_lite0_uint8", "hand_landmark_lite", "selfie_segmentation", "star_trek_activation"] {
      if let data = try? MetadataFixtures.thirdPartyModel(name), let model = try? TFLiteModel(data: data),
        let bytes = model.metadata(named: "TFLITE_METADATA")
      {
        buffers.append((name, Array(bytes)))
      }
    }
    return buffers
  }

  /// Touches everything a parsed metadata value offers.
  private func exercise(_ metadata: TFLiteMetadata) {
    _ = metadata == metadata
    _ = metadata.allAssociatedFiles.count
    for subgraph in metadata.subgraphs {
      for tensor in subgraph.inputs + subgraph.outputs {
        _ = tensor.processUnits.flatMap(\.associatedFiles).count
      }
    }
  }

  func testMetadataTruncatedAtEveryByte() {
    for (name, bytes) in metadataBuffers() {
      for length in 0..<bytes.count {
        // The last bytes may be padding; any shorter buffer either fails or parses.
        if case .success(let metadata) = parseMetadata(Array(bytes.prefix(length))) { exercise(metadata) }
      }
      // Dropping the last byte of a buffer that ends in a string or vector must fail.
      XCTAssertNoThrow(try TFLiteMetadata(data: Data(bytes)), name)
      assertFailure(parseMetadata(Array(bytes.prefix(bytes.count / 2))), name)
    }
  }

  func testMetadataEveryBitFlipped() {
    let start = Date()
    for (name, bytes) in metadataBuffers() {
      var failures = 0
      for index in 0..<bytes.count {
        for bit in 0..<8 {
          var copy = bytes
          copy[index] ^= UInt8(1 << bit)
          switch parseMetadata(copy) {
          case .success(let metadata): exercise(metadata)
          case .failure: failures += 1
          }
        }
      }
      XCTAssertGreaterThan(failures, 0, name)
    }
    XCTAssertLessThan(Date().timeIntervalSince(start), 120)
  }

  func testMetadataRandomMutations() {
    var random = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
    for (_, bytes) in metadataBuffers() {
      for _ in 0..<2000 {
        var copy = bytes
        for _ in 0..<(1 + random.below(8)) {
          let index = random.below(copy.count)
          switch random.below(3) {
          case 0: copy[index] = UInt8(truncatingIfNeeded: random.next())
          case 1: copy[index] = [0x00, 0xFF, 0x7F, 0x80][random.below(4)]
          default:
            // Overwrite a 32-bit word with a boundary value.
            let word = index & ~3
            if word + 4 <= copy.count {
              copy.patch([UInt32(0), 0xFFFF_FFFF, 0x7FFF_FFFF, UInt32(copy.count), 4][random.below(5)], at: word)
            }
          }
        }
        if case .success(let metadata) = parseMetadata(copy) { exercise(metadata) }
      }
    }
  }

  /// A list shared by many tables cannot amplify decoding without bound.
  func testSharedListAmplificationIsBounded() {
    // A root table whose subgraph_metadata vector holds 60,000 offsets, all
    // to one subgraph table whose description is a 200 KB string. Offsets
    // only point forward, so the layout is: header, root vtable, root,
    // vector, subgraph vtable, subgraph, string.
    var bytes: [UInt8] = [0, 0, 0, 0] + Array("M001".utf8)
    func append32(_ value: UInt32) { bytes += withUnsafeBytes(of: value.littleEndian, Array.init) }
    func append16(_ value: UInt16) { bytes += withUnsafeBytes(of: value.littleEndian, Array.init) }
    let entries = 60_000
    // Root vtable: 4 slots, table size 8, subgraph_metadata (slot 3) at 4.
    let rootVTable = bytes.count
    append16(12)
    append16(8)
    append16(0)
    append16(0)
    append16(0)
    append16(4)
    let root = bytes.count
    append32(UInt32(root - rootVTable))
    append32(0)
    let vector = bytes.count
    append32(UInt32(entries))
    bytes += Array(repeating: 0, count: 4 * entries)
    // Subgraph vtable: 2 slots, table size 8, description (slot 1) at 4.
    let subVTable = bytes.count
    append16(8)
    append16(8)
    append16(0)
    append16(4)
    let subgraph = bytes.count
    append32(UInt32(subgraph - subVTable))
    append32(0)
    let string = bytes.count
    append32(200_000)
    bytes += Array(repeating: UInt8(ascii: "x"), count: 200_000) + [0]
    bytes.patch(UInt32(root), at: 0)
    bytes.patch(UInt32(vector - (root + 4)), at: root + 4)
    for index in 0..<entries {
      let at = vector + 4 + 4 * index
      bytes.patch(UInt32(subgraph - at), at: at)
    }
    bytes.patch(UInt32(string - (subgraph + 4)), at: subgraph + 4)
    assertFailure(
      parseMetadata(bytes), equals: .modelTooComplex(limit: TFLiteLimits.decodeBudget(forFileSize: bytes.count)))
    // With a single entry the same buffer is fine.
    bytes.patch(UInt32(1), at: vector)
    XCTAssertEqual((try? TFLiteMetadata(data: Data(bytes)))?.subgraphs.first?.description?.count, 200_000)
  }

  // MARK: - Archives

  /// Sample archives to corrupt: a small hand-built one (a stored entry and
  /// deflated entries using fixed, dynamic and stored blocks) appended to
  /// filler, and Python's.
  private func archives() -> [(name: String, bytes: [UInt8], files: [String: Data])] {
    let vocab = Array("[PAD]\n[UNK]\nhello\nworld\n".utf8)
    let shortText = MetadataFixtures.input(.shortText)
    let noise = MetadataFixtures.noise(count: 60)
    let builder = ZipBuilder(
      entries: [
        .deflated("short.txt", compressed: MetadataFixtures.deflated("shortDynamicText"), contents: shortText),
        .stored("vocab.txt", vocab),
        .deflated("noise.bin", compressed: MetadataFixtures.storedDeflate(noise), contents: noise),
        .deflated("empty.txt", compressed: MetadataFixtures.deflated("empty"), contents: []),
      ], prefix: Array(repeating: 0x42, count: 16), comment: Array("comment".utf8))
    let built: [String: Data] = [
      "short.txt": Data(shortText), "vocab.txt": Data(vocab), "noise.bin": Data(noise), "empty.txt": Data(),
    ]
    let python: [String: Data] = [
      "labels.txt": Data(MetadataFixtures.labelText), "vocab.txt": Data(vocab), "dir/empty.txt": Data(),
    ]
    return [("built", builder.build().bytes, built), ("python", Array(DeflateVectors.pythonZip), python)]
  }

  /// Checks that a successful extraction returned only original contents.
  private func checkExtraction(
    _ result: Result<[String: Data], TFLiteFormatError>, _ originals: [String: Data],
    _ message: @autoclosure () -> String
  ) {
    guard case .success(let files) = result else { return }
    for (name, contents) in files {
      if let original = originals[name] {
        XCTAssertEqual(contents, original, message())
      }
    }
  }

  func testArchiveTruncatedAtEveryByte() throws {
    for (name, bytes, originals) in archives() {
      XCTAssertEqual(try extractAll(bytes).get(), originals, name)
      for length in 0..<bytes.count {
        // Cutting the end removes the end record: no archive is found, or it fails cleanly.
        checkExtraction(extractAll(Array(bytes.prefix(length))), originals, "\(name) prefix \(length)")
        // Cutting the start shifts everything: the offsets no longer fit.
        checkExtraction(extractAll(Array(bytes.suffix(from: length))), originals, "\(name) suffix from \(length)")
      }
    }
  }

  /// Every bit of the small archive, and every fifth bit of Python's (whose
  /// 8 KB deflated entry makes each try slower), flipped one at a time.
  func testArchiveBitFlips() {
    let start = Date()
    for (name, bytes, originals) in archives() {
      let step = name == "built" ? 1 : 5
      var failures = 0
      for position in stride(from: 0, to: bytes.count * 8, by: step) {
        var copy = bytes
        copy[position / 8] ^= UInt8(1 << (position % 8))
        let result = extractAll(copy)
        if case .failure = result { failures += 1 }
        checkExtraction(result, originals, "\(name) byte \(position / 8) bit \(position % 8)")
      }
      XCTAssertGreaterThan(failures, 0, name)
    }
    XCTAssertLessThan(Date().timeIntervalSince(start), 120)
  }

  func testArchiveRandomMutations() {
    var random = SplitMix64(seed: 0xD1B5_4A32_D192_ED03)
    for (name, bytes, originals) in archives() {
      for round in 0..<1500 {
        var copy = bytes
        for _ in 0..<(1 + random.below(6)) {
          let index = random.below(copy.count)
          if random.below(2) == 0 {
            copy[index] = UInt8(truncatingIfNeeded: random.next())
          } else if index + 4 <= copy.count {
            copy.patch([UInt32(0), 0xFFFF_FFFF, 0x7FFF_FFFF, UInt32(copy.count), 0xFFFF][random.below(5)], at: index)
          }
        }
        checkExtraction(extractAll(copy), originals, "\(name) round \(round)")
      }
    }
  }

  /// Random garbage as a DEFLATE stream never traps or runs away.
  func testRandomDeflateInput() {
    var random = SplitMix64(seed: 42)
    for round in 0..<3000 {
      let count = random.below(300)
      let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      if case .success(let output) = MetadataFixtures.inflate(bytes, expectedSize: 5000) {
        XCTAssertEqual(output.count, 5000, "round \(round)")
      }
    }
    // Mutations of a real dynamic-Huffman stream.
    let stream = MetadataFixtures.deflated("dynamicText")
    for _ in 0..<3000 {
      var copy = stream
      copy[random.below(copy.count)] = UInt8(truncatingIfNeeded: random.next())
      if case .success(let output) = MetadataFixtures.inflate(copy, expectedSize: MetadataFixtures.labelText.count) {
        XCTAssertEqual(output.count, MetadataFixtures.labelText.count)
      }
    }
  }
}
