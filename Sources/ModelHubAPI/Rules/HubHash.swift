/// The form of every model hash the hub announces and devices store: the SHA-256 of the file's
/// bytes as 64 lowercase hex digits (also the file's `ETag`, quoted, and its name in both stores).
public enum HubHash {
  /// The number of hex digits in a hash.
  public static let length = 64

  private static let digits = Array("0123456789abcdef".utf8)

  /// Whether `hash` is 64 lowercase hex digits.
  /// - Parameter hash: A hash as received (a response field, a path segment, a manifest).
  /// - Returns: `true` for exactly 64 characters of `0-9 a-f`.
  public static func isValid(_ hash: some StringProtocol) -> Bool {
    hash.utf8.count == length
      && hash.utf8.allSatisfy {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
      }
  }

  /// Bytes as lowercase hex, two digits a byte (a digest, a signature).
  /// - Parameter bytes: The bytes, such as a SHA-256 digest.
  /// - Returns: The hex text; for a SHA-256 digest, a valid hash.
  public static func hex(_ bytes: some Sequence<UInt8>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(length)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}
