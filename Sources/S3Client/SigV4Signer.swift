import Crypto
import Foundation

/// What a signed request says about its body, as `x-amz-content-sha256` (S3) and the last line
/// of the canonical request.
public enum SigV4Payload: Sendable, Equatable {
  /// The body is not covered by the signature (`UNSIGNED-PAYLOAD`): streamed uploads.
  case unsigned
  /// The body's SHA-256, lowercase hex (the empty body's for requests without one).
  case sha256(String)

  /// The payload of an empty body.
  public static let empty = SigV4Payload.sha256(SigV4Signer.hexSHA256(Data()))

  /// The payload of `body`, hashed.
  public static func bytes(_ body: some DataProtocol) -> SigV4Payload { .sha256(SigV4Signer.hexSHA256(body)) }

  /// The value that goes into the canonical request and `x-amz-content-sha256`.
  public var hashValue: String {
    switch self {
    case .unsigned: "UNSIGNED-PAYLOAD"
    case .sha256(let hex): hex
    }
  }
}

/// AWS Signature Version 4 (`AWS4-HMAC-SHA256`): signs requests in the `Authorization` header
/// and makes presigned URLs (query authentication), for S3 and, with `service` and
/// `normalizesPath`, any SigV4 service.
public struct SigV4Signer: Sendable {
  /// The credentials signing keys are derived from.
  public var credentials: S3Credentials
  /// The region in the credential scope (`us-east-1` for most S3-compatible services).
  public var region: String
  /// The service in the credential scope: `s3`.
  public var service: String
  /// Whether paths are normalized and encoded twice (every service but S3) or encoded once (S3).
  public var normalizesPath: Bool
  /// Whether `x-amz-content-sha256` is added to header-signed requests (S3 requires it).
  public var sendsContentSHA256: Bool

  /// A signer for `service` (default S3: paths encoded once, `x-amz-content-sha256` sent).
  public init(credentials: S3Credentials, region: String, service: String = "s3") {
    self.credentials = credentials
    self.region = region
    self.service = service
    normalizesPath = service != "s3"
    sendsContentSHA256 = service == "s3"
  }

  /// A header name and value, in request order.
  public typealias Header = (name: String, value: String)

  /// The canonical request of `method` on `url` with `headers` (which must already hold `host`
  /// and `x-amz-date`, as signed) and `payload`, and the signed-headers list.
  public func canonicalRequest(
    method: String, url: URL, headers: [Header], payload: SigV4Payload
  ) -> (request: String, signedHeaders: String) {
    let path = SigV4Encoding.canonicalPath(url.path(percentEncoded: true), normalize: normalizesPath)
    let query = SigV4Encoding.canonicalQuery(SigV4Encoding.parseQuery(url.query(percentEncoded: true) ?? ""))
    var grouped: [String: [String]] = [:]
    var order: [String] = []
    for header in headers {
      let name = header.name.lowercased()
      if grouped[name] == nil { order.append(name) }
      grouped[name, default: []].append(SigV4Encoding.trimHeaderValue(header.value))
    }
    let names = order.sorted()
    let canonicalHeaders = names.map { "\($0):\(grouped[$0, default: []].joined(separator: ","))\n" }.joined()
    let signed = names.joined(separator: ";")
    let request = [method.uppercased(), path, query, canonicalHeaders, signed, payload.hashValue]
      .joined(separator: "\n")
    return (request, signed)
  }

  /// The `Authorization` header value for a request whose headers are final (`host` and
  /// `x-amz-date` among them).
  public func authorization(
    method: String, url: URL, headers: [Header], payload: SigV4Payload, date: Date
  ) -> String {
    let (request, signedHeaders) = canonicalRequest(method: method, url: url, headers: headers, payload: payload)
    let signature = signature(canonicalRequest: request, date: date)
    return "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope(date)), "
      + "SignedHeaders=\(signedHeaders), Signature=\(signature)"
  }

  /// Signs a request in headers: returns `headers` with `host`, `x-amz-date`,
  /// `x-amz-content-sha256` (S3), `x-amz-security-token` (temporary credentials) and
  /// `authorization` added, in that order after the caller's.
  public func signHeaders(
    method: String, url: URL, headers: [Header] = [], payload: SigV4Payload, date: Date = Date()
  ) -> [Header] {
    var all = headers
    all.append(("host", Self.hostHeader(url)))
    all.append(("x-amz-date", Self.timestamp(date)))
    if sendsContentSHA256 { all.append(("x-amz-content-sha256", payload.hashValue)) }
    if let token = credentials.sessionToken { all.append(("x-amz-security-token", token)) }
    all.append(("authorization", authorization(method: method, url: url, headers: all, payload: payload, date: date)))
    return all
  }

  /// A presigned URL for `method` on `url`, valid `expires` seconds from `date` (S3 accepts 1 to
  /// 604800). Only `host` is signed and the payload is `UNSIGNED-PAYLOAD`; the authentication
  /// parameters follow the URL's own, in the order boto3 writes them.
  public func presignedURL(method: String = "GET", url: URL, expires: Int, date: Date = Date()) -> URL? {
    var auth: [(String, String)] = [
      ("X-Amz-Algorithm", "AWS4-HMAC-SHA256"),
      ("X-Amz-Credential", "\(credentials.accessKeyID)/\(scope(date))"),
      ("X-Amz-Date", Self.timestamp(date)),
      ("X-Amz-Expires", String(expires)),
      ("X-Amz-SignedHeaders", "host"),
    ]
    if let token = credentials.sessionToken { auth.append(("X-Amz-Security-Token", token)) }
    // The URL's own parameters are written again the way boto3 writes them (`uploads` becomes
    // `uploads=`), which signs the same.
    let ownPairs = SigV4Encoding.parseQuery(url.query(percentEncoded: true) ?? "")
    let ownQuery =
      ownPairs.isEmpty
      ? nil
      : ownPairs.map { "\(SigV4Encoding.uriEncode($0.name))=\(SigV4Encoding.uriEncode($0.value))" }.joined(
        separator: "&")
    let authQuery = auth.map { "\($0.0)=\(SigV4Encoding.uriEncode($0.1))" }.joined(separator: "&")
    let query = [ownQuery, authQuery].compactMap { $0 }.joined(separator: "&")
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
    components.percentEncodedQuery = query
    guard let unsigned = components.url else { return nil }
    let (request, _) = canonicalRequest(
      method: method, url: unsigned, headers: [("host", Self.hostHeader(url))], payload: .unsigned)
    components.percentEncodedQuery = query + "&X-Amz-Signature=" + signature(canonicalRequest: request, date: date)
    return components.url
  }

  /// The lowercase hex signature of a canonical request made at `date`.
  public func signature(canonicalRequest: String, date: Date) -> String {
    let stringToSign = [
      "AWS4-HMAC-SHA256", Self.timestamp(date), scope(date), Self.hexSHA256(Data(canonicalRequest.utf8)),
    ].joined(separator: "\n")
    let code = HMAC<SHA256>.authenticationCode(for: Data(stringToSign.utf8), using: signingKey(date))
    return Self.hex(code)
  }

  /// `yyyyMMdd/region/service/aws4_request`.
  public func scope(_ date: Date) -> String {
    "\(Self.timestamp(date).prefix(8))/\(region)/\(service)/aws4_request"
  }

  /// The derived key: HMAC chain over date, region, service and `aws4_request`.
  func signingKey(_ date: Date) -> SymmetricKey {
    let day = String(Self.timestamp(date).prefix(8))
    var key = SymmetricKey(data: Data("AWS4\(credentials.secretAccessKey)".utf8))
    for part in [day, region, service, "aws4_request"] {
      key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
    }
    return key
  }

  /// `yyyyMMdd'T'HHmmss'Z'` in UTC.
  public static func timestamp(_ date: Date) -> String {
    let c = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .current, from: date)
    return String(
      format: "%04d%02d%02dT%02d%02d%02dZ", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0,
      c.second ?? 0)
  }

  /// The `Host` header for `url`: host, and the port unless it is the scheme's default.
  public static func hostHeader(_ url: URL) -> String {
    let host = url.host(percentEncoded: false) ?? ""
    guard let port = url.port else { return host }
    let isDefault = (url.scheme == "http" && port == 80) || (url.scheme == "https" && port == 443)
    return isDefault ? host : "\(host):\(port)"
  }

  /// Lowercase hex SHA-256 of `data`.
  public static func hexSHA256(_ data: some DataProtocol) -> String { hex(SHA256.hash(data: data)) }

  static func hex(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}
