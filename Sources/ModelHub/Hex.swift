/// Lowercase hexadecimal encoding of bytes (hashes, signatures).
enum Hex {
  private static let digits = Array("0123456789abcdef".utf8)

  /// The bytes as lowercase hex.
  static func encode(_ bytes: some Sequence<UInt8>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(64)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}
