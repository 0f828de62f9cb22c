import Crypto
import Foundation
import ModelHubAPI
import NIOConcurrencyHelpers

/// The console's signed-in sessions, in memory (a restart signs everyone out). A session names
/// the API key it was opened with by the key's hash only, and is honoured only while that key
/// is still valid in the serving state: revoking the key ends its sessions on their next request.
final class ConsoleSessions: Sendable {
  /// One signed-in browser.
  struct Session: Sendable, Equatable {
    /// The SHA-256 of the API key signed in with (what the serving state's keys are keyed by).
    var keyHash: String
    /// The key's public id (shown in the console, never the secret).
    var keyID: String
    /// The token every change must carry (`X-CSRF-Token` header or `csrf` form field).
    var csrfToken: String
    /// When the session ends.
    var expires: Date
  }

  /// How long a session lasts.
  let lifetime: TimeInterval
  /// The most sessions kept; the oldest is dropped past it.
  let capacity: Int
  /// Sessions by the SHA-256 of their cookie value (the value itself is not kept).
  private let sessions = NIOLockedValueBox([String: Session]())

  /// Creates an empty session table.
  init(lifetime: TimeInterval = 8 * 3600, capacity: Int = 10_000) {
    self.lifetime = lifetime
    self.capacity = max(1, capacity)
  }

  /// Opens a session for the key with hash `keyHash`; returns the cookie value and the session.
  func open(keyHash: String, now: Date = Date()) -> (cookie: String, session: Session) {
    let cookie = Self.randomToken()
    let session = Session(
      keyHash: keyHash, keyID: APIKeyRecord.id(keyHash: keyHash), csrfToken: Self.randomToken(),
      expires: now.addingTimeInterval(lifetime))
    sessions.withLockedValue { table in
      table = table.filter { $0.value.expires > now }
      if table.count >= capacity, let oldest = table.min(by: { $0.value.expires < $1.value.expires }) {
        table[oldest.key] = nil
      }
      table[APIKeys.hash(cookie)] = session
    }
    return (cookie, session)
  }

  /// The live session of cookie value `cookie`, if any.
  func session(cookie: String, now: Date = Date()) -> Session? {
    let id = APIKeys.hash(cookie)
    return sessions.withLockedValue { table in
      guard let session = table[id] else { return nil }
      guard session.expires > now else {
        table[id] = nil
        return nil
      }
      return session
    }
  }

  /// Ends the session of cookie value `cookie`.
  func close(cookie: String) {
    _ = sessions.withLockedValue { $0.removeValue(forKey: APIKeys.hash(cookie)) }
  }

  /// 256 random bits, base64url without padding.
  static func randomToken() -> String {
    let key = SymmetricKey(size: .bits256)
    return key.withUnsafeBytes { Data($0) }.base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// Compares two tokens in time independent of where they differ.
  static func tokensMatch(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count, !x.isEmpty else { return false }
    return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
  }
}
