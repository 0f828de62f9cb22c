/// What the hub's name rules (``HubName``, ``HubAliasName``) are written in: every character
/// they allow is ASCII, so a byte is a character and a byte count a length.
enum HubNameRule {
  /// Whether `text` has 1 to `maxLength` bytes, each one `isAllowed` accepts.
  static func matches(_ text: some StringProtocol, maxLength: Int, allowing isAllowed: (UInt8) -> Bool) -> Bool {
    let bytes = text.utf8
    return (1...maxLength).contains(bytes.count) && bytes.allSatisfy(isAllowed)
  }

  /// `a-z`.
  static func isLowercaseLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }

  /// `A-Z`.
  static func isUppercaseLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }

  /// `0-9`.
  static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
