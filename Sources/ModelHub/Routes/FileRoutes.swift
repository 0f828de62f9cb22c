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
struct FileRoutes: Sendable {
  let hub: HubContext
  let files = FileIO()

  func register(on router: Router<BasicRequestContext>) {
    router.get(RouterPath(HubAPI.getFile.routerPath), use: file)
    router.head(RouterPath(HubAPI.headFile.routerPath), use: file)
  }

  @Sendable func file(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let hash = context.parameters.get("hash") ?? ""
    try FileResponsePlan.checkURL(
      hash: hash, expires: HTTPHelpers.query(request, "expires"), signature: HTTPHelpers.query(request, "signature"),
      signer: hub.signer)
    let plan = try FileResponsePlan.make(
      hash: hash, size: hub.store.blobs.size(of: hash), method: request.method,
      ifNoneMatch: request.headers[.ifNoneMatch],
      range: request.headers[.range], ifRange: request.headers[.ifRange])
    guard request.method != .head, case .bytes(let range) = plan.body else {
      return Response(status: plan.status, headers: plan.headers)
    }
    let body = try await files.loadFile(
      path: hub.store.paths.blob(hash).path, range: range, context: context,
      chunkLength: hub.configuration.fileChunkBytes)
    return Response(status: plan.status, headers: plan.headers, body: body)
  }
}
