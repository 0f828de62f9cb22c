import HTTPTypes
import ModelHubAPI

/// How a request for a stored file is answered: the checks on its signed URL, then status,
/// headers and which bytes. Both ways of sending the bytes use it — ``FileRoutes`` (streamed
/// through Hummingbird) and ``DirectFileHandler`` (a `FileRegion`, sendfile) — so they cannot
/// drift apart.
struct FileResponsePlan: Sendable, Equatable {
  /// What the body carries.
  enum Body: Sendable, Equatable {
    /// Nothing (`304 Not Modified`).
    case none
    /// These bytes of the blob, inclusive (the whole file is `0...size - 1`).
    case bytes(ClosedRange<Int>)
  }

  /// `200`, `206` or `304`.
  let status: HTTPResponse.Status
  /// `ETag`, `Accept-Ranges`, `Content-Type`, `Cache-Control`, and for a body `Content-Length`
  /// (and `Content-Range` for `206`).
  let headers: HTTPFields
  /// Which bytes to send.
  let body: Body

  /// Checks the URL of `GET /v1/files/{hash}?expires=…&signature=…`: signature first (so a
  /// forged URL learns nothing about which files exist), then the form of the hash.
  /// - Throws: ``HubError/downloadURLInvalid``, ``HubError/downloadURLExpired`` or
  ///   ``HubError/fileNotFound``.
  static func checkURL(hash: String, expires: String?, signature: String?, signer: DownloadSigner) throws(HubError) {
    try signer.check(hash: hash, expires: expires, signature: signature)
    guard HubHash.isValid(hash) else { throw .fileNotFound }
  }

  /// The answer for blob `hash` of `size` bytes (nil when it is not stored) to a `GET` or `HEAD`
  /// carrying these `If-None-Match`, `Range` and `If-Range` headers, in RFC 9110's order
  /// (§13.2.2): `If-None-Match` first (`304`); then the range, which applies only to `GET`
  /// (§14.2) and only when ``IfRange/allowsRange(_:hash:)`` holds (§13.1.5) — a range that does
  /// not apply is never evaluated, so it can never be answered `416`; then the whole file.
  /// - Throws: ``HubError/fileNotFound`` for a missing or empty blob,
  ///   ``HubError/rangeNotSatisfiable(size:)`` for an applicable range past the end.
  static func make(
    hash: String, size: Int64?, method: HTTPRequest.Method, ifNoneMatch: String?, range: String?,
    ifRange: String?
  ) throws(HubError) -> FileResponsePlan {
    guard let size, size > 0 else { throw .fileNotFound }
    var headers: HTTPFields = [
      .eTag: "\"\(hash)\"", .acceptRanges: "bytes", .contentType: "application/octet-stream",
      .cacheControl: "private, max-age=31536000, immutable",
    ]
    if let ifNoneMatch, HTTPHelpers.matches(ifNoneMatch: ifNoneMatch, hash: hash) {
      return FileResponsePlan(status: .notModified, headers: headers, body: .none)
    }
    if method == .get, IfRange.allowsRange(ifRange, hash: hash), let range = try ByteRange.parse(range, size: size) {
      headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
      headers[.contentLength] = "\(range.count)"
      return FileResponsePlan(status: .partialContent, headers: headers, body: .bytes(range))
    }
    headers[.contentLength] = "\(size)"
    return FileResponsePlan(status: .ok, headers: headers, body: .bytes(0...Int(size - 1)))
  }
}
