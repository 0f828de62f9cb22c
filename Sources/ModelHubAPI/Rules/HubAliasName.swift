/// The rule for version aliases (`stable`, `canary`, `2025-q3`): 1 to 40 of `a-z 0-9 -`
/// (`^[a-z0-9-]{1,40}$`), safe as a URL path segment and as a query value without escaping.
public enum HubAliasName {
  /// The most characters an alias may have.
  public static let maxLength = 40

  /// The rule in words, for error messages.
  public static let ruleDescription = "1 to \(maxLength) lowercase letters, digits or '-'"

  /// Whether `alias` is a valid alias.
  /// - Parameter alias: An alias as received (from a request, a user or a file).
  /// - Returns: `true` when it matches `^[a-z0-9-]{1,40}$`.
  public static func isValid(_ alias: some StringProtocol) -> Bool {
    HubNameRule.matches(alias, maxLength: maxLength) { byte in
      HubNameRule.isLowercaseLetter(byte) || HubNameRule.isDigit(byte) || byte == UInt8(ascii: "-")
    }
  }
}
