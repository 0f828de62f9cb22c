import Foundation

/// The associated files (label lists, vocabularies, …) packed into a ZIP
/// archive at the end of a model file.
///
/// The TFLite metadata populator appends this archive after the model's
/// flatbuffer; ``TFLiteMetadata`` names the files and what they are for, and
/// this type extracts their bytes. Models without an archive have no names.
///
/// ```swift
/// let files = try AssociatedFiles(modelData: bytes)
/// if let labels = try files.file(named: "labels.txt") {
///     let lines = String(decoding: labels, as: UTF8.self).split(separator: "\n")
/// }
/// ```
///
/// Reading is defensive: ``init(modelData:)`` checks the archive's directory
/// and every entry's placement, and ``file(named:)`` decompresses (stored or
/// DEFLATE entries) into at most the entry's declared size, capped at
/// ``maxFileSize``, and verifies the CRC-32. Corrupt or hostile archives,
/// including ZIP bombs, end in a ``TFLiteFormatError``, never a trap or a hang.
/// ZIP64, encrypted and multi-disk archives are rejected.
public struct AssociatedFiles: Sendable {
  /// The largest uncompressed file accepted (64 MiB).
  public static let maxFileSize = 64 << 20

  /// The model bytes holding the archive.
  private let data: Data
  /// The archive's entries, in central directory order.
  private let entries: [ZipEntry]

  /// Locates and checks the archive at the end of `modelData`.
  ///
  /// The archive is found by its end of central directory record, which
  /// must end the data exactly (after its optional comment). Offsets in the
  /// archive may count from the start of the model file or from the start
  /// of the archive itself. No file is decompressed yet.
  ///
  /// - Parameter modelData: The complete contents of a `.tflite` file.
  /// - Throws: ``TFLiteFormatError`` when an archive is present but malformed
  ///   or uses unsupported features; the error's path starts with
  ///   `associated_files_archive`.
  public init(modelData: Data) throws(TFLiteFormatError) {
    let result: Result<[ZipEntry]?, TFLiteFormatError> = modelData.withUnsafeBytes { bytes in
      Result { () throws(TFLiteFormatError) -> [ZipEntry]? in
        try ZipDirectory.read(bytes, maxFileSize: AssociatedFiles.maxFileSize)
      }
    }
    entries = try result.get() ?? []
    data = modelData
  }

  /// The names of the files in the archive, in archive order (empty when the
  /// model has no archive).
  public var names: [String] { entries.map(\.name) }

  /// Extracts the file called `name`.
  ///
  /// - Returns: The file's bytes, or nil if the archive has no such file
  ///   (the first one wins if several share the name).
  /// - Throws: ``TFLiteFormatError`` when the compressed data is corrupt, does
  ///   not decompress to the declared size, or fails its CRC-32 check.
  public func file(named name: String) throws(TFLiteFormatError) -> Data? {
    guard let entry = entries.first(where: { $0.name == name }) else { return nil }
    let path = "\(ZipDirectory.archivePath)[\"\(entry.name)\"]"
    let result: Result<[UInt8], TFLiteFormatError> = data.withUnsafeBytes { bytes in
      Result { () throws(TFLiteFormatError) -> [UInt8] in
        // The range was checked against these bytes by `ZipDirectory`.
        guard entry.compressedRange.lowerBound >= 0, entry.compressedRange.upperBound <= bytes.count else {
          throw .bufferOutOfBounds(
            path: path + ".data", offset: UInt64(entry.compressedRange.lowerBound),
            size: UInt64(entry.compressedRange.count), fileSize: bytes.count)
        }
        let compressed = UnsafeRawBufferPointer(rebasing: bytes[entry.compressedRange])
        if entry.method == ZipDirectory.stored {
          return Array(compressed)
        }
        return try Inflater.inflate(compressed, expectedSize: entry.uncompressedSize, path: path)
      }
    }
    let contents = try result.get()
    let checksum = CRC32.checksum(contents)
    guard checksum == entry.crc32 else {
      throw .archiveChecksum(path, expected: entry.crc32, actual: checksum)
    }
    return Data(contents)
  }
}
