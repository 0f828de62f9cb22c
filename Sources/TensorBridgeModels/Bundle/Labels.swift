import Foundation

/// Reading labels files: one label per line.
public enum Labels {
  /// Splits on any newline (`\n`, `\r\n`, `\r`) and drops one trailing empty line, so a file
  /// ending in a newline does not produce an empty last label. Empty lines elsewhere are kept
  /// (their position is a class index).
  ///
  /// - Throws: ``ModelBundleError/unreadable(path:reason:)`` for bytes that are not UTF-8.
  public static func parse(_ data: Data, file: String) throws(ModelBundleError) -> [String] {
    guard let text = String(data: data, encoding: .utf8) else {
      throw .unreadable(path: file, reason: "the labels file is not UTF-8 text")
    }
    var lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = String(first.dropFirst()) }
    return lines
  }
}
