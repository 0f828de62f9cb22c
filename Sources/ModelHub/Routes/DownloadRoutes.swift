import Foundation
import Hummingbird
import ModelHubAPI

/// The client API: `GET /v1/models/{name}:download` picks this installation's version and answers
/// `304` if the client has it, else a signed, expiring `downloadUri`. With `?alias=ALIAS` it is the
/// version the alias names (rollout bypassed). Answered from the in-memory serving state only.
struct DownloadRoutes: Sendable {
  let hub: HubContext

  func download(name: String, request: Request) async throws -> Response {
    let snapshot = try await hub.authenticator.authenticate(.client, request)
    try HubName.check(name)
    let client = RolloutAssigner.Client(
      // An empty or blank id is no id: such clients get the rollout's stable choice.
      installationID: try HTTPHelpers.header(request, HubHeaders.installationID)
        .flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 },
      platform: try HTTPHelpers.header(request, HubHeaders.platform),
      appVersion: try HTTPHelpers.header(request, HubHeaders.appVersion))
    guard let state = snapshot.models[name] else { throw HubError.modelNotFound(name) }
    let chosen: (version: Int, assignment: HubAssignment)?
    if let alias = HTTPHelpers.query(request, HubAPI.downloadAliasQuery) {
      try HubStore.checkAlias(alias)
      guard let number = state.aliases[alias] else { throw HubError.aliasNotFound(model: name, alias: alias) }
      chosen = (number, HubAssignment(reason: .alias))
    } else {
      chosen = RolloutAssigner.assign(
        model: name, rollout: state.rollout, published: Set(state.published.keys), client: client)
    }
    guard let picked = chosen, let version = state.published[picked.version] else {
      throw HubError.noPublishedVersion(name)
    }
    let (number, assignment) = (picked.version, picked.assignment)
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
