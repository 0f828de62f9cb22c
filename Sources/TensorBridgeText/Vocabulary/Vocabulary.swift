import Foundation
import TensorBridge

/// A token ↔ id table, read from the two formats text models ship with.
///
/// - ``Format/wordIndex``: one `word index` pair per line, as TFLite Model Maker exports and the
///   book's sentiment app loads (`<PAD> 0`, `<START> 1`, `<UNKNOWN> 2`, `the 3`, …). The word and
///   the index are separated by spaces or tabs; the word itself holds no whitespace.
/// - ``Format/tokenList``: one token per line, its id being its 0-based line number (BERT's
///   `vocab.txt`). Spaces and tabs around a token are ignored, as BERT's `load_vocab` does.
///
/// Lines end with `\n` or `\r\n`; a final newline is optional; a UTF-8 byte-order mark is
/// skipped. Empty lines, malformed lines, duplicate words or indices, non-numeric indices and
/// invalid UTF-8 are errors that name the line.
public struct Vocabulary: Sendable, Equatable {
  /// The file formats.
  public enum Format: String, Sendable, Equatable, CaseIterable {
    /// `word index` per line.
    case wordIndex
    /// One token per line; the id is the line number − 1.
    case tokenList
  }

  /// Token → id.
  public let ids: [String: Int]
  /// The longest token in UTF-8 bytes (after removing a `##` prefix), to bound WordPiece's search.
  public let longestToken: Int

  /// A vocabulary from a token → id table.
  public init(ids: [String: Int]) {
    self.ids = ids
    longestToken = ids.keys.map { $0.hasPrefix("##") ? $0.utf8.count - 2 : $0.utf8.count }.max() ?? 0
  }

  /// The number of tokens.
  public var count: Int { ids.count }

  /// The id of `token`, if the vocabulary has it.
  public func id(for token: String) -> Int? { ids[token] }

  /// The id of a special token: the exact name, else the one token equal to it ignoring case
  /// (so `<PAD>` also finds the book's `<Pad>`).
  public func specialTokenID(named name: String) -> Int? {
    if let id = ids[name] { return id }
    let lowered = name.lowercased()
    let matches = ids.filter { $0.key.lowercased() == lowered }
    return matches.count == 1 ? matches.first?.value : nil
  }

  /// Reads a vocabulary file.
  public init(contentsOf url: URL, format: Format) throws(VocabularyError) {
    let data: Data
    do { data = try FileContents.read(url) } catch {
      throw .unreadable(file: url.lastPathComponent, reason: fileErrorReason(error))
    }
    try self.init(data: data, format: format, file: url.lastPathComponent)
  }

  /// Parses vocabulary bytes; `file` names them in errors.
  public init(data: Data, format: Format, file: String = "vocabulary") throws(VocabularyError) {
    var ids: [String: Int] = [:]
    var lineOfWord: [String: Int] = [:]
    var wordOfIndex: [Int: (word: String, line: Int)] = [:]
    let lines = Self.lines(data)
    for (offset, bytes) in lines.enumerated() {
      let number = offset + 1
      guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8(file: file, line: number) }
      let word: String
      let index: Int
      switch format {
      case .tokenList:
        word = text.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
        guard !word.isEmpty else { throw .emptyLine(file: file, line: number) }
        index = offset
      case .wordIndex:
        guard !text.isEmpty else { throw .emptyLine(file: file, line: number) }
        (word, index) = try Self.wordIndexLine(text, file: file, line: number)
      }
      if let first = lineOfWord[word] { throw .duplicateWord(file: file, line: number, word: word, firstLine: first) }
      if let first = wordOfIndex[index] {
        throw .duplicateIndex(
          file: file, line: number, index: index, word: word, firstWord: first.word, firstLine: first.line)
      }
      lineOfWord[word] = number
      wordOfIndex[index] = (word, number)
      ids[word] = index
    }
    guard !ids.isEmpty else { throw .empty(file: file) }
    self.init(ids: ids)
  }

  private static func wordIndexLine(_ text: String, file: String, line: Int) throws(VocabularyError) -> (String, Int) {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let last = text.lastIndex(where: isBlank) else {
      throw .malformedLine(file: file, line: line, text: text, reason: "has no index (expected \"word index\")")
    }
    let indexText = String(text[text.index(after: last)...])
    var wordEnd = last
    while wordEnd > text.startIndex, isBlank(text[text.index(before: wordEnd)]) {
      wordEnd = text.index(before: wordEnd)
    }
    let word = String(text[..<wordEnd])
    guard !word.isEmpty, !word.contains(where: isBlank) else {
      throw .malformedLine(
        file: file, line: line, text: text,
        reason: word.isEmpty
          ? "has no word (expected \"word index\")" : "has more than two fields (expected \"word index\")")
    }
    guard !indexText.isEmpty, indexText.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let index = Int(indexText),
      index <= Int(Int32.max)
    else {
      throw .invalidIndex(file: file, line: line, word: word, index: indexText)
    }
    return (word, index)
  }

  /// Lines of `data` as bytes: split on `\n`, `\r` before it removed, one final empty line and
  /// a leading byte-order mark dropped.
  static func lines(_ data: Data) -> [ArraySlice<UInt8>] {
    var bytes = [UInt8](data)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    return lines.map { $0.last == 0x0D ? $0.dropLast() : $0 }
  }
}
