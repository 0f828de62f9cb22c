/// Checks of names and hashes that come from requests, before they reach SQL or the file system.
enum ModelName {
  /// Whether `name` matches `^[A-Za-z0-9_-]{1,60}$` (60 is ``HubLimits/nameCharacters``).
  static func isValid(_ name: String) -> Bool {
    let bytes = name.utf8
    guard (1...HubLimits.nameCharacters).contains(bytes.count) else { return false }
    return bytes.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
  }

  /// Throws ``HubError/invalidName(_:)`` unless `name` is valid.
  static func check(_ name: String) throws(HubError) {
    guard isValid(name) else { throw .invalidName(name) }
  }

  /// Whether `hash` is 64 lowercase hex digits.
  static func isHash(_ hash: some StringProtocol) -> Bool {
    hash.utf8.count == 64 && hash.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }
}
