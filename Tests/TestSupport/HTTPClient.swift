import Foundation
import ModelHubAPI
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A real HTTP answer.
public struct HTTPAnswer: Sendable {
  /// The status code.
  public let status: Int
  /// The header fields, as URLSession reports them.
  public let headers: [String: String]
  /// The body.
  public let body: Data

  /// A header's value, by case-insensitive name.
  public func header(_ name: String) -> String? {
    headers.first { $0.key.lowercased() == name.lowercased() }?.value
  }

  /// The body decoded as a hub wire type; a failure fails the test with the body.
  public func decode<T: Decodable>(_ type: T.Type, file: StaticString = #filePath, line: UInt = #line) throws -> T {
    do { return try HubJSON.decoder().decode(T.self, from: body) } catch {
      XCTFail(
        "cannot decode \(T.self) from \(status) \(String(decoding: body, as: UTF8.self)): \(error)", file: file,
        line: line)
      throw error
    }
  }

  /// The error body's code, or nil if the body is not an error body.
  public var errorCode: String? { (try? HubJSON.decoder().decode(HubErrorBody.self, from: body))?.error.code }

  /// The error body's message, or "" if the body is not an error body.
  public var errorMessage: String {
    (try? HubJSON.decoder().decode(HubErrorBody.self, from: body))?.error.message ?? ""
  }

  /// The body as text, for messages.
  public var text: String { String(decoding: body.prefix(2000), as: UTF8.self) }
}

/// URLSession without caches, cookies or redirects, against a hub on loopback.
public struct HTTPClient: Sendable {
  /// `http://127.0.0.1:<port>`.
  public let base: String
  private let session: URLSession

  /// A client for the hub at `base`.
  public init(base: String) {
    self.base = base
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpMaximumConnectionsPerHost = 8
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    configuration.httpCookieStorage = nil
    session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
  }

  /// Sends a request to a path on the hub (or to a whole `http…` URL).
  public func send(
    _ method: String, _ path: String, key: String? = nil, headers: [String: String] = [:],
    body: Data? = nil, contentType: String? = nil
  ) async throws -> HTTPAnswer {
    guard let url = URL(string: path.hasPrefix("http") ? path : base + path) else {
      throw TestFailure("bad path \(path)")
    }
    return try await send(method, url: url, key: key, headers: headers, body: body, contentType: contentType)
  }

  /// Sends a request to `url`.
  public func send(
    _ method: String, url: URL, key: String? = nil, headers: [String: String] = [:], body: Data? = nil,
    contentType: String? = nil
  ) async throws -> HTTPAnswer {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.timeoutInterval = 300
    if let key { request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization") }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    if let body {
      request.httpBody = body
      request.setValue(contentType ?? "application/octet-stream", forHTTPHeaderField: "Content-Type")
    }
    let (data, response) = try await session.data(for: request)
    guard let http = response as? HTTPURLResponse else { throw TestFailure("not an HTTP response from \(url)") }
    var fields: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String { fields[name] = value }
    }
    return HTTPAnswer(status: http.statusCode, headers: fields, body: data)
  }

  /// Sends `value` as a JSON body.
  public func json(_ method: String, _ path: String, key: String?, _ value: some Encodable) async throws -> HTTPAnswer {
    try await send(method, path, key: key, body: try HubJSON.encoder().encode(value), contentType: "application/json")
  }

  // MARK: Admin shortcuts

  /// Creates `name` (if new) and uploads `data` as its next version.
  @discardableResult
  public func deploy(_ name: String, _ data: Data, key: String, publish: Bool = true) async throws -> HubModelVersion {
    let create = try await json("POST", HubAPI.createModel.path([:]), key: key, HubCreateModelRequest(name: name))
    guard create.status == 201 || create.status == 409 else {
      throw TestFailure("create \(name): \(create.status) \(create.text)")
    }
    let upload = try await send(
      "POST", HubAPI.uploadVersion.path(["name": name]) + (publish ? "?publish=true" : ""), key: key, body: data)
    guard upload.status == 201 else { throw TestFailure("upload \(name): \(upload.status) \(upload.text)") }
    return try HubJSON.decoder().decode(HubModelVersion.self, from: upload.body)
  }

  /// Sets a model's rollout.
  public func setRollout(_ name: String, _ rollout: HubRollout, key: String) async throws {
    let answer = try await json("PUT", HubAPI.setRollout.path(["name": name]), key: key, rollout)
    guard answer.status == 200 else { throw TestFailure("rollout \(name): \(answer.status) \(answer.text)") }
  }
}

/// Hands redirects back to the test (`307` with its `Location`, the console's `303`s) instead of
/// following them.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}
