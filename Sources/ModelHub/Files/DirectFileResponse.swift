import HTTPTypes
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// The response head the direct path writes for a ``FileResponsePlan``: the plan's headers plus
/// what Hummingbird adds to the responses it builds (`Date`, `Server`), and the connection
/// handling HTTP/1 leaves to the server (`Connection: close` when the client will not keep the
/// connection open, `Connection: keep-alive` for an HTTP/1.0 client that asked for it).
enum DirectFileResponse {
  /// The head, in the request's HTTP version.
  static func head(for plan: FileResponsePlan, request: HTTPRequestHead, serverName: String?) -> HTTPResponseHead {
    var fields = plan.headers
    fields[.date] = HTTPDate.now()
    if let serverName { fields[.server] = serverName }
    if !request.isKeepAlive {
      fields[.connection] = "close"
    } else if request.version.major == 1, request.version.minor == 0 {
      fields[.connection] = "keep-alive"
    }
    var head = HTTPResponseHead(HTTPResponse(status: plan.status, headerFields: fields))
    head.version = request.version
    return head
  }
}
