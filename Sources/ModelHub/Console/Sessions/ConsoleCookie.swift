import Foundation
import HTTPTypes
import Hummingbird

/// The console's session cookie: HttpOnly (scripts never see it), SameSite=Strict (never sent
/// by another site's page), Secure when the hub is reached over TLS, on every path (the
/// console's scripts call the JSON API with it).
enum ConsoleCookie {
  /// The cookie's name.
  static let name = "tbh_console"
  /// The header carrying the CSRF token on API calls made with the cookie.
  static let csrfHeader = "X-CSRF-Token"
  /// ``csrfHeader`` as a field name (a valid token, so the initializer cannot fail).
  static let csrfField = HTTPField.Name(csrfHeader) ?? .authorization

  /// The cookie's value in a request, if sent.
  static func value(in request: Request) -> String? {
    for field in request.headers[values: .cookie] {
      for pair in field.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { continue }
        let value = parts[1].trimmingCharacters(in: .whitespaces)
        return value.isEmpty || value.utf8.count > 100 ? nil : value
      }
    }
    return nil
  }

  /// A `Set-Cookie` value opening a session.
  static func setting(_ value: String, secure: Bool, maxAge: TimeInterval) -> String {
    "\(name)=\(value); Path=/; Max-Age=\(Int(maxAge)); HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
  }

  /// A `Set-Cookie` value removing the cookie.
  static func clearing(secure: Bool) -> String {
    "\(name)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
  }
}
