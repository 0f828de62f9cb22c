/// Rewrites an RE2 pattern so that ICU reads it as RE2 does. RE2's `\w`, `\d`, `\s` (and their
/// negations), its POSIX classes (`[:alpha:]`, `[:^punct:]`, …) and its word boundaries `\b`,
/// `\B` are ASCII-only even on UTF-8 text, while ICU's are Unicode; the TFLite Task Library's
/// regex tokenizer runs RE2. A `[` inside a bracket expression is a literal in RE2 but opens a
/// nested set in ICU, so it is escaped; RE2's named group `(?P<name>…)` is ICU's `(?<name>…)`.
enum RE2Pattern {
  /// RE2's Perl classes as ASCII sets (the members, without brackets).
  private static let members: [Character: String] = [
    "w": "0-9A-Za-z_", "d": "0-9", "s": #"\t\n\f\r "#,
  ]

  /// RE2's POSIX classes (`re2/unicode_groups.cc`, `posix_groups`) as ASCII set members.
  private static let posixMembers: [String: String] = [
    "alnum": "0-9A-Za-z", "alpha": "A-Za-z", "ascii": #"\x00-\x7F"#, "blank": #"\t\x20"#,
    "cntrl": #"\x00-\x1F\x7F"#, "digit": "0-9", "graph": #"\x21-\x7E"#, "lower": "a-z", "print": #"\x20-\x7E"#,
    "punct": #"\x21-\x2F\x3A-\x40\x5B-\x60\x7B-\x7E"#, "space": #"\t\n\x0B\f\r\x20"#, "upper": "A-Z",
    "word": "0-9A-Za-z_", "xdigit": "0-9A-Fa-f",
  ]

  /// `\b` and `\B` over RE2's ASCII word characters.
  private static let wordBoundary = "(?:(?<=[0-9A-Za-z_])(?![0-9A-Za-z_])|(?<![0-9A-Za-z_])(?=[0-9A-Za-z_]))"
  private static let notWordBoundary = "(?:(?<=[0-9A-Za-z_])(?=[0-9A-Za-z_])|(?<![0-9A-Za-z_])(?![0-9A-Za-z_]))"

  /// `pattern` with `\w \W \d \D \s \S`, the POSIX classes and `\b \B` replaced by their ASCII
  /// equivalents, both outside and inside bracket expressions (inside, a negated class becomes a
  /// nested ICU set), and `(?P<` written `(?<`.
  static func asciiClasses(_ pattern: String) -> String {
    let characters = Array(pattern)
    var result = ""
    var inClass = false
    var index = 0
    while index < characters.count {
      let character = characters[index]
      index += 1
      if character == "\\", index < characters.count {
        let next = characters[index]
        index += 1
        result += escape(next, inClass: inClass)
        continue
      }
      if !inClass {
        if character == "(", characters[index...].starts(with: "?P<") {
          result += "(?<"
          index += 3
          continue
        }
        result.append(character)
        guard character == "[" else { continue }
        inClass = true
        if index < characters.count, characters[index] == "^" {
          result.append("^")
          index += 1
        }
        // A `]` first in the class is a literal.
        if index < characters.count, characters[index] == "]" {
          result += "\\]"
          index += 1
        }
        continue
      }
      switch character {
      case "]":
        inClass = false
        result.append(character)
      case "[":
        if let (set, end) = posixClass(characters, opening: index - 1) {
          result += set
          index = end
        } else {
          result += "\\["
        }
      default:
        result.append(character)
      }
    }
    return result
  }

  /// The ICU form of the escape `\` `next`.
  private static func escape(_ next: Character, inClass: Bool) -> String {
    let lower = Character(next.lowercased())
    if let set = members[lower] {
      return next != lower ? "[^\(set)]" : (inClass ? set : "[\(set)]")
    }
    if !inClass, next == "b" { return wordBoundary }
    if !inClass, next == "B" { return notWordBoundary }
    return "\\" + String(next)
  }

  /// The POSIX class `[:name:]` or `[:^name:]` opening at `opening` (a `[` inside a bracket
  /// expression): its ICU members (a nested negated set for `^`) and the index after it; nil
  /// when there is none there, or RE2 has no class of that name.
  private static func posixClass(_ characters: [Character], opening: Int) -> (String, Int)? {
    let start = opening + 1
    guard start < characters.count, characters[start] == ":",
      let close = (start + 1..<characters.count).first(where: { characters[$0] == "]" && characters[$0 - 1] == ":" })
    else { return nil }
    var name = String(characters[(start + 1)..<(close - 1)])
    let negated = name.hasPrefix("^")
    if negated { name.removeFirst() }
    guard let set = posixMembers[name] else { return nil }
    return (negated ? "[^\(set)]" : set, close + 1)
  }
}
