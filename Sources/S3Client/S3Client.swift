import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A small S3 client: objects (put, streamed get, head, delete), multipart uploads and presigned
/// GET URLs against AWS S3 or any S3-compatible service (MinIO, R2, Ceph RGW, moto), every
/// request signed with ``SigV4Signer``.
public struct S3Client: Sendable {
  /// Where requests go.
  public let endpoint: S3Endpoint
  /// Signs every request.
  public let signer: SigV4Signer
  /// The transport (not shut down by this client).
  public let httpClient: HTTPClient
  /// How long one request (headers and body) may take.
  public var timeout: TimeAmount

  /// A client for `endpoint`, signing with `credentials` for `region`.
  public init(
    endpoint: S3Endpoint, region: String, credentials: S3Credentials, httpClient: HTTPClient = .shared,
    timeout: TimeAmount = .seconds(300)
  ) {
    self.endpoint = endpoint
    signer = SigV4Signer(credentials: credentials, region: region)
    self.httpClient = httpClient
    self.timeout = timeout
  }

  /// A request body: bytes in memory (hashed into the signature) or a stream of known length
  /// (signed with its SHA-256 when the caller knows it, else sent `UNSIGNED-PAYLOAD`).
  public enum Body: Sendable {
    /// Bytes, signed.
    case bytes(ByteBuffer)
    /// `length` bytes from `chunks`; `sha256` (lowercase hex) signs them, and the service
    /// rejects a body that does not match it.
    case stream(length: Int64, sha256: String?, chunks: AsyncThrowingStream<ByteBuffer, any Error>)

    /// No body.
    public static let empty = Body.bytes(ByteBuffer())
  }

  /// Sends a signed request and returns the response with its body unread. Error statuses are
  /// turned into ``S3Error/service(status:code:message:)`` (reading their small XML body).
  public func send(
    method: HTTPMethod, bucket: String, key: String, query: String? = nil, headers: [SigV4Signer.Header] = [],
    body: Body = .empty
  ) async throws(S3Error) -> HTTPClientResponse {
    let url = try endpoint.objectURL(bucket: bucket, key: key, query: query)
    var request = HTTPClientRequest(url: url.absoluteString)
    request.method = method
    let payload: SigV4Payload
    switch body {
    case .bytes(let buffer):
      payload = .sha256(SigV4Signer.hexSHA256(Data(buffer.readableBytesView)))
      if buffer.readableBytes > 0 || method == .PUT || method == .POST {
        request.body = .bytes(buffer)
      }
    case .stream(let length, let sha256, let chunks):
      payload = sha256.map { .sha256($0) } ?? .unsigned
      request.body = .stream(chunks, length: .known(length))
    }
    for header in signer.signHeaders(method: method.rawValue, url: url, headers: headers, payload: payload) {
      request.headers.add(name: header.name, value: header.value)
    }
    let response: HTTPClientResponse
    do {
      response = try await httpClient.execute(request, timeout: timeout)
    } catch {
      throw .transport("\(method.rawValue) \(url.absoluteString): \(error)")
    }
    guard (200..<300).contains(Int(response.status.code)) else {
      throw await Self.serviceError(response, method: method)
    }
    return response
  }

  /// Sends a request and reads its whole (small) body as text.
  func sendReadingText(
    method: HTTPMethod, bucket: String, key: String, query: String? = nil, headers: [SigV4Signer.Header] = [],
    body: Body = .empty
  ) async throws(S3Error) -> (HTTPClientResponse, String) {
    let response = try await send(method: method, bucket: bucket, key: key, query: query, headers: headers, body: body)
    do {
      let buffer = try await response.body.collect(upTo: 1 << 20)
      return (response, String(buffer: buffer))
    } catch {
      throw .transport("reading the answer to \(method.rawValue) \(bucket)/\(key): \(error)")
    }
  }

  static func serviceError(_ response: HTTPClientResponse, method: HTTPMethod) async -> S3Error {
    let status = Int(response.status.code)
    let text = (try? await response.body.collect(upTo: 1 << 16)).map { String(buffer: $0) } ?? ""
    let code = S3XML.firstValue(of: "Code", in: text) ?? response.status.reasonPhrase
    let message = S3XML.firstValue(of: "Message", in: text) ?? ""
    return .service(status: status, code: code, message: message)
  }
}
