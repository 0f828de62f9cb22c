import Foundation
import Hummingbird
import ModelHubAPI

/// Everything the hub answers with an error status. Each case becomes a JSON body
/// `{"error": {"code": ..., "message": ...}}` with the matching HTTP status.
public enum HubError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A model name that does not match `^[A-Za-z0-9_-]{1,60}$`.
  case invalidName(String)
  /// A request field or parameter is out of range or malformed.
  case invalidArgument(String)
  /// The request body is not the JSON the endpoint expects.
  case invalidJSON(String)
  /// A body was required but none was sent.
  case emptyBody
  /// No or an unknown API key.
  case unauthenticated(String)
  /// The key is valid but its scope does not allow this endpoint.
  case permissionDenied(required: HubKeyScope)
  /// A change made with a console session cookie without the session's CSRF token.
  case csrfTokenInvalid
  /// No model with this name.
  case modelNotFound(String)
  /// The model has no such version.
  case versionNotFound(model: String, version: Int)
  /// The version has no signature (it was not published while the hub had a signing key).
  case signatureNotFound(model: String, version: Int)
  /// The model has no published version to serve.
  case noPublishedVersion(String)
  /// The model has no alias with this name.
  case aliasNotFound(model: String, alias: String)
  /// No route for this method and path.
  case routeNotFound(method: String, path: String)
  /// The path exists but not for this method (`allowed` lists the methods it takes).
  case methodNotAllowed(method: String, allowed: [String])
  /// No API key with this id.
  case keyNotFound(String)
  /// No stored file with this hash.
  case fileNotFound
  /// A model with this name exists already.
  case alreadyExists(String)
  /// The request conflicts with the current state (e.g. unpublishing a version in a rollout).
  case failedPrecondition(String)
  /// `If-Match` named an older etag.
  case etagMismatch(current: String)
  /// The body is larger than the configured limit.
  case payloadTooLarge(limit: Int64)
  /// The upload is not a valid TensorFlow Lite model (the verifier's reason).
  case invalidModel(String)
  /// The full load in a child process failed, crashed or timed out.
  case modelRejected(String)
  /// The signed download URL has expired.
  case downloadURLExpired
  /// The download URL's signature does not match.
  case downloadURLInvalid
  /// The `Range` header cannot be satisfied for a file of this size.
  case rangeNotSatisfiable(size: Int64)
  /// A failure of the server itself.
  case internalError(String)

  /// The HTTP status this error is answered with.
  public var status: HTTPResponse.Status {
    switch self {
    case .invalidName, .invalidArgument, .invalidJSON, .emptyBody: .badRequest
    case .unauthenticated: .unauthorized
    case .permissionDenied, .csrfTokenInvalid, .downloadURLExpired, .downloadURLInvalid: .forbidden
    case .modelNotFound, .versionNotFound, .signatureNotFound, .noPublishedVersion, .aliasNotFound, .routeNotFound,
      .fileNotFound, .keyNotFound:
      .notFound
    case .alreadyExists, .failedPrecondition: .conflict
    case .etagMismatch: .preconditionFailed
    case .payloadTooLarge: .contentTooLarge
    case .invalidModel, .modelRejected: .unprocessableContent
    case .rangeNotSatisfiable: .rangeNotSatisfiable
    case .methodNotAllowed: .methodNotAllowed
    case .internalError: .internalServerError
    }
  }

  /// The stable machine-readable code.
  public var code: String {
    switch self {
    case .invalidName: "INVALID_NAME"
    case .invalidArgument: "INVALID_ARGUMENT"
    case .invalidJSON: "INVALID_JSON"
    case .emptyBody: "EMPTY_BODY"
    case .unauthenticated: "UNAUTHENTICATED"
    case .permissionDenied: "PERMISSION_DENIED"
    case .csrfTokenInvalid: "CSRF_TOKEN_INVALID"
    // Distinct codes, so that a wrong hub URL (no route) never reads as an unknown model.
    case .modelNotFound: "MODEL_NOT_FOUND"
    case .versionNotFound: "VERSION_NOT_FOUND"
    case .signatureNotFound: "SIGNATURE_NOT_FOUND"
    case .routeNotFound: "ROUTE_NOT_FOUND"
    case .fileNotFound: "FILE_NOT_FOUND"
    case .noPublishedVersion: "NO_PUBLISHED_VERSION"
    case .aliasNotFound: "ALIAS_NOT_FOUND"
    case .keyNotFound: "KEY_NOT_FOUND"
    case .alreadyExists: "ALREADY_EXISTS"
    case .failedPrecondition: "FAILED_PRECONDITION"
    case .etagMismatch: "ETAG_MISMATCH"
    case .payloadTooLarge: "PAYLOAD_TOO_LARGE"
    case .invalidModel: "INVALID_MODEL"
    case .modelRejected: "MODEL_REJECTED"
    case .downloadURLExpired: "URL_EXPIRED"
    case .downloadURLInvalid: "INVALID_SIGNATURE"
    case .rangeNotSatisfiable: "RANGE_NOT_SATISFIABLE"
    case .methodNotAllowed: "METHOD_NOT_ALLOWED"
    case .internalError: "INTERNAL"
    }
  }

  /// A sentence saying what went wrong.
  public var description: String {
    switch self {
    case .invalidName(let name):
      "Model name '\(name.prefix(80))' is not valid: use \(HubName.ruleDescription)."
    case .invalidArgument(let message): message
    case .invalidJSON(let message): "The request body is not valid JSON for this endpoint: \(message)"
    case .emptyBody: "The request body is empty."
    case .unauthenticated(let message): message
    case .permissionDenied(let required): "This endpoint needs a key with the '\(required.rawValue)' scope."
    case .csrfTokenInvalid:
      "A change made with a console session must carry the session's CSRF token (X-CSRF-Token); reload the page."
    case .modelNotFound(let name): "No model named '\(name)'."
    case .versionNotFound(let model, let version): "Model '\(model)' has no version \(version)."
    case .signatureNotFound(let model, let version):
      "Version \(version) of '\(model)' is not signed (it was not published while the hub had a signing key)."
    case .noPublishedVersion(let name): "Model '\(name)' has no published version."
    case .aliasNotFound(let model, let alias): "Model '\(model)' has no alias '\(alias.prefix(40))'."
    case .routeNotFound(let method, let path): "No route for \(method) \(path.prefix(200))."
    case .methodNotAllowed(let method, let allowed):
      "\(method.prefix(40)) is not allowed here; use \(allowed.joined(separator: " or "))."
    case .keyNotFound(let id): "No API key with id '\(id.prefix(80))'."
    case .fileNotFound: "No such file."
    case .alreadyExists(let name): "A model named '\(name)' already exists."
    case .failedPrecondition(let message): message
    case .etagMismatch(let current): "The model changed: its etag is now '\(current)'."
    case .payloadTooLarge(let limit): "The body is larger than the limit of \(limit) bytes."
    case .invalidModel(let reason): "The upload is not a valid TensorFlow Lite model: \(reason)"
    case .modelRejected(let reason): "The model failed the load check: \(reason)"
    case .downloadURLExpired: "The download URL has expired; ask :download for a new one."
    case .downloadURLInvalid: "The download URL's signature is not valid."
    case .rangeNotSatisfiable(let size): "The requested range is outside the file (\(size) bytes)."
    case .internalError(let message): "Internal error: \(message)"
    }
  }

  /// The wire form of this error.
  public var body: HubErrorBody { HubErrorBody(code: code, message: description) }
}

extension HubError: HTTPResponseError {
  /// The JSON error response.
  public func response(from request: Request, context: some RequestContext) throws -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "application/json; charset=utf-8"
    switch self {
    case .unauthenticated: headers[.wwwAuthenticate] = "Bearer"
    case .rangeNotSatisfiable(let size): headers[.contentRange] = "bytes */\(size)"
    case .methodNotAllowed(_, let allowed): headers[.allow] = allowed.joined(separator: ", ")
    default: break
    }
    let data = (try? HubJSON.encoder().encode(body)) ?? Data("{}".utf8)
    return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }
}
