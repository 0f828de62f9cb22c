import Foundation

/// Splits text with a delimiter regular expression, as TFLite Model Maker's `RegexTokenizer`
/// metadata describes (`[^\w\']+` for its average-word-embedding models).
///
/// The text is lowercased first (when ``lowercase`` is set; Model Maker lowercases training text
/// and writes lowercase vocabularies), split at every match of the delimiter, and empty pieces
/// are dropped. The regex is ICU's (NSRegularExpression): its `\w` also matches combining marks,
/// which Python's `re` does not.
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
    let whole = NSRange(input.startIndex..<input.endIndex, in: input)
    var pieces: [String] = []
    var start = input.startIndex
    for match in regex.value.matches(in: input, range: whole) {
      guard let range = Range(match.range, in: input) else { continue }
      if start < range.lowerBound { pieces.append(String(input[start..<range.lowerBound])) }
      start = max(start, range.upperBound)
    }
    if start < input.endIndex { pieces.append(String(input[start...])) }
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
