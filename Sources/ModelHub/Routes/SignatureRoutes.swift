import Foundation
import Hummingbird
import ModelHubAPI

/// `GET /v1/models/{name}/versions/{version}/signature`: a version's OpenSSF model-signing bundle.
struct SignatureRoutes: Sendable {
  let hub: HubContext

  func register(on router: Router<BasicRequestContext>) {
    router.on(HubAPI.getVersionSignature, checkedBy: hub.authenticator, use: get)
  }

  @Sendable private func get(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let (name, nameVerb) = try HTTPHelpers.nameAndVerb(context)
    let (text, verb) = try HTTPHelpers.nameAndVerb(context, "version")
    guard nameVerb == nil, verb == nil else { throw HubError.routeNotFound(method: "GET", path: request.uri.path) }
    try HubName.check(name)
    let number = try HTTPHelpers.versionNumber(text)
    let bundle = try await hub.store.signature(name, number)
    var headers = HTTPFields()
    headers[.contentType] = "application/json"
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bundle)))
  }
}

extension HubContext {
  /// What signs versions published now (nil when the hub has no signing key).
  /// - Throws: ``HubError/failedPrecondition(_:)`` when the hub has a signing key it cannot open.
  func releaseSigner() async throws -> HubReleaseSigner? {
    do {
      return try await store.releaseSigner(configuration.signingCredentials)
    } catch let error as HubSigningError {
      logger.error("cannot sign", metadata: ["error": "\(error)"])
      throw HubError.failedPrecondition(error.description)
    }
  }
}
