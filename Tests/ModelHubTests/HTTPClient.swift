import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ModelHubAPI
import XCTest

/// A real HTTP answer.
struct HTTPAnswer: Sendable {
  let status: Int
  let headers: [String: String]
  let body: Data

  func header(_ name: String) -> String? {
    headers.first { $0.key.lowercased() == name.lowercased() }?.value
  }

  func decode<T: Decodable>(_ type: T.Type, file: StaticString = #filePath, line: UInt = #line) throws -> T {
    do { return try HubJSON.decoder().decode(T.self, from: body) } catch {
      XCTFail("cannot decode \(T.self) from \(status) \(String(decoding: body, as: UTF8.self)): \(error)", file: file, line: line)
      throw error
    }
  }

  /// The error body's code, or nil if the body is not an error body.
  var errorCode: String? { (try? HubJSON.decoder().decode(HubErrorBody.self, from: body))?.error.code }
}

/// URLSession without caches, cookies or redirects, against a hub on loopback.
struct HTTPClient: Sendable {
  let base: String
  private let session: URLSession

  init(base: String) {
    self.base = base
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpMaximumConnectionsPerHost = 8
    session = URLSession(configuration: configuration)
  }

  func send(_ method: String, _ path: String, key: String? = nil, headers: [String: String] = [:],
            body: Data? = nil, contentType: String? = nil) async throws -> HTTPAnswer {
    try await send(method, url: URL(string: path.hasPrefix("http") ? path : base + path)!, key: key, headers: headers,
                   body: body, contentType: contentType)
  }

  func send(_ method: String, url: URL, key: String? = nil, headers: [String: String] = [:], body: Data? = nil,
            contentType: String? = nil) async throws -> HTTPAnswer {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.timeoutInterval = 60
    if let key { request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization") }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    if let body {
      request.httpBody = body
      request.setValue(contentType ?? "application/octet-stream", forHTTPHeaderField: "Content-Type")
    }
    let (data, response) = try await session.data(for: request)
    let http = response as! HTTPURLResponse
    var fields: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String { fields[name] = value }
    }
    return HTTPAnswer(status: http.statusCode, headers: fields, body: data)
  }

  func json(_ method: String, _ path: String, key: String?, _ value: some Encodable) async throws -> HTTPAnswer {
    try await send(method, path, key: key, body: try HubJSON.encoder().encode(value), contentType: "application/json")
  }
}
