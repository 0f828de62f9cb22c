/// A single `Range: bytes=…` request, read by the grammar of RFC 9110 §14.1.2:
/// `bytes=first-last`, `bytes=first-` or `bytes=-suffix`, each position one or more ASCII digits.
/// The unit is compared case-insensitively. Anything else — signs, spaces inside a range,
/// `last < first`, several ranges — is not a range this hub serves and is ignored (§14.2: a
/// server may ignore `Range`), so the whole file is sent.
enum ByteRange {
  /// The inclusive range asked for, or nil to send the whole file (no header, several ranges,
  /// or a header that does not follow the grammar).
  /// - Throws: ``HubError/rangeNotSatisfiable(size:)`` when the range starts at or past the end
  ///   of the file, or asks for an empty suffix (`bytes=-0`).
  static func parse(_ header: String?, size: Int64) throws(HubError) -> ClosedRange<Int>? {
    guard let header, let equals = header.firstIndex(of: "="),
      header[..<equals].lowercased() == "bytes"
    else { return nil }
    let spec = header[header.index(after: equals)...]
    guard let dash = spec.firstIndex(of: "-") else { return nil }
    let first = spec[..<dash]
    let last = spec[spec.index(after: dash)...]
    let end = size - 1
    if first.isEmpty {
      guard isDigits(last) else { return nil }
      // A suffix longer than Int64 asks for the whole file.
      let suffix = Int64(last) ?? Int64.max
      guard suffix > 0 else { throw .rangeNotSatisfiable(size: size) }
      return Int(max(0, size - suffix))...Int(end)
    }
    guard isDigits(first), last.isEmpty || isDigits(last) else { return nil }
    // A first position too large for Int64 is past the end of any file.
    guard let start = Int64(first) else { throw .rangeNotSatisfiable(size: size) }
    var stop = end
    if !last.isEmpty {
      let value = Int64(last) ?? Int64.max
      guard value >= start else { return nil }
      stop = min(value, end)
    }
    guard start <= end else { throw .rangeNotSatisfiable(size: size) }
    return Int(start)...Int(stop)
  }

  /// One or more ASCII digits and nothing else (Swift's `Int64("+5")` accepts a sign).
  private static func isDigits(_ text: Substring) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { (48...57).contains($0) }
  }
}
