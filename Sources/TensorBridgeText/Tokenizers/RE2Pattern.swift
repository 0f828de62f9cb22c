/// Rewrites an RE2 pattern so that ICU reads it as RE2 does. RE2's `\w`, `\d`, `\s` (and their
/// negations) are ASCII-only even on UTF-8 text, while ICU's are Unicode; the TFLite Task
/// Library's regex tokenizer runs RE2. A `[` inside a bracket expression is a literal in RE2 but
/// opens a nested set in ICU, so it is escaped (POSIX classes such as `[:alpha:]` are kept).
enum RE2Pattern {
  /// RE2's Perl classes as ASCII sets (the members, without brackets).
  private static let members: [Character: String] = [
    "w": "0-9A-Za-z_", "d": "0-9", "s": #"\t\n\f\r "#,
  ]

  /// `pattern` with `\w \W \d \D \s \S` replaced by the equivalent ASCII sets, both outside
  /// and inside bracket expressions (inside, a negated class becomes a nested ICU set).
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
        let lower = Character(next.lowercased())
        if let set = members[lower] {
          let negated = next != lower
          result += negated ? "[^\(set)]" : (inClass ? set : "[\(set)]")
        } else {
          result.append(character)
          result.append(next)
        }
        continue
      }
      if !inClass {
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
        if index < characters.count, characters[index] == ":",
          let end = (index + 1..<characters.count).first(where: { characters[$0] == "]" && characters[$0 - 1] == ":" })
        {
          result += String(characters[(index - 1)...end])
          index = end + 1
        } else {
          result += "\\["
        }
      default:
        result.append(character)
      }
    }
    return result
  }
}
