import Foundation
import TensorBridgeText

/// The texts `classify-text` and `tokenize` work on.
enum TextInput {
  /// `text` alone, or else every line of `file`, or else (no `file`, or `-`) every line of
  /// standard input.
  /// - Throws: ``CLIFailure`` when the file cannot be read or its lines are not text.
  static func texts(_ text: String?, file: String?) throws(CLIFailure) -> [String] {
    if let text { return [text] }
    let data: Data
    let source: String
    if let file, file != "-" {
      data = try CLIFailure.read("text file", at: file)
      source = file
    } else {
      data = FileHandle.standardInput.readDataToEndOfFile()
      source = "standard input"
    }
    do { return try TextLines.parse(data, source: source) } catch { throw CLIFailure(error) }
  }
}
