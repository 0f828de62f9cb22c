import Foundation
import Hummingbird

/// `GET /v1/files/{sha256}?expires=…&signature=…`: the bytes of a stored model, for signed,
/// unexpired URLs only, with `Content-Length`, `ETag` and single `Range` requests (resume).
struct FileRoutes: Sendable {
  let hub: HubContext
  let files = FileIO()

  func register(on router: Router<BasicRequestContext>) {
    router.get("/v1/files/{hash}", use: file)
  }

  @Sendable func file(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let hash = context.parameters.get("hash") ?? ""
    try hub.signer.check(
      hash: hash, expires: HTTPHelpers.query(request, "expires"), signature: HTTPHelpers.query(request, "signature"))
    guard ModelName.isHash(hash), let size = hub.store.blobs.size(of: hash), size > 0 else { throw HubError.fileNotFound }
    let etag = "\"\(hash)\""
    var headers: HTTPFields = [
      .eTag: etag, .acceptRanges: "bytes", .contentType: "application/octet-stream",
      .cacheControl: "private, max-age=31536000, immutable",
    ]
    if let ifNoneMatch = request.headers[.ifNoneMatch], HTTPHelpers.matches(ifNoneMatch: ifNoneMatch, hash: hash) {
      return Response(status: .notModified, headers: headers)
    }
    let path = hub.store.paths.blob(hash).path
    if let range = try ByteRange.parse(request.headers[.range], size: size),
       request.headers[.ifRange].map({ HTTPHelpers.matches(ifNoneMatch: $0, hash: hash) }) ?? true {
      headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
      let body = try await files.loadFile(path: path, range: range, context: context, chunkLength: hub.configuration.fileChunkBytes)
      return Response(status: .partialContent, headers: headers, body: body)
    }
    let body = try await files.loadFile(path: path, context: context, chunkLength: hub.configuration.fileChunkBytes)
    return Response(status: .ok, headers: headers, body: body)
  }
}

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
