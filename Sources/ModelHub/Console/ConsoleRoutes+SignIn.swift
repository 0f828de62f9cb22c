import Foundation
import Hummingbird
import ModelHubAPI

/// Signing in with an API key (the key is checked, then only its hash is kept in the session)
/// and signing out.
extension ConsoleRoutes {
  /// The largest sign-in or sign-out form accepted.
  static let formBytes = 4096

  @Sendable func signInPage(_ request: Request, context: BasicRequestContext) async throws -> Response {
    if try await signedIn(request) != nil { return Self.redirect(to: "\(Self.root)/models") }
    let notice = HTTPHelpers.query(request, "signed-out") != nil ? "You are signed out." : nil
    return try page("sign-in", SignInPage(notice: notice))
  }

  @Sendable func signIn(_ request: Request, context: BasicRequestContext) async throws -> Response {
    if let reason = ConsoleOrigin.crossOriginReason(request) {
      hub.logger.notice("console sign-in refused: cross-origin", metadata: ["reason": "\(reason)"])
      return try page(
        "sign-in", SignInPage(error: "Sign in from this hub's own sign-in page (\(reason))."), status: .forbidden)
    }
    let form = try await Self.form(request)
    let key = (form["key"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    guard !key.isEmpty, key.utf8.count <= 200 else {
      return try page("sign-in", SignInPage(error: "Enter an API key."), status: .unauthorized)
    }
    let hash = APIKeys.hash(key)
    guard try await hub.authenticator.scope(ofKeyHash: hash) != nil else {
      hub.logger.notice("console sign-in refused")
      return try page(
        "sign-in", SignInPage(error: "That key is not valid: it is unknown or has been revoked."),
        status: .unauthorized)
    }
    let (cookie, session) = hub.sessions.open(keyHash: hash)
    hub.logger.notice("console sign-in", metadata: ["key": "\(session.keyID)"])
    return Self.redirect(
      to: "\(Self.root)/models",
      headers: [.setCookie: ConsoleCookie.setting(cookie, secure: secureCookie, maxAge: hub.sessions.lifetime)])
  }

  @Sendable func signOut(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let form = try await Self.form(request)
    if let cookie = ConsoleCookie.value(in: request), let session = hub.sessions.session(cookie: cookie) {
      guard let token = form["csrf"], ConsoleSessions.tokensMatch(token, session.csrfToken) else {
        throw HubError.csrfTokenInvalid
      }
      hub.sessions.close(cookie: cookie)
    }
    return Self.redirect(
      to: "\(Self.root)/sign-in?signed-out=1", headers: [.setCookie: ConsoleCookie.clearing(secure: secureCookie)])
  }

  /// An `application/x-www-form-urlencoded` body as a dictionary (the last value of a name wins).
  static func form(_ request: Request) async throws -> [String: String] {
    var request = request
    let buffer: ByteBuffer
    do { buffer = try await request.collectBody(upTo: formBytes) } catch {
      throw HubError.payloadTooLarge(limit: Int64(formBytes))
    }
    var fields: [String: String] = [:]
    for pair in String(buffer: buffer).split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      func decode(_ text: Substring) -> String {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
      }
      guard let name = parts.first else { continue }
      fields[decode(name)] = parts.count == 2 ? decode(parts[1]) : ""
    }
    return fields
  }
}
