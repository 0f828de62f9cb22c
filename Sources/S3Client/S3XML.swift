/// The few elements this client reads from S3's XML answers. S3's answers are flat enough that
/// the text of the first `<Name>…</Name>` is all that is needed; entities are decoded.
enum S3XML {
  /// The text of the first element `name` in `xml`, or nil.
  static func firstValue(of name: String, in xml: String) -> String? {
    guard let open = xml.range(of: "<\(name)>"),
      let close = xml.range(of: "</\(name)>", range: open.upperBound..<xml.endIndex)
    else { return nil }
    return unescape(String(xml[open.upperBound..<close.lowerBound]))
  }

  /// The raw contents of every element `name` in `xml`, in order (for repeated entries such as
  /// ListObjectsV2's `<Contents>`).
  static func elements(_ name: String, in xml: String) -> [String] {
    var found: [String] = []
    var start = xml.startIndex
    while let open = xml.range(of: "<\(name)>", range: start..<xml.endIndex),
      let close = xml.range(of: "</\(name)>", range: open.upperBound..<xml.endIndex)
    {
      found.append(String(xml[open.upperBound..<close.lowerBound]))
      start = close.upperBound
    }
    return found
  }

  /// Escapes text for an element's content.
  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  static func unescape(_ text: String) -> String {
    text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#34;", with: "\"")
      .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
  }
}
