import Hummingbird

/// Checks the signed URL of every request for `/v1/files/{hash}`, whatever its method, before
/// the router looks for a route: an expired or forged URL is refused (403) for `HEAD`, `POST`,
/// `OPTIONS` or any other method exactly as for `GET`. A correctly signed URL with a method other
/// than `GET`/`HEAD` is answered `405` with `Allow: GET, HEAD`. ``DirectFileHandler`` makes the
/// same check on the sendfile path (through ``FileResponsePlan/checkURL(hash:expires:signature:signer:)``).
struct SignedFileMiddleware: RouterMiddleware {
  typealias Context = BasicRequestContext
  let signer: DownloadSigner

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    let segments = request.uri.path.split(separator: "/", omittingEmptySubsequences: false)
    guard segments.count == 4, segments[0].isEmpty, segments[1] == "v1", segments[2] == "files", !segments[3].isEmpty
    else { return try await next(request, context) }
    try FileResponsePlan.checkURL(
      hash: String(segments[3]), expires: HTTPHelpers.query(request, "expires"),
      signature: HTTPHelpers.query(request, "signature"), signer: signer)
    guard request.method == .get || request.method == .head else {
      throw HubError.methodNotAllowed(method: request.method.rawValue, allowed: ["GET", "HEAD"])
    }
    return try await next(request, context)
  }
}
