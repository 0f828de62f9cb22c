import Foundation
import HTTPTypes
import Hummingbird

/// The same-origin check of the console's sign-in form (against login CSRF: a page on another
/// site posting its own key so that the victim's browser works in the attacker's session).
///
/// Browsers send `Sec-Fetch-Site` and `Origin` with every form post. A post is refused when
/// `Sec-Fetch-Site` says `cross-site` or `same-site`, or when `Origin` names another host and
/// port than the request's `Host`. A post with neither header (curl, an old browser) is let
/// through: the check only stops what a browser reports as coming from elsewhere.
enum ConsoleOrigin {
  private static let fetchSite = HTTPField.Name("Sec-Fetch-Site")
  private static let origin = HTTPField.Name("Origin")

  /// Why `request` is refused as a cross-origin post, or nil when it is not.
  static func crossOriginReason(_ request: Request) -> String? {
    if let name = fetchSite, let site = request.headers[name]?.lowercased(), site == "cross-site" || site == "same-site"
    {
      return "Sec-Fetch-Site is \(site)"
    }
    guard let name = origin, let value = request.headers[name] else { return nil }
    guard let host = request.head.authority?.lowercased() else { return "the request has an Origin but no Host" }
    guard value != "null", let url = URL(string: value), let originHost = url.host?.lowercased() else {
      return "Origin \(value) is opaque"
    }
    let defaultPort = url.scheme == "https" ? 443 : 80
    let bracketed = originHost.contains(":") ? "[\(originHost)]" : originHost  // an IPv6 literal
    let originAuthority = "\(bracketed):\(url.port ?? defaultPort)"
    let hostAuthority = host.contains(":") && !host.hasSuffix("]") ? host : "\(host):\(defaultPort)"
    return originAuthority == hostAuthority ? nil : "Origin \(value) is not this hub (\(host))"
  }
}
