import Foundation

/// A single `Range: bytes=…` request.
enum ByteRange {
  /// The inclusive range asked for, or nil to send the whole file (no header, several ranges,
  /// or a malformed header, which RFC 9110 says to ignore).
  /// - Throws: ``HubError/rangeNotSatisfiable(size:)`` when the range starts past the end.
  static func parse(_ header: String?, size: Int64) throws(HubError) -> ClosedRange<Int>? {
    guard let header, header.hasPrefix("bytes="), !header.contains(",") else { return nil }
    let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
    guard let dash = spec.firstIndex(of: "-") else { return nil }
    let first = spec[..<dash], last = spec[spec.index(after: dash)...]
    let end = size - 1
    if first.isEmpty {
      guard let suffix = Int64(last), suffix >= 0 else { return nil }
      guard suffix > 0 else { throw .rangeNotSatisfiable(size: size) }
      return Int(max(0, size - suffix))...Int(end)
    }
    guard let start = Int64(first), start >= 0 else { return nil }
    let stop: Int64
    if last.isEmpty { stop = end } else {
      guard let value = Int64(last), value >= start else { return nil }
      stop = min(value, end)
    }
    guard start <= end else { throw .rangeNotSatisfiable(size: size) }
    return Int(start)...Int(stop)
  }
}
