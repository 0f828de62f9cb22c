import HTTPTypes
import HummingbirdCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// A request head that ``DirectFileHandler`` may answer itself: `GET` or `HEAD` of
/// `/v1/files/{hash}`. The head is converted and its URL parsed exactly as on the way to the
/// router (`HTTP1ToHTTPServerCodec`, Hummingbird's `URI`), so both paths read the same values.
struct DirectFileRequest {
  /// The blob asked for (not yet checked).
  let hash: String
  /// `HEAD`: headers only.
  let isHead: Bool
  /// The `expires` query parameter.
  let expires: String?
  /// The `signature` query parameter.
  let signature: String?
  /// The request's header fields.
  let fields: HTTPFields
  /// The request's path and query, for logs.
  let uri: String
  /// The method, for logs.
  let method: String

  /// Nil for anything else (other methods or paths, or a head that does not convert).
  init?(_ head: HTTPRequestHead) {
    guard head.method == .GET || head.method == .HEAD, head.uri.hasPrefix("/v1/files/"),
      let request = try? HTTPRequest(head, secure: false, splitCookie: false)
    else { return nil }
    let uri = URI(head.uri)
    let segments = uri.path.split(separator: "/", omittingEmptySubsequences: false)
    guard segments.count == 4, segments[0].isEmpty, segments[1] == "v1", segments[2] == "files",
      !segments[3].isEmpty
    else { return nil }
    let query = uri.queryParameters
    hash = String(segments[3])
    isHead = head.method == .HEAD
    expires = query["expires"].map(String.init)
    signature = query["signature"].map(String.init)
    fields = request.headerFields
    self.uri = head.uri
    method = head.method.rawValue
  }
}
