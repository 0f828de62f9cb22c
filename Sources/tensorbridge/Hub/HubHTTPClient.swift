import Foundation
import ModelHubAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A small client for the hub's admin API, used by the `hub` commands.
struct HubHTTPClient: Sendable {
  let base: URL
  let key: String

  /// Sends a request on `route` and decodes a JSON answer; hub errors become a `CLIFailure`
  /// with their code. A `name` parameter is checked against the hub's name rule first, so that
  /// nothing else lands in the URL.
  func send<T: Decodable & Sendable>(
    _ route: HubAPI.Route, _ parameters: [String: String] = [:],
    query: [URLQueryItem] = [], body: Data? = nil,
    contentType: String = "application/json", as type: T.Type
  ) async throws -> (T, Data) {
    if let name = parameters["name"], !HubName.isValid(name) {
      throw CLIFailure("'\(name)' is not a model name: use \(HubName.ruleDescription)")
    }
    let method = route.method
    let path = route.path(parameters)
    guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
      throw CLIFailure("cannot build a URL for \(path)")
    }
    let basePath = components.percentEncodedPath.trimmingSuffix("/")
    components.percentEncodedPath = basePath + path
    if !query.isEmpty { components.queryItems = query }
    guard let url = components.url else { throw CLIFailure("cannot build a URL for \(path)") }
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization")
    request.timeoutInterval = 600
    if let body {
      request.httpBody = body
      request.setValue(contentType, forHTTPHeaderField: "Content-Type")
    }
    let (data, response) = try await URLSession.shared.data(for: request)
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    guard (200..<300).contains(status) else {
      if let failure = try? HubJSON.decoder().decode(HubErrorBody.self, from: data) {
        throw CLIFailure("hub answered \(status) \(failure.error.code): \(failure.error.message)")
      }
      throw CLIFailure("hub answered \(status): \(String(decoding: data.prefix(300), as: UTF8.self))")
    }
    do { return (try HubJSON.decoder().decode(T.self, from: data), data) } catch {
      throw CLIFailure("unexpected answer from the hub: \(error)")
    }
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
