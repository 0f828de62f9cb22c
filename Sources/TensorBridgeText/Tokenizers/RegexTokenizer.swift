import Foundation

/// Splits text with a delimiter regular expression, as TFLite Model Maker's `RegexTokenizer`
/// metadata describes (`[^\w\']+` for its average-word-embedding models).
///
/// The text is lowercased first (when ``lowercase`` is set), split at every match of the
/// delimiter, and empty pieces are dropped. Two dialects (``Syntax``):
///
/// - ``Syntax/re2`` — the TFLite Task Library's (its C++ `RegexTokenizer` runs RE2): `\w`, `\d`
///   and `\s` are ASCII classes (`[0-9A-Za-z_]`, `[0-9]`, `[\t\n\f\r ]`), so `é` or `’` is a
///   delimiter under `[^\w\']+`. Perl classes are rewritten to those ASCII sets and the pattern
///   runs on ICU; Model Maker's delimiter is matched by a native scanner. Not translated:
///   `\b`/`\B` and POSIX classes such as `[[:alpha:]]` (ICU's are Unicode, RE2's ASCII).
/// - ``Syntax/icu`` — ICU's own (NSRegularExpression), Unicode-aware. Where ICU's `\w` differs
///   from Python's `re` (used by Model Maker to train): ICU's also matches marks (M*) and the
///   joiners U+200C/U+200D, and does not match other numbers (No, e.g. `½`).
public struct RegexTokenizer: TextTokenizer {
  /// Model Maker's delimiter.
  public static let modelMakerDelimiter = #"[^\w\']+"#

  /// The delimiter pattern.
  public let delimiter: String
  /// Whether text is lowercased before splitting.
  public let lowercase: Bool
  /// The regex dialect the delimiter is read in.
  public let syntax: Syntax
  private let regex: CompiledRegex

  /// The regex dialects a delimiter can be written in.
  public enum Syntax: String, Sendable, Equatable, CaseIterable {
    /// RE2's, as the TFLite Task Library runs it: ASCII `\w`, `\d`, `\s`.
    case re2
    /// ICU's (NSRegularExpression): Unicode `\w`, `\d`, `\s`.
    case icu
  }

  /// Compiles the delimiter.
  ///
  /// - Parameters:
  ///   - delimiter: The pattern of the text between tokens.
  ///   - lowercase: Whether text is lowercased (Unicode, code point by code point) first.
  ///   - syntax: The dialect of `delimiter` (default ICU; TFLite metadata models use RE2).
  /// - Throws: ``TextError/invalidDelimiter(pattern:reason:)``.
  public init(
    delimiter: String = RegexTokenizer.modelMakerDelimiter, lowercase: Bool = true, syntax: Syntax = .icu
  ) throws(TextError) {
    self.delimiter = delimiter
    self.lowercase = lowercase
    self.syntax = syntax
    let pattern = syntax == .re2 ? RE2Pattern.asciiClasses(delimiter) : delimiter
    do { regex = CompiledRegex(try NSRegularExpression(pattern: pattern)) } catch {
      throw .invalidDelimiter(pattern: delimiter, reason: (error as NSError).localizedDescription)
    }
  }

  /// The non-empty pieces between delimiter matches, lowercased first when ``lowercase`` is set.
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
    if delimiter == Self.modelMakerDelimiter { return Self.modelMakerPieces(input, asciiWords: syntax == .re2) }
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

extension RegexTokenizer {
  /// Model Maker's `[^\w\']+` without the regex engine: the pieces are the maximal runs of
  /// word characters and apostrophes — exactly what splitting on the delimiter leaves. Word
  /// characters are RE2's ASCII `[0-9A-Za-z_]` when `asciiWords` is set, else ICU's
  /// (`\p{Alphabetic}`, marks, `\p{Nd}`, `\p{Pc}`, U+200C, U+200D; tested up to Unicode 15.1).
  static func modelMakerPieces(_ text: String, asciiWords: Bool = false) -> [String] {
    var text = text
    return text.withUTF8 { bytes in
      var pieces: [String] = []
      var start = -1
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        let length: Int
        let isWord: Bool
        if byte < 0x80 {
          (length, isWord) = (
            1, TextUnicode.asciiClass[Int(byte)] == TextUnicode.alphanumeric || byte == 0x5F || byte == 0x27
          )
        } else {
          let (scalar, size) = TextUnicode.decode(bytes, at: index)
          length = size
          isWord = !asciiWords && isICUWordCharacter(scalar)
        }
        if isWord {
          if start < 0 { start = index }
        } else if start >= 0 {
          pieces.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
          start = -1
        }
        index += length
      }
      if start >= 0 { pieces.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)) }
      return pieces
    }
  }

  /// ICU's `\w`: Alphabetic, Mark, Decimal_Number, Connector_Punctuation, Join_Control.
  static func isICUWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    if properties.isAlphabetic || properties.isJoinControl { return true }
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
    default: return false
    }
  }
}

/// A compiled regular expression. `NSRegularExpression` is immutable and documented as safe to
/// use from several threads at once.
private final class CompiledRegex: @unchecked Sendable {
  let value: NSRegularExpression
  init(_ value: NSRegularExpression) { self.value = value }
}

extension RegexTokenizer: Equatable {
  /// Tokenizers are equal when their delimiter, lowercasing and syntax are.
  public static func == (lhs: RegexTokenizer, rhs: RegexTokenizer) -> Bool {
    lhs.delimiter == rhs.delimiter && lhs.lowercase == rhs.lowercase && lhs.syntax == rhs.syntax
  }
}
