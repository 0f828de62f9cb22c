import Foundation

/// Splits text with a delimiter regular expression, as TFLite Model Maker's `RegexTokenizer`
/// metadata describes (`[^\w\']+` for its average-word-embedding models).
///
/// The text is lowercased first (when ``lowercase`` is set; Model Maker lowercases training text
/// and writes lowercase vocabularies), split at every match of the delimiter, and empty pieces
/// are dropped. The regex is ICU's (NSRegularExpression); Model Maker's own delimiter is matched
/// by an equivalent scanner without the regex engine (tests check they agree). Where ICU's `\w` differs from Python's
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
    if delimiter == Self.modelMakerDelimiter { return Self.modelMakerPieces(input) }
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
  /// ICU word characters (`\p{Alphabetic}`, marks, `\p{Nd}`, `\p{Pc}`, U+200C, U+200D) and
  /// apostrophes — exactly what splitting on the delimiter leaves, for every code point that
  /// both the Swift standard library and Foundation's ICU know (tested up to Unicode 15.1).
  static func modelMakerPieces(_ text: String) -> [String] {
    var text = text
    return text.withUTF8 { bytes in
      var pieces: [String] = []
      var start = -1
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        let length: Int, isWord: Bool
        if byte < 0x80 {
          (length, isWord) = (1, TextUnicode.asciiClass[Int(byte)] == TextUnicode.alphanumeric || byte == 0x5F || byte == 0x27)
        } else {
          let (scalar, size) = TextUnicode.decode(bytes, at: index)
          length = size
          isWord = isICUWordCharacter(scalar)
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
  /// Tokenizers are equal when their delimiter and lowercasing are.
  public static func == (lhs: RegexTokenizer, rhs: RegexTokenizer) -> Bool {
    lhs.delimiter == rhs.delimiter && lhs.lowercase == rhs.lowercase
  }
}
