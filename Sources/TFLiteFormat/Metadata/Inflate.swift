import CTensorBridgeZlib

/// Raw DEFLATE (RFC 1951) decoding for zip entries of method 8, by the system zlib.
///
/// The output may never exceed the size the zip declares, so a corrupt stream or a "zip bomb"
/// ends in a ``TFLiteFormatError`` rather than unbounded memory: zlib writes into a buffer of the
/// declared size plus one byte, and a stream that fills it, ends short of it or stops early is
/// refused.
enum Inflater {
  /// Decodes the raw DEFLATE stream `input`, which must produce exactly `expectedSize` bytes.
  ///
  /// Bytes after the final block are ignored.
  ///
  /// - Parameters:
  ///   - input: The compressed bytes.
  ///   - expectedSize: The uncompressed size the archive declares.
  ///   - path: Names the stream in errors.
  /// - Returns: The `expectedSize` decoded bytes.
  /// - Throws: ``TFLiteFormatError/archiveMalformed(_:_:)`` when the stream is invalid, ends
  ///   early or decodes to another size.
  static func inflate(_ input: UnsafeRawBufferPointer, expectedSize: Int, path: String) throws(TFLiteFormatError)
    -> [UInt8]
  {
    let expected = max(0, expectedSize)
    var outcome: Int32 = 0
    var produced = 0
    var consumed = 0
    var message: UnsafePointer<CChar>?
    // One byte more than declared, so that a longer stream shows itself by filling it.
    let output = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
      let source = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
      outcome = tbz_inflate_raw(source, input.count, buffer.baseAddress, buffer.count, &produced, &consumed, &message)
      count = produced
    }
    switch Int(outcome) {
    case Int(TBZ_INFLATE_END) where output.count == expected:
      return output
    case Int(TBZ_INFLATE_END):
      throw .archiveMalformed(
        path, "the DEFLATE stream decodes to \(output.count) bytes, but the archive declares \(expected)")
    case Int(TBZ_INFLATE_OUTPUT_FULL):
      throw .archiveMalformed(
        path, "the DEFLATE stream decodes to more than the \(expected) bytes the archive declares")
    case Int(TBZ_INFLATE_TRUNCATED):
      throw .archiveMalformed(path, "the DEFLATE stream ends early (at compressed byte \(input.count))")
    case Int(TBZ_INFLATE_INVALID):
      let reason = message.map { String(cString: $0) } ?? "invalid data"
      throw .archiveMalformed(path, "the DEFLATE stream is invalid near compressed byte \(consumed): \(reason)")
    default:
      throw .archiveMalformed(path, "zlib could not allocate memory to decode the DEFLATE stream")
    }
  }
}
