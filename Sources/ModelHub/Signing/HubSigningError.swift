import ModelSigning

/// Everything managing and using the hub's signing keys can fail with.
public enum HubSigningError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The secret that seals private keys is shorter than 32 bytes.
  case secretTooShort(bytes: Int)
  /// The secret does not open the sealed private key (another secret sealed it, or the row was changed).
  case wrongSecret(keyID: String)
  /// The signing key's private key is not available: no secret given, or the external key given
  /// is not this key.
  case signingKeyLocked(keyID: String, reason: String)
  /// No signing key has this id.
  case keyNotFound(String)
  /// The key signs new versions: rotate to another key before retiring it.
  case cannotRetireSigningKey(String)
  /// The key is already in the data folder.
  case keyAlreadyRegistered(String)
  /// The key material could not be read or used.
  case key(ModelSignatureError)

  /// A sentence saying what went wrong.
  public var description: String {
    switch self {
    case .secretTooShort(let bytes):
      "The signing secret has \(bytes) bytes; use at least 32 random bytes (head -c 32 /dev/urandom > secret)."
    case .wrongSecret(let id): "The signing secret does not open the private key of \(id)."
    case .signingKeyLocked(let id, let reason): "The signing key \(id) cannot sign: \(reason)."
    case .keyNotFound(let id): "No signing key with id '\(id.prefix(80))'."
    case .cannotRetireSigningKey(let id): "\(id) signs new versions; rotate to a new key before retiring it."
    case .keyAlreadyRegistered(let id): "The key is already registered as \(id)."
    case .key(let error): error.description
    }
  }
}
