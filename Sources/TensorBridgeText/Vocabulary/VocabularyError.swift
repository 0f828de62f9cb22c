/// Why a vocabulary file could not be read. Every case names the file and, where there is
/// one, the 1-based line.
public enum VocabularyError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file could not be read at all.
  case unreadable(file: String, reason: String)
  /// A line is not valid UTF-8.
  case invalidUTF8(file: String, line: Int)
  /// A line is empty (only a final newline may end the file).
  case emptyLine(file: String, line: Int)
  /// A line does not have the expected form (`word index`, or one token).
  case malformedLine(file: String, line: Int, text: String, reason: String)
  /// A word-index line whose index is not a whole number from 0 to 2³¹ − 1.
  case invalidIndex(file: String, line: Int, word: String, index: String)
  /// The same word appears twice.
  case duplicateWord(file: String, line: Int, word: String, firstLine: Int)
  /// Two words have the same index.
  case duplicateIndex(file: String, line: Int, index: Int, word: String, firstWord: String, firstLine: Int)
  /// The file holds no tokens.
  case empty(file: String)

  /// The error as a sentence.
  public var description: String {
    switch self {
    case .unreadable(let file, let reason):
      return "The vocabulary \(file) cannot be read: \(reason)."
    case .invalidUTF8(let file, let line):
      return "Line \(line) of the vocabulary \(file) is not valid UTF-8."
    case .emptyLine(let file, let line):
      return "Line \(line) of the vocabulary \(file) is empty."
    case .malformedLine(let file, let line, let text, let reason):
      return "Line \(line) of the vocabulary \(file) (\"\(text.prefix(60))\") \(reason)."
    case .invalidIndex(let file, let line, let word, let index):
      return
        "Line \(line) of the vocabulary \(file) gives \"\(word)\" the index \"\(index.prefix(30))\", which is not a whole number from 0 to 2147483647."
    case .duplicateWord(let file, let line, let word, let firstLine):
      return "Line \(line) of the vocabulary \(file) repeats \"\(word)\", already on line \(firstLine)."
    case .duplicateIndex(let file, let line, let index, let word, let firstWord, let firstLine):
      return
        "Line \(line) of the vocabulary \(file) gives \"\(word)\" the index \(index), which \"\(firstWord)\" already has on line \(firstLine)."
    case .empty(let file):
      return "The vocabulary \(file) holds no tokens."
    }
  }
}
