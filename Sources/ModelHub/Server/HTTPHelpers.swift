import Foundation
import Hummingbird
import ModelHubAPI

/// Small pieces of HTTP handling the routes share.
enum HTTPHelpers {
  /// The largest JSON request body accepted by default (``HubLimits/jsonBodyBytes``).
  static let maxJSONBytes = HubLimits.jsonBodyBytes

  /// A JSON response.
  static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws
    -> Response
  {
    var headers = headers
    headers[.contentType] = "application/json; charset=utf-8"
    let data = try HubJSON.encoder().encode(value)
    return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }

  /// Decodes a JSON body of at most `limit` bytes (default ``maxJSONBytes``).
  static func decode<T: Decodable>(_ type: T.Type, from request: Request, limit: Int = maxJSONBytes) async throws -> T {
    var request = request
    let buffer: ByteBuffer
    do { buffer = try await request.collectBody(upTo: limit) } catch {
      throw HubError.payloadTooLarge(limit: Int64(limit))
    }
    guard buffer.readableBytes > 0 else { throw HubError.emptyBody }
    do {
      return try HubJSON.decoder().decode(T.self, from: Data(buffer.readableBytesView))
    } catch let error as DecodingError {
      throw HubError.invalidJSON(describe(error))
    } catch {
      throw HubError.invalidJSON("\(error)")
    }
  }

  /// A decoding error as a short sentence naming the key path.
  static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
      return keys.isEmpty ? "the body" : "'\(keys.joined(separator: "."))'"
    }
    switch error {
    case .typeMismatch(let type, let context): return "\(path(context)) should be of type \(type)."
    case .valueNotFound(_, let context): return "\(path(context)) is missing a value."
    case .keyNotFound(let key, let context): return "\(path(context)) needs the key '\(key.stringValue)'."
    case .dataCorrupted(let context): return "\(path(context)): \(context.debugDescription)"
    @unknown default: return "\(error)"
    }
  }

  /// Whether an `If-None-Match` header names `hash` (quoted or not, weak or strong) or is `*`.
  ///
  /// An ASCII header (every real one) is read byte by byte — this runs on every version check;
  /// any other goes through Foundation's trimming, whose whitespace set is wider. Both give the
  /// same answer for ASCII, where that set is space and tab.
  static func matches(ifNoneMatch header: String, hash: String) -> Bool {
    var header = header
    return header.withUTF8 { bytes in
      guard bytes.allSatisfy({ $0 < 0x80 }) else {
        return matchesUnicode(ifNoneMatch: String(decoding: bytes, as: UTF8.self), hash: hash)
      }
      var hash = hash
      return hash.withUTF8 { hash in
        bytes.split(separator: UInt8(ascii: ",")).contains { item in
          var tag = item.drop { $0 == 0x20 || $0 == 0x09 }
          while let last = tag.last, last == 0x20 || last == 0x09 { tag = tag.dropLast() }
          if tag.elementsEqual("*".utf8) { return true }
          if tag.starts(with: "W/".utf8) { tag = tag.dropFirst(2) }
          tag = tag.drop { $0 == UInt8(ascii: "\"") }
          while tag.last == UInt8(ascii: "\"") { tag = tag.dropLast() }
          return tag.elementsEqual(hash)
        }
      }
    }
  }

  /// Whether two strings are the same bytes (not Swift's `==`, which is canonical equivalence:
  /// a KELVIN SIGN equals a K there). Compares the contiguous UTF-8 storage when both have it.
  static func sameBytes(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    let contiguous = a.utf8.withContiguousStorageIfAvailable { x in
      b.utf8.withContiguousStorageIfAvailable { y in x.elementsEqual(y) }
    }
    if let contiguous, let equal = contiguous { return equal }
    return a.utf8.elementsEqual(b.utf8)
  }

  /// ``matches(ifNoneMatch:hash:)`` for a header that is not ASCII (and the reference the
  /// byte-wise reading is tested against).
  static func matchesUnicode(ifNoneMatch header: String, hash: String) -> Bool {
    header.split(separator: ",").contains { item in
      var tag = item.trimmingCharacters(in: .whitespaces)
      if tag == "*" { return true }
      if tag.hasPrefix("W/") { tag.removeFirst(2) }
      return tag.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) == hash
    }
  }

  /// Splits a `{name}` path segment into the model name and an optional `:verb`.
  static func nameAndVerb(_ context: some RequestContext, _ key: String = "name") throws(HubError) -> (String, String?)
  {
    guard let segment = context.parameters.get(key) else { throw .invalidName("") }
    let decoded = segment.removingPercentEncoding ?? segment
    if let colon = decoded.firstIndex(of: ":") {
      return (String(decoded[..<colon]), String(decoded[decoded.index(after: colon)...]))
    }
    return (decoded, nil)
  }

  /// The `{name}` path parameter of a route that takes no verb there: a checked model name.
  /// - Throws: ``HubError/invalidName(_:)`` for a `name:verb` segment or an invalid name.
  static func modelName(_ context: some RequestContext) throws(HubError) -> String {
    let (name, verb) = try nameAndVerb(context)
    guard verb == nil else { throw .invalidName(name + ":" + (verb ?? "")) }
    try HubName.check(name)
    return name
  }

  /// The number a `{version}` path segment (without its verb) names: 1 or more.
  static func versionNumber(_ text: String) throws(HubError) -> Int {
    guard let number = Int(text), number >= 1 else {
      throw .invalidArgument("Version '\(text.prefix(40))' is not a version number.")
    }
    return number
  }

  /// A query parameter.
  static func query(_ request: Request, _ key: String) -> String? {
    request.uri.queryParameters.get(key)
  }

  /// An optional boolean query parameter (`true`/`false`/`1`/`0`).
  static func bool(_ request: Request, _ key: String) throws(HubError) -> Bool {
    guard let text = query(request, key) else { return false }
    switch text.lowercased() {
    case "true", "1", "": return true
    case "false", "0": return false
    default: throw .invalidArgument("'\(key)' must be true or false.")
    }
  }

  /// A header value, limited to ``HubLimits/headerBytes`` bytes.
  static func header(_ request: Request, _ name: String) throws(HubError) -> String? {
    try header(request.headers, name)
  }

  /// A header field of `fields`, limited to ``HubLimits/headerBytes`` bytes; empty is none.
  static func header(_ fields: HTTPFields, _ name: String) throws(HubError) -> String? {
    let lowercased = name.lowercased()
    guard let value = fields.first(where: { $0.name.canonicalName == lowercased })?.value else { return nil }
    guard value.utf8.count <= HubLimits.headerBytes else {
      throw .invalidArgument("The \(name) header is longer than the limit of \(HubLimits.headerBytes) bytes.")
    }
    return value.isEmpty ? nil : value
  }
}
