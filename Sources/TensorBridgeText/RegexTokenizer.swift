import Foundation

/// Splits text with a delimiter regular expression, as TFLite Model Maker's `RegexTokenizer`
/// metadata describes (`[^\w\']+` for its average-word-embedding models).
///
/// The text is lowercased first (when ``lowercase`` is set; Model Maker lowercases training text
/// and writes lowercase vocabularies), split at every match of the delimiter, and empty pieces
/// are dropped. The regex is ICU's (NSRegularExpression). Where ICU's `\w` differs from Python's
/// `re` (used by Model Maker): ICU's also matches marks (M*) and the joiners U+200C/U+200D, and
/// does not match other numbers (No, e.g. `½`).
public struct RegexTokenizer: TextTokenizer {
  /// Model Maker's delimiter.
  public static let modelMakerDelimiter = #"[^\w\']+"#

  /// The delimiter pattern.
  public let delimiter: String
  /// Whether text is lowercased before splitting.
  public let lowercase: Bool
  private let regex: CompiledRegex

  /// Compiles the delimiter.
  ///
  /// - Throws: ``TextError/invalidDelimiter(pattern:reason:)``.
  public init(delimiter: String = RegexTokenizer.modelMakerDelimiter, lowercase: Bool = true) throws(TextError) {
    self.delimiter = delimiter
    self.lowercase = lowercase
    do { regex = CompiledRegex(try NSRegularExpression(pattern: delimiter)) } catch {
      throw .invalidDelimiter(pattern: delimiter, reason: (error as NSError).localizedDescription)
    }
  }

  public func tokenize(_ text: String) -> [String] {
    let input: String
    if lowercase {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(text.utf8.count)
      for scalar in text.unicodeScalars { TextUnicode.appendLowercase(scalar, to: &bytes) }
      input = String(decoding: bytes, as: UTF8.self)
    } else {
      input = text
    }
    // Matches are UTF-16 ranges; pieces are cut from the scalar view, because slicing a String
    // itself rounds to Character (grapheme) boundaries, which a delimiter may split.
    let utf16 = input.utf16
    let scalars = input.unicodeScalars
    var pieces: [String] = []
    var start = 0
    func piece(_ from: Int, _ to: Int) {
      guard from < to,
            let lower = utf16.index(utf16.startIndex, offsetBy: from, limitedBy: utf16.endIndex)?.samePosition(in: scalars),
            let upper = utf16.index(utf16.startIndex, offsetBy: to, limitedBy: utf16.endIndex)?.samePosition(in: scalars)
      else { return }
      pieces.append(String(scalars[lower..<upper]))
    }
    for match in regex.value.matches(in: input, range: NSRange(location: 0, length: utf16.count)) {
      piece(start, match.range.location)
      start = max(start, match.range.location + match.range.length)
    }
    piece(start, utf16.count)
    return pieces
  }
}

/// A compiled regular expression. `NSRegularExpression` is immutable and documented as safe to
/// use from several threads at once.
private final class CompiledRegex: @unchecked Sendable {
  let value: NSRegularExpression
  init(_ value: NSRegularExpression) { self.value = value }
}

extension RegexTokenizer: Equatable {
  public static func == (lhs: RegexTokenizer, rhs: RegexTokenizer) -> Bool {
    lhs.delimiter == rhs.delimiter && lhs.lowercase == rhs.lowercase
  }
}
