import Foundation

extension SigningKeyRecord {
  /// Retires a verifying key as of `now`: true when the record changed (and must be saved),
  /// false when it was already retired. The one rule both stores apply.
  /// - Throws: ``HubSigningError/cannotRetireSigningKey(_:)`` for the current signing key.
  mutating func retire(now: Date) throws -> Bool {
    switch role {
    case .signing: throw HubSigningError.cannotRetireSigningKey(id)
    case .retired: return false
    case .verifying:
      role = .retired
      retireTime = now
      return true
    }
  }
}
