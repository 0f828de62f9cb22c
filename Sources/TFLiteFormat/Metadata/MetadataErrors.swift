/// The errors the metadata reader and the associated-files archive reader
/// report, built in one place.
///
/// The `path` always names the metadata field or archive entry and the
/// `reason` says what is wrong.
extension TFLiteFormatError {
  /// The `TFLITE_METADATA` buffer does not start with the `M001` file identifier.
  static func metadataIdentifier(found: String) -> TFLiteFormatError {
    .invalidMetadata(
      path: "its file identifier \"\(MetadataDecoder.fileIdentifierText)\"", reason: "found \"\(found)\" instead")
  }

  /// The archive at `path` is malformed; `reason` says how.
  static func archiveMalformed(_ path: String, _ reason: String) -> TFLiteFormatError {
    .invalidArchive(path: path, reason: reason)
  }

  /// The archive at `path` uses a ZIP feature this reader does not support.
  static func archiveUnsupported(_ path: String, _ feature: String) -> TFLiteFormatError {
    .unsupportedArchive(path: path, feature: feature)
  }

  /// The extracted bytes of `path` do not match the CRC-32 the archive records.
  static func archiveChecksum(_ path: String, expected: UInt32, actual: UInt32) -> TFLiteFormatError {
    .invalidArchive(
      path: path,
      reason: "the CRC-32 of the extracted bytes is \(hex32(actual)), but the archive records \(hex32(expected))")
  }

  /// An archive entry declares or would produce more bytes than allowed.
  static func archiveTooLarge(_ path: String, size: Int, limit: Int) -> TFLiteFormatError {
    .archiveEntryTooLarge(path: path, size: size, limit: limit)
  }

  /// `value` as `0x` and eight hexadecimal digits.
  private static func hex32(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
  }
}
