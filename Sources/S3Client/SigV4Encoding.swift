import Foundation

/// The encodings Signature Version 4 is particular about: AWS's URI encoding (RFC 3986
/// unreserved characters kept, everything else `%XX` in upper case, `/` kept in paths only),
/// canonical query strings and canonical paths.
enum SigV4Encoding {
  /// Percent-encodes `text` (as UTF-8) keeping only `A–Z a–z 0–9 - . _ ~`, and `/` when
  /// `keepSlash`.
  static func uriEncode(_ text: String, keepSlash: Bool = false) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if isUnreserved(byte) || (keepSlash && byte == UInt8(ascii: "/")) {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        result += String(format: "%%%02X", byte)
      }
    }
    return result
  }

  /// Decodes `%XX` escapes (not `+`, which SigV4 keeps literal); malformed escapes stay as they are.
  static func percentDecode(_ text: String) -> String {
    guard text.contains("%") else { return text }
    var bytes: [UInt8] = []
    let utf8 = Array(text.utf8)
    var index = 0
    while index < utf8.count {
      if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
        let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
      {
        bytes.append(high << 4 | low)
        index += 3
      } else {
        bytes.append(utf8[index])
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Splits a raw query string (`a=1&b=&c`) into decoded name/value pairs, in order.
  static func parseQuery(_ query: String) -> [(name: String, value: String)] {
    guard !query.isEmpty else { return [] }
    return query.split(separator: "&", omittingEmptySubsequences: true).map { part in
      let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = percentDecode(String(pieces[0]))
      let value = pieces.count > 1 ? percentDecode(String(pieces[1])) : ""
      return (name, value)
    }
  }

  /// The canonical query string: each name and value URI-encoded, sorted by name then value,
  /// joined `name=value&…`.
  static func canonicalQuery(_ pairs: [(name: String, value: String)]) -> String {
    let encoded: [(String, String)] = pairs.map { (uriEncode($0.name), uriEncode($0.value)) }
    let sorted = encoded.sorted { (a: (String, String), b: (String, String)) -> Bool in
      a.0 == b.0 ? a.1 < b.1 : a.0 < b.0
    }
    return sorted.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
  }

  /// The canonical URI of a path as sent on the wire (already percent-encoded).
  ///
  /// S3 style (`normalize == false`): each segment is decoded and encoded again once, so the
  /// result is the path's one true encoding. Other services (`normalize == true`): `.` and `..`
  /// segments and repeated slashes are removed first, then the wire path is encoded again
  /// (AWS's double encoding).
  static func canonicalPath(_ wirePath: String, normalize: Bool) -> String {
    let path = wirePath.isEmpty ? "/" : wirePath
    guard normalize else {
      return path.split(separator: "/", omittingEmptySubsequences: false)
        .map { uriEncode(percentDecode(String($0))) }
        .joined(separator: "/")
    }
    var segments: [Substring] = []
    for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
      if segment == "." { continue }
      if segment == ".." {
        _ = segments.popLast()
        continue
      }
      segments.append(segment)
    }
    var normalized = "/" + segments.joined(separator: "/")
    if path.hasSuffix("/"), normalized != "/" { normalized += "/" }
    return uriEncode(normalized, keepSlash: true)
  }

  /// A header value as SigV4 canonicalizes it: trimmed, with runs of spaces collapsed to one.
  static func trimHeaderValue(_ value: String) -> String {
    value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
