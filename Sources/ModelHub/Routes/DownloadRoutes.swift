import Foundation
import Hummingbird
import ModelHubAPI

/// The client API: `GET /v1/models/{name}:download` picks this installation's version and answers
/// `304` if the client has it, else a signed, expiring `downloadUri`. With `?alias=ALIAS` it is the
/// version the alias names (rollout bypassed). Answered from the in-memory serving state only.
/// Most `304`s never get here: ``VersionCheckAnswerer`` answers them on the connection, with the
/// same decision (``VersionCheck``); this handler answers everything else, errors included.
struct DownloadRoutes: Sendable {
  let hub: HubContext

  func download(name: String, request: Request) async throws -> Response {
    let snapshot = try await hub.authenticator.authenticate(.client, request)
    try HubName.check(name)
    let client = try VersionCheck.client { (field) throws(HubError) in try HTTPHelpers.header(request, field) }
    let alias = HTTPHelpers.query(request, HubAPI.downloadAliasQuery)
    let decision = try VersionCheck.decide(.init(model: name, alias: alias, client: client), in: snapshot)
    let (number, version, assignment) = (decision.number, decision.version, decision.assignment)
    let etag = "\"\(version.modelHash)\""
    if let ifNoneMatch = request.headers[.ifNoneMatch],
      HTTPHelpers.matches(ifNoneMatch: ifNoneMatch, hash: version.modelHash)
    {
      return Response(status: .notModified, headers: [.eTag: etag, .cacheControl: "no-cache"])
    }
    let expires = Date().addingTimeInterval(hub.configuration.downloadURLLifetime)
    let base =
      hub.configuration.publicURL
      ?? "http://\(request.head.authority ?? "\(hub.configuration.host):\(hub.configuration.port)")"
    let info = HubDownloadInfo(
      downloadUri: base + hub.signer.path(hash: version.modelHash, expires: expires),
      expireTime: expires, sizeBytes: version.sizeBytes, modelHash: version.modelHash, version: number,
      assignment: assignment)
    hub.countDownload(model: name, version: number)
    return try HTTPHelpers.json(info, headers: [.eTag: etag, .cacheControl: "no-cache"])
  }
}
