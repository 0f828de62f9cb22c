import Foundation
import XCTest

@testable import TFLiteFormat

/// Reading the associated-files ZIP archive appended to a model.
final class MetadataArchiveTests: XCTestCase {
  private let vocab = Array("[PAD]\n[UNK]\nhello\nworld\n".utf8)

  /// A model prefix: a real fixture model when readable, else filler bytes.
  private var modelBytes: [UInt8] {
    (try? Array(MetadataFixtures.fixtureModel("linear"))) ?? Array(repeating: 0x42, count: 512)
  }

  private func sampleBuilder() -> ZipBuilder {
    ZipBuilder(
      entries: [
        .deflated(
          "labels.txt", compressed: MetadataFixtures.deflated("dynamicText"), contents: MetadataFixtures.labelText),
        .stored("vocab.txt", vocab),
        .deflated("empty.txt", compressed: MetadataFixtures.deflated("empty"), contents: []),
        .stored("nothing.txt", []),
      ], prefix: modelBytes)
  }

  func testStoredAndDeflatedEntries() throws {
    for absolute in [true, false] {
      for comment in [[], Array("a comment".utf8), Array(repeating: UInt8(ascii: "c"), count: 0xFFFF)] {
        var builder = sampleBuilder()
        builder.absoluteOffsets = absolute
        builder.comment = comment
        let files = try AssociatedFiles(modelData: Data(builder.build().bytes))
        XCTAssertEqual(files.names, ["labels.txt", "vocab.txt", "empty.txt", "nothing.txt"])
        XCTAssertEqual(try files.file(named: "labels.txt"), Data(MetadataFixtures.labelText))
        XCTAssertEqual(try files.file(named: "vocab.txt"), Data(vocab))
        XCTAssertEqual(try files.file(named: "empty.txt"), Data())
        XCTAssertEqual(try files.file(named: "nothing.txt"), Data())
        XCTAssertNil(try files.file(named: "missing.txt"))
      }
    }
  }

  /// The model still parses with the archive appended, and the archive is found behind it.
  func testArchiveAppendedToRealModel() throws {
    let bytes = sampleBuilder().build().bytes
    let model = try TFLiteModel(data: Data(bytes))
    XCTAssertNil(try model.tfliteMetadata())
    XCTAssertEqual(try AssociatedFiles(modelData: Data(bytes)).names.count, 4)
  }

  /// An archive written by Python's `zipfile` (with a comment and offsets
  /// relative to the archive), alone and appended to a model.
  func testPythonZipfileArchive() throws {
    for prefix in [[], modelBytes] {
      let files = try AssociatedFiles(modelData: Data(prefix) + DeflateVectors.pythonZip)
      XCTAssertEqual(files.names, ["labels.txt", "vocab.txt", "dir/empty.txt"])
      XCTAssertEqual(try files.file(named: "labels.txt"), Data(MetadataFixtures.labelText))
      XCTAssertEqual(try files.file(named: "vocab.txt"), Data(vocab))
      XCTAssertEqual(try files.file(named: "dir/empty.txt"), Data())
    }
  }

  func testNoArchive() throws {
    XCTAssertEqual(try AssociatedFiles(modelData: Data()).names, [])
    XCTAssertEqual(try AssociatedFiles(modelData: Data(repeating: 0, count: 21)).names, [])
    XCTAssertEqual(try AssociatedFiles(modelData: Data(modelBytes)).names, [])
    // An end-record signature whose comment length does not reach the end of the data is not an archive.
    var stray = modelBytes + [0x50, 0x4B, 0x05, 0x06] + Array(repeating: 0, count: 18)
    stray += [1, 2, 3]
    XCTAssertEqual(try AssociatedFiles(modelData: Data(stray)).names, [])
    // A signature more than 64 KiB + 22 bytes before the end is out of reach.
    let (archive, _) = ZipBuilder(entries: [.stored("a.txt", [1])]).build()
    var far = archive
    far.patch(UInt16(0), at: far.count - 2)
    far += Array(repeating: 0, count: 0x10000)
    XCTAssertEqual(try AssociatedFiles(modelData: Data(far)).names, [])
  }

  func testDuplicateNamesReturnTheFirst() throws {
    let builder = ZipBuilder(entries: [.stored("a.txt", [1]), .stored("a.txt", [2])])
    let files = try AssociatedFiles(modelData: Data(builder.build().bytes))
    XCTAssertEqual(files.names, ["a.txt", "a.txt"])
    XCTAssertEqual(try files.file(named: "a.txt"), Data([1]))
  }

  // MARK: - Rejected archives

  func testBadCRC() {
    var builder = sampleBuilder()
    builder.entries[0].crc32 ^= 1
    builder.entries[1].crc32 ^= 0x8000_0000
    let files = try? AssociatedFiles(modelData: Data(builder.build().bytes))
    XCTAssertNotNil(files)
    for name in ["labels.txt", "vocab.txt"] {
      assertFailure(
        Result { () throws(TFLiteFormatError) in try files?.file(named: name) }, pathContains: "[\"\(name)\"]")
    }
    XCTAssertEqual(try files?.file(named: "empty.txt"), Data())
  }

  func testLyingSizes() throws {
    // Deflated entry declaring fewer or more bytes than it decodes to.
    for delta in [-1, 1, 1000] {
      var builder = sampleBuilder()
      builder.entries[0].uncompressedSize = UInt32(MetadataFixtures.labelText.count + delta)
      let files = try AssociatedFiles(modelData: Data(builder.build().bytes))
      assertFailure(
        Result { () throws(TFLiteFormatError) in try files.file(named: "labels.txt") }, pathContains: "labels.txt")
    }
    // Stored entry whose sizes disagree.
    var builder = sampleBuilder()
    builder.entries[1].uncompressedSize += 1
    assertFailure(extractAll(builder.build().bytes), pathContains: "vocab.txt")
    // Compressed size running into the central directory.
    let built = sampleBuilder().build()
    var bytes = built.bytes
    let layout = built.layout
    bytes.patch(UInt32(0x00FF_FFFF), at: layout.centralHeaders[1] + 20)
    bytes.patch(UInt32(0x00FF_FFFF), at: layout.centralHeaders[1] + 24)
    assertFailure(extractAll(bytes), pathContains: "vocab.txt")
  }

  func testHugeDeclaredSizeIsRejectedBeforeDecoding() {
    var builder = sampleBuilder()
    builder.entries[0].uncompressedSize = UInt32(AssociatedFiles.maxFileSize + 1)
    assertFailure(
      extractAll(builder.build().bytes),
      equals: .archiveTooLarge(
        "associated_files_archive[\"labels.txt\"].uncompressed_size", size: AssociatedFiles.maxFileSize + 1,
        limit: AssociatedFiles.maxFileSize))
  }

  func testUnsupportedFeatures() {
    // Encryption.
    var builder = sampleBuilder()
    builder.entries[1].flags = 1
    assertFailure(extractAll(builder.build().bytes), pathContains: "vocab.txt")
    // Compression methods other than stored and deflated (12 is bzip2, 14 LZMA).
    for method: UInt16 in [1, 9, 12, 14, 99] {
      builder = sampleBuilder()
      builder.entries[1].method = method
      assertFailure(extractAll(builder.build().bytes), pathContains: "vocab.txt")
    }
    // ZIP64 markers in the end record and in an entry, and a ZIP64 locator.
    let built = sampleBuilder().build()
    var bytes = built.bytes
    let layout = built.layout
    var zip64 = bytes
    zip64.patch(UInt16(0xFFFF), at: layout.endRecord + 10)
    assertFailure(extractAll(zip64), pathContains: "end_of_central_directory")
    zip64 = bytes
    zip64.patch(UInt32(0xFFFF_FFFF), at: layout.centralHeaders[0] + 24)
    assertFailure(extractAll(zip64), pathContains: "labels.txt")
    zip64 = bytes
    zip64.patch(UInt32(0x0706_4B50), at: layout.endRecord - 20)
    assertFailure(extractAll(zip64), pathContains: "end_of_central_directory")
    // Multiple disks.
    bytes.patch(UInt16(1), at: layout.endRecord + 4)
    assertFailure(extractAll(bytes), pathContains: "end_of_central_directory")
  }

  func testBrokenDirectory() {
    let (bytes, layout) = sampleBuilder().build()
    func expectFailure(_ mutate: (inout [UInt8]) -> Void, _ path: String, line: UInt = #line) {
      var copy = bytes
      mutate(&copy)
      assertFailure(extractAll(copy), pathContains: path, line: line)
    }
    // Central directory offset past its actual position, and size larger than the data.
    expectFailure(
      { $0.patch(UInt32(layout.centralHeaders[0] + 1), at: layout.endRecord + 16) }, "central_directory_offset")
    expectFailure({ $0.patch(UInt32(layout.endRecord + 1), at: layout.endRecord + 12) }, "central_directory_size")
    // More entries than the directory can hold, and a wrong count that runs into the end record.
    expectFailure(
      {
        $0.patch(UInt16(200), at: layout.endRecord + 8)
        $0.patch(UInt16(200), at: layout.endRecord + 10)
      }, "end_of_central_directory")
    // A bad central header signature, name length running out of the directory, non-UTF-8 name.
    expectFailure({ $0[layout.centralHeaders[1]] = 0 }, "central_directory[1]")
    expectFailure({ $0.patch(UInt16(0xFFFF), at: layout.centralHeaders[3] + 28) }, "central_directory[3]")
    expectFailure(
      {
        $0[layout.centralHeaders[0] + 46] = 0xFF
        $0[layout.localHeaders[0] + 30] = 0xFF
      }, "central_directory[0].name")
    // Local header offsets pointing nowhere, at the wrong place, or past the directory.
    expectFailure({ $0.patch(UInt32(layout.localHeaders[1] + 1), at: layout.centralHeaders[1] + 42) }, "vocab.txt")
    expectFailure({ $0.patch(UInt32(0x7FFF_0000), at: layout.centralHeaders[1] + 42) }, "vocab.txt")
    expectFailure({ $0.patch(UInt32(layout.centralHeaders[0] - 10), at: layout.centralHeaders[2] + 42) }, "empty.txt")
    // A local header naming a different file, or with an extra field running past the directory.
    expectFailure({ $0[layout.localHeaders[1] + 30] = UInt8(ascii: "V") }, "vocab.txt")
    expectFailure({ $0.patch(UInt16(0xFFFF), at: layout.localHeaders[1] + 28) }, "vocab.txt")
  }
}
