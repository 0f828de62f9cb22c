import Foundation
import XCTest

@testable import TFLiteFormat

/// Shared inputs and helpers of the metadata and associated-files tests.
enum MetadataFixtures {
  /// The package root (three levels above this file).
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Third-party models, present only on machines that fetched them.
  static let thirdPartyModels = packageRoot.appendingPathComponent(".thirdparty/models")
  /// Committed model fixtures.
  static let fixtureModels = packageRoot.appendingPathComponent("Tests/Fixtures/models")

  /// The bytes of `.thirdparty/models/<name>.tflite`, or a skip when it is absent.
  static func thirdPartyModel(_ name: String) throws -> Data {
    let url = thirdPartyModels.appendingPathComponent(name + ".tflite")
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw XCTSkip("\(url.path) is not available")
    }
    return try Data(contentsOf: url)
  }

  /// The bytes of the committed fixture `Tests/Fixtures/models/<name>.tflite`.
  static func fixtureModel(_ name: String) throws -> Data {
    try Data(contentsOf: fixtureModels.appendingPathComponent(name + ".tflite"))
  }

  /// The text that ``DeflateVectors`` compress: 400 lines like `label 3: abcabcabc`.
  static let labelText: [UInt8] = Array(
    (0..<400).map { "label \($0): " + String(repeating: "abc", count: $0 % 7) + "\n" }.joined().utf8)

  /// Deterministic pseudo-random bytes (the same LCG as the Python generator).
  static func noise(count: Int, seed: UInt32 = 12345) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 1_103_515_245 &+ 12345
      return UInt8(truncatingIfNeeded: state >> 16)
    }
  }

  /// The decoded bytes of a vector's input.
  static func input(_ input: DeflateVectors.Input) -> [UInt8] {
    switch input {
    case .text: return labelText
    case .shortText: return Array(labelText.prefix(1000))
    case .noise: return noise(count: 3000)
    case .empty: return []
    }
  }

  /// The compressed bytes of the deflate vector called `name`.
  static func deflated(_ name: String) -> [UInt8] {
    guard let vector = DeflateVectors.all.first(where: { $0.name == name }),
      let data = Data(base64Encoded: vector.base64)
    else {
      XCTFail("no deflate vector \(name)")
      return []
    }
    return Array(data)
  }

  /// A DEFLATE stream holding `bytes` in one final stored block.
  static func storedDeflate(_ bytes: [UInt8]) -> [UInt8] {
    var writer = BitWriter()
    writer.header(final: true, type: 0)
    writer.bits(0, 5)
    writer.bits(bytes.count, 16)
    writer.bits(bytes.count ^ 0xFFFF, 16)
    for byte in bytes { writer.bits(Int(byte), 8) }
    return writer.bytes
  }

  /// Inflates `bytes` with the package's decoder.
  static func inflate(_ bytes: [UInt8], expectedSize: Int) -> Result<[UInt8], TFLiteFormatError> {
    bytes.withUnsafeBytes { raw in
      Result { () throws(TFLiteFormatError) in try Inflater.inflate(raw, expectedSize: expectedSize, path: "test") }
    }
  }

  /// The `path` an error names, or nil for errors without one.
  static func path(of error: TFLiteFormatError) -> String? {
    switch error {
    case .truncated(let path, _, _, _), .invalidOffset(let path, _, _), .invalidVTable(let path, _, _, _),
      .fieldOutsideTable(let path, _, _, _), .unterminatedString(let path, _), .invalidUTF8(let path),
      .countTooLarge(let path, _, _), .missingField(let path), .bufferOutOfBounds(let path, _, _, _),
      .invalidStringData(let path, _), .invalidMetadata(let path, _), .invalidArchive(let path, _),
      .unsupportedArchive(let path, _), .archiveEntryTooLarge(let path, _, _):
      return path
    default:
      return nil
    }
  }
}

/// Writes a DEFLATE bit stream by hand, for crafting invalid streams.
struct BitWriter {
  private(set) var bytes: [UInt8] = []
  private var bitCount = 0

  /// Appends the low `count` bits of `value`, least significant first (header fields, extra bits).
  mutating func bits(_ value: Int, _ count: Int) {
    for bit in 0..<count {
      if bitCount % 8 == 0 { bytes.append(0) }
      if (value >> bit) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(1 << (bitCount % 8)) }
      bitCount += 1
    }
  }

  /// Appends a Huffman code of `length` bits, most significant first.
  mutating func code(_ code: Int, _ length: Int) {
    for bit in stride(from: length - 1, through: 0, by: -1) { bits((code >> bit) & 1, 1) }
  }

  /// Appends the fixed-code literal/length symbol `symbol` (0...287).
  mutating func fixedSymbol(_ symbol: Int) {
    switch symbol {
    case 0..<144: code(0x30 + symbol, 8)
    case 144..<256: code(0x190 + symbol - 144, 9)
    case 256..<280: code(symbol - 256, 7)
    default: code(0xC0 + symbol - 280, 8)
    }
  }

  /// Appends the fixed-code distance symbol `symbol` (0...31).
  mutating func fixedDistance(_ symbol: Int) { code(symbol, 5) }

  /// Appends a block header.
  mutating func header(final: Bool, type: Int) {
    bits(final ? 1 : 0, 1)
    bits(type, 2)
  }
}

/// Builds ZIP archives byte by byte, optionally appended to a model, with
/// hooks to make any field lie.
struct ZipBuilder {
  /// One file to store.
  struct Entry {
    var name: String
    /// The bytes as stored in the archive (already compressed for method 8).
    var stored: [UInt8]
    var method: UInt16 = 0
    var crc32: UInt32
    var uncompressedSize: UInt32
    var flags: UInt16 = 0

    /// A stored (method 0) entry.
    static func stored(_ name: String, _ contents: [UInt8]) -> Entry {
      Entry(
        name: name, stored: contents, method: 0, crc32: CRC32.checksum(contents),
        uncompressedSize: UInt32(contents.count))
    }

    /// A deflated (method 8) entry holding `compressed`, which decodes to `contents`.
    static func deflated(_ name: String, compressed: [UInt8], contents: [UInt8]) -> Entry {
      Entry(
        name: name, stored: compressed, method: 8, crc32: CRC32.checksum(contents),
        uncompressedSize: UInt32(contents.count))
    }
  }

  /// Where things ended up in the built bytes.
  struct Layout {
    var localHeaders: [Int] = []
    var centralHeaders: [Int] = []
    var endRecord = 0
  }

  var entries: [Entry]
  /// Bytes before the archive (a model).
  var prefix: [UInt8] = []
  /// Whether recorded offsets count from the start of `prefix` (as the
  /// metadata populator writes them) or from the start of the archive.
  var absoluteOffsets = true
  var comment: [UInt8] = []

  /// The archive appended to `prefix`, and where its records are.
  func build() -> (bytes: [UInt8], layout: Layout) {
    var out = prefix
    var layout = Layout()
    let base = absoluteOffsets ? 0 : prefix.count
    func u16(_ value: UInt16) { out += withUnsafeBytes(of: value.littleEndian, Array.init) }
    func u32(_ value: UInt32) { out += withUnsafeBytes(of: value.littleEndian, Array.init) }
    var localOffsets: [Int] = []
    for entry in entries {
      localOffsets.append(out.count - base)
      layout.localHeaders.append(out.count)
      u32(0x0403_4B50)
      u16(20)
      u16(entry.flags)
      u16(entry.method)
      u16(0)
      u16(0x21)
      u32(entry.crc32)
      u32(UInt32(entry.stored.count))
      u32(entry.uncompressedSize)
      u16(UInt16(entry.name.utf8.count))
      u16(0)
      out += Array(entry.name.utf8)
      out += entry.stored
    }
    let directoryStart = out.count
    for (entry, offset) in zip(entries, localOffsets) {
      layout.centralHeaders.append(out.count)
      u32(0x0201_4B50)
      u16(0x0314)
      u16(20)
      u16(entry.flags)
      u16(entry.method)
      u16(0)
      u16(0x21)
      u32(entry.crc32)
      u32(UInt32(entry.stored.count))
      u32(entry.uncompressedSize)
      u16(UInt16(entry.name.utf8.count))
      u16(0)
      u16(0)
      u16(0)
      u16(0)
      u32(0)
      u32(UInt32(offset))
      out += Array(entry.name.utf8)
    }
    layout.endRecord = out.count
    let directorySize = out.count - directoryStart
    u32(0x0605_4B50)
    u16(0)
    u16(0)
    u16(UInt16(entries.count))
    u16(UInt16(entries.count))
    u32(UInt32(directorySize))
    u32(UInt32(directoryStart - base))
    u16(UInt16(comment.count))
    out += comment
    return (out, layout)
  }
}

/// Little-endian patching of test bytes.
extension Array where Element == UInt8 {
  /// Overwrites the bytes at `offset` with `value`, little-endian.
  mutating func patch<T: FixedWidthInteger>(_ value: T, at offset: Int) {
    Swift.withUnsafeBytes(of: value.littleEndian) { raw in
      for (index, byte) in raw.enumerated() { self[offset + index] = byte }
    }
  }
}

/// Outcome helpers shared by the metadata tests.
extension XCTestCase {
  /// Parses `bytes` as `TFLITE_METADATA`.
  func parseMetadata(_ bytes: [UInt8]) -> Result<TFLiteMetadata, TFLiteFormatError> {
    Result { () throws(TFLiteFormatError) in try TFLiteMetadata(data: Data(bytes)) }
  }

  /// Opens the archive at the end of `bytes` and extracts every file, or returns the first error.
  func extractAll(_ bytes: [UInt8]) -> Result<[String: Data], TFLiteFormatError> {
    Result { () throws(TFLiteFormatError) in
      let archive = try AssociatedFiles(modelData: Data(bytes))
      var files: [String: Data] = [:]
      for name in archive.names where files[name] == nil {
        files[name] = try archive.file(named: name)
      }
      return files
    }
  }

  /// Asserts that `result` failed, optionally with an error whose path contains `pathPart`
  /// or that equals `expected`.
  func assertFailure<T>(
    _ result: Result<T, TFLiteFormatError>, pathContains pathPart: String? = nil,
    equals expected: TFLiteFormatError? = nil,
    _ message: String = "", file: StaticString = #filePath, line: UInt = #line
  ) {
    switch result {
    case .success:
      XCTFail("expected an error \(message)", file: file, line: line)
    case .failure(let error):
      if let expected { XCTAssertEqual(error, expected, message, file: file, line: line) }
      if let pathPart {
        let path = MetadataFixtures.path(of: error) ?? ""
        XCTAssertTrue(
          path.contains(pathPart), "path \"\(path)\" of \(error) lacks \"\(pathPart)\" \(message)", file: file,
          line: line)
      }
    }
  }
}
