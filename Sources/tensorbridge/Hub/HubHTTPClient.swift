import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ModelHubAPI

/// A small blocking client for the hub's admin API, used by the `hub` commands.
struct HubHTTPClient: Sendable {
  let base: URL
  let key: String

  /// Sends a request on `route` and decodes a JSON answer; hub errors become a `CLIFailure`
  /// with their code. A `name` parameter is checked against the hub's name rule first, so that
  /// nothing else lands in the URL.
  func send<T: Decodable & Sendable>(_ route: HubAPI.Route, _ parameters: [String: String] = [:],
                                     query: [URLQueryItem] = [], body: Data? = nil,
                                     contentType: String = "application/json", as type: T.Type) throws -> (T, Data) {
    if let name = parameters["name"], !HubName.isValid(name) {
      throw CLIFailure("'\(name)' is not a model name: use \(HubName.ruleDescription)")
    }
    let method = route.method, path = route.path(parameters)
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
    let finalRequest = request
    let (data, status) = try BlockingTask.run { () async throws -> (Data, Int) in
      let (data, response) = try await URLSession.shared.data(for: finalRequest)
      return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
    }
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

/// Runs async work from the synchronous command line and waits for it.
enum BlockingTask {
  static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
      do { box.set(.success(try await body())) } catch { box.set(.failure(error)) }
      done.signal()
    }
    done.wait()
    return try box.get()
  }

  /// Holds the result across threads; the lock makes the `Sendable` conformance honest.
  private final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<T, any Error>?
    func set(_ value: Result<T, any Error>) { lock.withLock { result = value } }
    func get() throws -> T {
      guard let result = lock.withLock({ result }) else { throw CLIFailure("the request did not finish") }
      return try result.get()
    }
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
