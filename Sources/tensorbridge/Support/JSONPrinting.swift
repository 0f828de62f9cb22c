import Foundation

extension JSONEncoder {
  /// Indented, with sorted keys and unescaped slashes (`inspect --json`, `classify-text --json`).
  static var pretty: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// Prints `value`, encoded by this encoder, on standard output.
  func printJSON<T: Encodable>(_ value: T) throws {
    print(String(decoding: try encode(value), as: UTF8.self))
  }
}
