import Foundation
import HTTPTypes
import Hummingbird
import ModelHubAPI

/// The web console at `/console`: server-rendered pages (swift-mustache) over the same store
/// functions the JSON API's handlers call, and a small script that makes every change through
/// the JSON API itself, with the session cookie and its CSRF token. Pages need a session
/// (``ConsoleSessions``); a client key's session sees everything and changes nothing.
struct ConsoleRoutes: Sendable {
  let hub: HubContext
  let templates: ConsoleTemplates

  /// The path every console page lives under.
  static let root = "/console"

  func register(on router: Router<BasicRequestContext>) {
    router.get(RouterPath(Self.root)) { _, _ in Self.redirect(to: "\(Self.root)/models") }
    router.get(RouterPath("\(Self.root)/sign-in"), use: signInPage)
    router.post(RouterPath("\(Self.root)/sign-in"), use: signIn)
    router.post(RouterPath("\(Self.root)/sign-out"), use: signOut)
    router.get(RouterPath("\(Self.root)/models"), use: modelsPage)
    router.get(RouterPath("\(Self.root)/models/{name}"), use: modelPage)
    router.get(RouterPath("\(Self.root)/keys"), use: keysPage)
    router.get(RouterPath("\(Self.root)/static/{file}"), use: asset)
  }

  /// The signed-in session of a request and its key's current scope, or nil (no cookie, an
  /// ended session, or a key revoked since).
  func signedIn(_ request: Request) async throws -> (ConsoleSessions.Session, HubKeyScope)? {
    guard let cookie = ConsoleCookie.value(in: request), let session = hub.sessions.session(cookie: cookie),
      let scope = try await hub.authenticator.scope(ofKeyHash: session.keyHash)
    else { return nil }
    return (session, scope)
  }

  /// An HTML page with the console's security headers.
  func page(_ template: String, _ value: Any, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws
    -> Response
  {
    let html = try templates.render(template, value)
    var headers = headers
    headers[.contentType] = "text/html; charset=utf-8"
    Self.secure(&headers)
    return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
  }

  /// The error page for `error` (a ``HubError``'s status and sentence).
  func errorPage(_ error: HubError, frame: ConsoleFrame) throws -> Response {
    try page(
      "error", ErrorPage(frame: frame, status: Int(error.status.code), message: error.description),
      status: error.status)
  }

  /// `303 See Other` to `location`.
  static func redirect(to location: String, headers: HTTPFields = [:]) -> Response {
    var headers = headers
    headers[.location] = location
    secure(&headers)
    return Response(status: .seeOther, headers: headers)
  }

  /// Same-origin scripts, styles and images only (no inline script can run), no framing, no
  /// caching of pages that carry a CSRF token.
  static func secure(_ headers: inout HTTPFields) {
    headers[.contentSecurityPolicy] =
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
      + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    headers[.xContentTypeOptions] = "nosniff"
    headers[.cacheControl] = "no-store"
    if let name = HTTPField.Name("Referrer-Policy") { headers[name] = "same-origin" }
  }

  /// Whether the session cookie gets `Secure`: when clients reach the hub over TLS.
  var secureCookie: Bool { hub.configuration.publicURL?.lowercased().hasPrefix("https://") ?? false }

  @Sendable func asset(_ request: Request, context: BasicRequestContext) async throws -> Response {
    guard let file = context.parameters.get("file"), let asset = templates.assets[file] else {
      throw HubError.routeNotFound(method: "GET", path: request.uri.path)
    }
    var headers: HTTPFields = [.contentType: asset.contentType, .cacheControl: "no-cache"]
    headers[.xContentTypeOptions] = "nosniff"
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: asset.bytes)))
  }
}
