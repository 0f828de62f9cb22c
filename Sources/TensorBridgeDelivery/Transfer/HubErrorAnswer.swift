import Foundation
import ModelHubAPI

/// A hub's answer other than the one a call hoped for: the status, and the error body's code and
/// message (the body's first 200 bytes when it is not a hub error body).
struct HubErrorAnswer: Sendable {
  /// The HTTP status.
  let status: Int
  /// The error body's code (`MODEL_NOT_FOUND`, …), nil when the body is not a hub error body.
  let code: String?
  /// The error body's message, or the start of the body.
  let message: String

  /// Reads the answer `status` with body `data`.
  init(status: Int, data: Data) {
    let body = try? HubJSON.decoder().decode(HubErrorBody.self, from: data)
    self.status = status
    code = body?.error.code
    message = body?.error.message ?? String(decoding: data.prefix(200), as: UTF8.self)
  }

  /// The error for an answer the call has no more precise error for: the client key refused on
  /// 401 and 403, else an unexpected status of `url`.
  func error(url: URL) -> ModelDownloaderError {
    switch status {
    case 401, 403: return .unauthorized(status: status, message: message)
    default: return .httpStatus(url: url.absoluteString, status: status, code: code, message: message)
    }
  }
}
