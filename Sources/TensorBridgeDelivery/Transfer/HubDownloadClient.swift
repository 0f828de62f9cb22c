import Foundation
import ModelHubAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The client side of `GET /v1/models/{name}:download`: which version this installation should
/// have, or `304` when it already has it.
struct HubDownloadClient: Sendable {
  let configuration: ModelDownloaderConfiguration

  /// The answer: the version to fetch, or nil when the hub says the local hash is current.
  func downloadInfo(
    name: String, alias: String? = nil, installationID: String, localHash: String?,
    session: URLSession
  ) async throws -> HubDownloadInfo? {
    // A valid alias needs no escaping in a query.
    let query = alias.map { "?\(HubAPI.downloadAliasQuery)=\($0)" } ?? ""
    if let alias, !HubAliasName.isValid(alias) { throw ModelDownloaderError.invalidAlias(alias) }
    guard HubName.isValid(name), let url = hubURL(HubAPI.downloadModel.path(["name": name]) + query) else {
      throw ModelDownloaderError.invalidModelName(name)
    }
    var headers = [HubHeaders.installationID: installationID, HubHeaders.platform: configuration.platform]
    if let appVersion = configuration.appVersion { headers[HubHeaders.appVersion] = appVersion }
    if let localHash { headers["If-None-Match"] = "\"\(localHash)\"" }
    let (data, status) = try await get(url, model: name, headers: headers, session: session)
    switch status {
    case 200:
      let info: HubDownloadInfo
      do { info = try HubJSON.decoder().decode(HubDownloadInfo.self, from: data) } catch {
        throw ModelDownloaderError.invalidResponse(
          url: url.absoluteString, reason: "the body is not a download description (\(error))")
      }
      guard HubHash.isValid(info.modelHash) else {
        throw ModelDownloaderError.invalidResponse(
          url: url.absoluteString, reason: "modelHash '\(info.modelHash.prefix(80))' is not 64 lowercase hex digits")
      }
      guard info.sizeBytes > 0 else {
        throw ModelDownloaderError.invalidResponse(url: url.absoluteString, reason: "sizeBytes is \(info.sizeBytes)")
      }
      guard let fileURL = URL(string: info.downloadUri), fileURL.scheme == "http" || fileURL.scheme == "https" else {
        throw ModelDownloaderError.invalidResponse(
          url: url.absoluteString, reason: "downloadUri '\(info.downloadUri.prefix(200))' is not an http(s) URL")
      }
      return info
    case 304:
      guard localHash != nil else {
        throw ModelDownloaderError.invalidResponse(
          url: url.absoluteString, reason: "304 Not Modified without a local copy")
      }
      return nil
    default:
      let answer = HubErrorAnswer(status: status, data: data)
      switch (status, answer.code) {
      case (404, "NO_PUBLISHED_VERSION"): throw ModelDownloaderError.noPublishedVersion(name)
      // "NOT_FOUND" is what hubs before ROUTE_NOT_FOUND answered for an unknown model.
      case (404, "MODEL_NOT_FOUND"), (404, "NOT_FOUND"): throw ModelDownloaderError.modelNotFound(name)
      case (404, "ALIAS_NOT_FOUND"): throw ModelDownloaderError.aliasNotFound(model: name, alias: alias ?? "")
      // No such route (or not a hub at all): the hub URL is wrong, not the model name.
      case (404, _): throw ModelDownloaderError.hubEndpointNotFound(url: url.absoluteString, message: answer.message)
      case (400, "INVALID_NAME"): throw ModelDownloaderError.invalidModelName(name)
      default: throw answer.error(url: url)
      }
    }
  }
}
