import Foundation
import Hummingbird
import ModelHubAPI

/// `GET /v1/files/{sha256}?expires=…&signature=…`: the bytes of a stored model, for signed,
/// unexpired URLs only, with `Content-Length`, `ETag` and single `Range` requests (resume);
/// `HEAD` answers the same headers without the bytes. (``SignedFileMiddleware`` has checked the
/// URL already, for every method; it is checked again here so the route stands on its own.)
///
/// Valid requests for stored files are normally answered before they reach the router, by
/// ``DirectFileHandler`` (sendfile); this route answers the rest — every error (as JSON) and any
/// request the direct path passed on (a file request pipelined behind another request still in
/// progress) — streaming the file in `fileChunkBytes` pieces. Both follow ``FileResponsePlan``.
/// Blobs in S3 are always answered here: redirected to a presigned GET or streamed, by
/// configuration (``S3BlobConfiguration/downloads``).
struct FileRoutes: Sendable {
  let hub: HubContext
  let files = FileIO()

  func register(on router: Router<BasicRequestContext>) {
    router.on(HubAPI.getFile, use: file)
    router.on(HubAPI.headFile, use: file)
  }

  @Sendable private func file(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let hash = context.parameters.get("hash") ?? ""
    try FileResponsePlan.checkURL(
      hash: hash, expires: HTTPHelpers.query(request, "expires"), signature: HTTPHelpers.query(request, "signature"),
      signer: hub.signer)
    guard let local = hub.store.local else { return try await remoteFile(hash, request: request) }
    return try await answer(request, hash: hash, size: local.size(of: hash)) { range in
      try await files.loadFile(
        path: local.paths.blob(hash).path, range: range, context: context,
        chunkLength: hub.configuration.fileChunkBytes)
    }
  }

  /// A blob outside the data folder (S3), once the signed URL has been checked: `307` to a
  /// presigned GET when the storage answers downloads with a redirect (S3 then answers `Range`
  /// and `If-None-Match` itself), else the same ``FileResponsePlan`` as the local path with the
  /// bytes streamed from the storage. A redirect does not first ask whether the object exists
  /// (that would cost the round trip the redirect saves): for a missing blob S3 answers `404`.
  private func remoteFile(_ hash: String, request: Request) async throws -> Response {
    if let url = try await hub.store.blobs.directURL(for: hash) {
      // The client has it (S3's own ETag is not the hash, so this is answered here).
      if let ifNoneMatch = request.headers[.ifNoneMatch], HTTPHelpers.matches(ifNoneMatch: ifNoneMatch, hash: hash) {
        return Response(status: .notModified, headers: [.eTag: "\"\(hash)\"", .cacheControl: "no-store"])
      }
      return Response(status: .temporaryRedirect, headers: [.location: url.absoluteString, .cacheControl: "no-store"])
    }
    return try await answer(request, hash: hash, size: try await hub.store.blobs.blobSize(hash)) { range in
      let body = try await hub.store.blobs.read(hash, range: Int64(range.lowerBound)...Int64(range.upperBound))
      return ResponseBody(asyncSequence: body.chunks)
    }
  }

  /// Answers `request` for blob `hash` of `size` bytes (nil when it is not stored) as
  /// ``FileResponsePlan`` says, with the planned bytes from `read` when the answer carries any.
  private func answer(
    _ request: Request, hash: String, size: Int64?, read: (ClosedRange<Int>) async throws -> ResponseBody
  ) async throws -> Response {
    let plan = try FileResponsePlan.make(
      hash: hash, size: size, method: request.method, ifNoneMatch: request.headers[.ifNoneMatch],
      range: request.headers[.range], ifRange: request.headers[.ifRange])
    guard request.method != .head, case .bytes(let range) = plan.body else {
      return Response(status: plan.status, headers: plan.headers)
    }
    return Response(status: plan.status, headers: plan.headers, body: try await read(range))
  }
}
