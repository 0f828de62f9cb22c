import HTTPTypes
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// The response heads the direct paths write (a ``FileResponsePlan``'s, a version check's `304`):
/// their own headers plus
/// what Hummingbird adds to the responses it builds (`Date`, `Server`), and the connection
/// handling HTTP/1 leaves to the server (`Connection: close` when the client will not keep the
/// connection open, `Connection: keep-alive` for an HTTP/1.0 client that asked for it).
enum DirectFileResponse {
  /// The head, in the request's HTTP version.
  static func head(for plan: FileResponsePlan, request: HTTPRequestHead, serverName: String?) -> HTTPResponseHead {
    head(status: plan.status, fields: plan.headers, request: request, serverName: serverName)
  }

  /// A head with `status` and `fields`, plus `Date`, `Server` and the connection handling.
  static func head(
    status: HTTPResponse.Status, fields: HTTPFields, request: HTTPRequestHead, serverName: String?
  ) -> HTTPResponseHead {
    var fields = fields
    fields[.date] = HTTPDate.now()
    if let serverName { fields[.server] = serverName }
    if !request.isKeepAlive {
      fields[.connection] = "close"
    } else if request.version.major == 1, request.version.minor == 0 {
      fields[.connection] = "keep-alive"
    }
    var head = HTTPResponseHead(HTTPResponse(status: status, headerFields: fields))
    head.version = request.version
    return head
  }
}
