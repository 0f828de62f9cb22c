/// The rule for model names and tags, on the hub and on devices alike: 1 to 60 of
/// `A-Z a-z 0-9 _ -` (`^[A-Za-z0-9_-]{1,60}$`). A valid name is safe as a URL path segment and as
/// a folder name, so neither side needs to escape it.
public enum HubName {
  /// The most characters (bytes: every allowed character is ASCII) a name or tag may have.
  public static let maxLength = 60

  /// The rule in words, for error messages: "1 to 60 letters, digits, '_' or '-'".
  public static let ruleDescription = "1 to \(maxLength) letters, digits, '_' or '-'"

  /// Whether `name` is a valid model name or tag.
  /// - Parameter name: A model name or tag as received (from a request, a user or a file).
  /// - Returns: `true` when it matches `^[A-Za-z0-9_-]{1,60}$`.
  public static func isValid(_ name: some StringProtocol) -> Bool {
    HubNameRule.matches(name, maxLength: maxLength) { byte in
      HubNameRule.isLowercaseLetter(byte) || HubNameRule.isUppercaseLetter(byte) || HubNameRule.isDigit(byte)
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
  }
}
