import CTensorBridgeZlib

/// The CRC-32 checksum used by ZIP archives (ISO 3309 / ITU-T V.42), by the system zlib.
enum CRC32 {
  /// The CRC-32 of `bytes`.
  static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
    if let crc = bytes.withContiguousStorageIfAvailable({ tbz_crc32(0, $0.baseAddress, $0.count) }) {
      return crc
    }
    return Array(bytes).withUnsafeBufferPointer { tbz_crc32(0, $0.baseAddress, $0.count) }
  }
}
