import Foundation

/// Texts given one per line (a file or standard input), as the `classify-text` command reads them.
public enum TextLines {
  /// Splits UTF-8 bytes into lines (`\n` or `\r\n`; a final newline is optional; a byte-order
  /// mark is skipped).
  ///
  /// - Throws: ``TextError/invalidUTF8(source:line:)`` naming the first line that is not UTF-8.
  public static func parse(_ data: Data, source: String) throws(TextError) -> [String] {
    var lines: [String] = []
    for (offset, bytes) in Vocabulary.lines(data).enumerated() {
      guard let line = String(validating: bytes, as: UTF8.self) else {
        throw .invalidUTF8(source: source, line: offset + 1)
      }
      lines.append(line)
    }
    return lines
  }
}
