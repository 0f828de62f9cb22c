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
    var base = configuration.hubURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    // A valid alias needs no escaping in a query.
    let query = alias.map { "?\(HubAPI.downloadAliasQuery)=\($0)" } ?? ""
    if let alias, !HubAliasName.isValid(alias) { throw ModelDownloaderError.invalidAlias(alias) }
    guard HubName.isValid(name), let url = URL(string: base + HubAPI.downloadModel.path(["name": name]) + query) else {
      throw ModelDownloaderError.invalidModelName(name)
    }
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.setValue("Bearer \(configuration.clientKey)", forHTTPHeaderField: "Authorization")
    request.setValue(installationID, forHTTPHeaderField: HubHeaders.installationID)
    request.setValue(configuration.platform, forHTTPHeaderField: HubHeaders.platform)
    if let appVersion = configuration.appVersion {
      request.setValue(appVersion, forHTTPHeaderField: HubHeaders.appVersion)
    }
    if let localHash { request.setValue("\"\(localHash)\"", forHTTPHeaderField: "If-None-Match") }
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let data: Data
    let response: URLResponse
    do { (data, response) = try await session.data(for: request) } catch {
      if error is CancellationError || (error as? URLError)?.code == .cancelled {
        throw ModelDownloaderError.cancelled(model: name)
      }
      throw ModelDownloaderError.network(url: url.absoluteString, reason: FileTransfer.reason(error), attempts: 1)
    }
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
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
      let body = try? HubJSON.decoder().decode(HubErrorBody.self, from: data)
      let message = body?.error.message ?? String(decoding: data.prefix(200), as: UTF8.self)
      switch (status, body?.error.code) {
      case (404, "NO_PUBLISHED_VERSION"): throw ModelDownloaderError.noPublishedVersion(name)
      // "NOT_FOUND" is what hubs before ROUTE_NOT_FOUND answered for an unknown model.
      case (404, "MODEL_NOT_FOUND"), (404, "NOT_FOUND"): throw ModelDownloaderError.modelNotFound(name)
      case (404, "ALIAS_NOT_FOUND"): throw ModelDownloaderError.aliasNotFound(model: name, alias: alias ?? "")
      // No such route (or not a hub at all): the hub URL is wrong, not the model name.
      case (404, _): throw ModelDownloaderError.hubEndpointNotFound(url: url.absoluteString, message: message)
      case (400, "INVALID_NAME"): throw ModelDownloaderError.invalidModelName(name)
      case (401, _), (403, _): throw ModelDownloaderError.unauthorized(status: status, message: message)
      default:
        throw ModelDownloaderError.httpStatus(
          url: url.absoluteString, status: status, code: body?.error.code, message: message)
      }
    }
  }
}
