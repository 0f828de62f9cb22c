import Foundation
import ModelHubAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What every call of the client to the hub shares: the URL under the configured hub, the GET
/// authorized with the client key, and the transport's failures as ``ModelDownloaderError``s.
extension HubDownloadClient {
  /// `path` (with its query) under the configured hub URL, its trailing slashes dropped; nil when
  /// they make no URL.
  func hubURL(_ path: String) -> URL? {
    var base = configuration.hubURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    return URL(string: base + path)
  }

  /// Sends a GET of `url` for model `name`, authorized with the client key, accepting JSON, with
  /// `headers` besides; returns the body and the HTTP status (0 when the answer is not HTTP).
  ///
  /// - Throws: ``ModelDownloaderError/cancelled(model:)`` when the task or the request was
  ///   cancelled, ``ModelDownloaderError/network(url:reason:attempts:)`` when the hub could not
  ///   be reached or the connection broke.
  func get(_ url: URL, model name: String, headers: [String: String] = [:], session: URLSession)
    async throws(ModelDownloaderError) -> (data: Data, status: Int)
  {
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.setValue("Bearer \(configuration.clientKey)", forHTTPHeaderField: "Authorization")
    for (field, value) in headers { request.setValue(value, forHTTPHeaderField: field) }
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let data: Data
    let response: URLResponse
    do { (data, response) = try await session.data(for: request) } catch {
      if error is CancellationError || (error as? URLError)?.code == .cancelled {
        throw .cancelled(model: name)
      }
      throw .network(url: url.absoluteString, reason: FileTransfer.reason(error), attempts: 1)
    }
    return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
  }
}
