/// One file of a ZIP archive, located and checked by ``ZipDirectory``.
struct ZipEntry: Sendable, Equatable {
  /// The file's name in the archive.
  let name: String
  /// The compression method: 0 (stored) or 8 (deflated).
  let method: UInt16
  /// The CRC-32 of the uncompressed bytes, as recorded in the central directory.
  let crc32: UInt32
  /// Where the compressed bytes lie, as offsets from the start of the data.
  let compressedRange: Range<Int>
  /// The declared size of the uncompressed bytes.
  let uncompressedSize: Int
}

/// Finds and reads the central directory of a ZIP archive stored at the end
/// of some data (as the TFLite metadata populator appends one to a model).
///
/// Only single-disk, non-ZIP64, unencrypted archives whose entries are stored
/// or deflated are accepted. Every offset and size is checked against the
/// data before use, and each entry's local header is checked against its
/// central directory record.
enum ZipDirectory {
  /// Signature of the end of central directory record (`PK\5\6`).
  static let endSignature: UInt32 = 0x0605_4B50
  /// Signature of the ZIP64 end of central directory locator (`PK\6\7`).
  static let zip64LocatorSignature: UInt32 = 0x0706_4B50
  /// Signature of a central directory file header (`PK\1\2`).
  static let centralSignature: UInt32 = 0x0201_4B50
  /// Signature of a local file header (`PK\3\4`).
  static let localSignature: UInt32 = 0x0403_4B50
  /// Size of the end of central directory record without its comment.
  static let endRecordSize = 22
  /// Size of the ZIP64 end of central directory locator.
  static let zip64LocatorSize = 20
  /// Size of a central directory file header without its variable fields.
  static let centralHeaderSize = 46
  /// Size of a local file header without its variable fields.
  static let localHeaderSize = 30
  /// The longest archive comment.
  static let maxCommentSize = 0xFFFF
  /// Compression methods this reader can extract.
  static let stored: UInt16 = 0
  static let deflated: UInt16 = 8

  /// The path used in errors about the archive as a whole.
  static let archivePath = "associated_files_archive"

  /// Reads the central directory of the archive at the end of `bytes`.
  ///
  /// - Returns: The entries in central directory order, or nil when the data
  ///   does not end with an end of central directory record (no archive).
  static func read(_ bytes: UnsafeRawBufferPointer, maxFileSize: Int) throws(TFLiteFormatError) -> [ZipEntry]? {
    let reader = FlatBufferReader(bytes: bytes)
    guard let end = findEndRecord(reader) else { return nil }
    let path = archivePath + ".end_of_central_directory"

    if end >= zip64LocatorSize, reader.loadChecked(UInt32.self, at: end - zip64LocatorSize) == zip64LocatorSignature {
      throw .archiveUnsupported(path, "ZIP64 extensions")
    }
    let diskNumber = reader.loadChecked(UInt16.self, at: end + 4)
    let directoryDisk = reader.loadChecked(UInt16.self, at: end + 6)
    let entriesOnDisk = reader.loadChecked(UInt16.self, at: end + 8)
    let entryCount = reader.loadChecked(UInt16.self, at: end + 10)
    let directorySize = reader.loadChecked(UInt32.self, at: end + 12)
    let directoryOffset = reader.loadChecked(UInt32.self, at: end + 16)
    if entryCount == 0xFFFF || entriesOnDisk == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF
    {
      throw .archiveUnsupported(path, "ZIP64 extensions")
    }
    guard diskNumber == 0, directoryDisk == 0, entriesOnDisk == entryCount else {
      throw .archiveUnsupported(path, "multiple disks")
    }
    // The central directory ends where the end record starts. If the
    // archive was appended to other data, its recorded offsets are
    // relative to the archive's own start, `shift` bytes into the data.
    guard Int(directorySize) <= end else {
      throw .bufferOutOfBounds(
        path: path + ".central_directory_size", offset: UInt64(end), size: UInt64(directorySize), fileSize: bytes.count)
    }
    let directoryStart = end - Int(directorySize)
    let shift = directoryStart - Int(directoryOffset)
    guard shift >= 0 else {
      throw .invalidOffset(path: path + ".central_directory_offset", offset: end + 16, value: Int(directoryOffset))
    }
    guard Int(entryCount) * centralHeaderSize <= Int(directorySize) else {
      throw .archiveMalformed(path, "\(entryCount) entries cannot fit in a \(directorySize)-byte central directory")
    }

    var entries: [ZipEntry] = []
    entries.reserveCapacity(Int(entryCount))
    var position = directoryStart
    for index in 0..<Int(entryCount) {
      let entry = try readEntry(
        reader, at: position, index: index, directoryEnd: end, shift: shift, directoryStart: directoryStart,
        maxFileSize: maxFileSize)
      entries.append(entry.entry)
      position = entry.next
    }
    return entries
  }

  /// The offset of the end of central directory record, or nil if there is none.
  ///
  /// Searches backwards through the last `22 + 65535` bytes for the record's
  /// signature followed by a comment that ends exactly at the end of the data,
  /// so stray signature bytes inside the model are not mistaken for an archive.
  static func findEndRecord(_ reader: FlatBufferReader) -> Int? {
    let size = reader.size
    guard size >= endRecordSize else { return nil }
    let lowest = max(0, size - endRecordSize - maxCommentSize)
    var candidate = size - endRecordSize
    while candidate >= lowest {
      if reader.loadChecked(UInt32.self, at: candidate) == endSignature {
        let commentLength = Int(reader.loadChecked(UInt16.self, at: candidate + 20))
        if candidate + endRecordSize + commentLength == size { return candidate }
      }
      candidate -= 1
    }
    return nil
  }

  /// Reads the central directory record at `position` and checks its local header.
  private static func readEntry(
    _ reader: FlatBufferReader, at position: Int, index: Int, directoryEnd: Int, shift: Int, directoryStart: Int,
    maxFileSize: Int
  ) throws(TFLiteFormatError) -> (entry: ZipEntry, next: Int) {
    let path = "\(archivePath).central_directory[\(index)]"
    guard directoryEnd - position >= centralHeaderSize else {
      throw .truncated(
        path: path, offset: position, needed: centralHeaderSize, available: max(0, directoryEnd - position))
    }
    guard reader.loadChecked(UInt32.self, at: position) == centralSignature else {
      throw .archiveMalformed(path, "there is no central directory file header signature at byte \(position)")
    }
    let flags = reader.loadChecked(UInt16.self, at: position + 8)
    let method = reader.loadChecked(UInt16.self, at: position + 10)
    let crc = reader.loadChecked(UInt32.self, at: position + 16)
    let compressedSize = reader.loadChecked(UInt32.self, at: position + 20)
    let uncompressedSize = reader.loadChecked(UInt32.self, at: position + 24)
    let nameLength = Int(reader.loadChecked(UInt16.self, at: position + 28))
    let extraLength = Int(reader.loadChecked(UInt16.self, at: position + 30))
    let commentLength = Int(reader.loadChecked(UInt16.self, at: position + 32))
    let localOffset = reader.loadChecked(UInt32.self, at: position + 42)
    let recordSize = centralHeaderSize + nameLength + extraLength + commentLength
    guard directoryEnd - position >= recordSize else {
      throw .truncated(path: path, offset: position, needed: recordSize, available: directoryEnd - position)
    }
    let nameStart = position + centralHeaderSize
    let nameBytes = UnsafeRawBufferPointer(rebasing: reader.bytes[nameStart..<(nameStart + nameLength)])
    guard let name = String(validating: nameBytes, as: UTF8.self) else {
      throw .invalidUTF8(path: path + ".name")
    }
    let entryPath = "\(archivePath)[\"\(name)\"]"

    if compressedSize == 0xFFFF_FFFF || uncompressedSize == 0xFFFF_FFFF || localOffset == 0xFFFF_FFFF {
      throw .archiveUnsupported(entryPath, "ZIP64 extensions")
    }
    // Bit 0: encrypted; bit 6: strong encryption; bit 13: encrypted central directory.
    if flags & 0x2041 != 0 {
      throw .archiveUnsupported(entryPath, "encryption")
    }
    guard method == stored || method == deflated else {
      throw .archiveUnsupported(entryPath, "compression method \(method) (only 0, stored, and 8, deflated, are)")
    }
    guard Int(uncompressedSize) <= maxFileSize else {
      throw .archiveTooLarge(entryPath + ".uncompressed_size", size: Int(uncompressedSize), limit: maxFileSize)
    }
    if method == stored, compressedSize != uncompressedSize {
      throw .archiveMalformed(
        entryPath, "a stored entry has compressed size \(compressedSize) but uncompressed size \(uncompressedSize)")
    }

    // The local header and the data must lie before the central directory.
    let localStart = shift + Int(localOffset)
    guard localStart <= directoryStart, directoryStart - localStart >= localHeaderSize else {
      throw .invalidOffset(path: entryPath + ".local_header_offset", offset: position + 42, value: Int(localOffset))
    }
    guard reader.loadChecked(UInt32.self, at: localStart) == localSignature else {
      throw .archiveMalformed(entryPath, "there is no local file header signature at byte \(localStart)")
    }
    let localNameLength = Int(reader.loadChecked(UInt16.self, at: localStart + 26))
    let localExtraLength = Int(reader.loadChecked(UInt16.self, at: localStart + 28))
    let dataStart = localStart + localHeaderSize + localNameLength + localExtraLength
    guard dataStart <= directoryStart, Int(compressedSize) <= directoryStart - dataStart else {
      throw .bufferOutOfBounds(
        path: entryPath + ".data", offset: UInt64(dataStart), size: UInt64(compressedSize), fileSize: directoryStart)
    }
    let localName = UnsafeRawBufferPointer(
      rebasing: reader.bytes[(localStart + localHeaderSize)..<(localStart + localHeaderSize + localNameLength)])
    guard localName.elementsEqual(nameBytes) else {
      throw .archiveMalformed(entryPath, "the local file header names a different file")
    }
    let entry = ZipEntry(
      name: name, method: method, crc32: crc,
      compressedRange: dataStart..<(dataStart + Int(compressedSize)), uncompressedSize: Int(uncompressedSize))
    return (entry, position + recordSize)
  }
}
