/// The CRC-32 checksum used by ZIP archives (ISO 3309 / ITU-T V.42,
/// reflected polynomial `0xEDB88320`, initial value and final XOR `0xFFFFFFFF`).
enum CRC32 {
    /// The byte-wise lookup table.
    private static let table: [UInt32] = (0..<256).map { (index: UInt32) -> UInt32 in
        var value = index
        for _ in 0..<8 {
            value = (value & 1) != 0 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1
        }
        return value
    }

    /// The CRC-32 of `bytes`.
    static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        let table = self.table
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            // The index is below 256 by construction.
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }
}
