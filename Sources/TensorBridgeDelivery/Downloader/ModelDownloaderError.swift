import ModelHubAPI
import ModelSigning

/// Everything `ModelDownloader` can fail with. Each case carries what went wrong and
/// `description` reads as a sentence.
public enum ModelDownloaderError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The name cannot be a hub model name (1 to 60 letters, digits, `_` or `-`).
  case invalidModelName(String)
  /// The alias cannot be a hub alias (1 to 40 lowercase letters, digits or `-`).
  case invalidAlias(String)
  /// The hub has no model with this name.
  case modelNotFound(String)
  /// The model has no alias with this name on the hub.
  case aliasNotFound(model: String, alias: String)
  /// The hub URL answered 404 without naming a model (`ROUTE_NOT_FOUND`, or not a ModelHub at
  /// all): the URL is wrong, not the model name.
  case hubEndpointNotFound(url: String, message: String)
  /// The model exists but no version of it is published.
  case noPublishedVersion(String)
  /// The hub could not be reached or the connection broke, after every retry.
  case network(url: String, reason: String, attempts: Int)
  /// The hub answered with an unexpected HTTP status (after retries for 5xx).
  case httpStatus(url: String, status: Int, code: String?, message: String)
  /// The client key was refused (401/403).
  case unauthorized(status: Int, message: String)
  /// The signed download URL was still refused as expired after one refresh.
  case downloadURLExpired(model: String)
  /// The hub's answer could not be understood.
  case invalidResponse(url: String, reason: String)
  /// The downloaded bytes do not have the size the hub announced.
  case sizeMismatch(model: String, expected: Int64, actual: Int64)
  /// The downloaded bytes do not have the SHA-256 the hub announced; nothing was installed.
  case hashMismatch(model: String, expected: String, actual: String)
  /// Reading or writing the local store failed; the store is unchanged.
  case storeFailure(path: String, operation: String, reason: String)
  /// The store holds no downloaded copy of this model.
  case modelNotDownloaded(String)
  /// No verified downloaded copy and no bundled model to fall back on.
  case noModelAvailable(name: String, reason: String)
  /// The caller's task was cancelled.
  case cancelled(model: String)
  /// Signatures are required and this version has none; nothing was installed.
  case signatureMissing(model: String, version: Int)
  /// The version's signature does not verify (untrusted key, changed statement, other bytes…);
  /// nothing was installed.
  case signatureInvalid(model: String, version: Int, reason: ModelSignatureError)
  /// The signature is valid but signs another model or version (a replayed signature); nothing
  /// was installed.
  case signatureSubjectMismatch(model: String, version: Int, signedFor: String)
  /// A file of an encrypted store does not decrypt to the recorded model (changed bytes, a
  /// truncated file or another key); it is not used.
  case encryptedModelDamaged(path: String, reason: String)
  /// The hub offers an older version than the installed one (rollback protection); the
  /// installed model stays.
  case rollback(model: String, installedVersion: Int, offeredVersion: Int)

  /// A sentence saying what went wrong.
  public var description: String {
    switch self {
    case .invalidModelName(let name):
      "'\(name)' is not a model name: use 1 to 60 letters, digits, '_' or '-'."
    case .invalidAlias(let alias):
      "'\(alias.prefix(80))' is not an alias: use \(HubAliasName.ruleDescription)."
    case .modelNotFound(let name):
      "The hub has no model named '\(name)'."
    case .aliasNotFound(let model, let alias):
      "Model '\(model)' has no alias '\(alias)' on the hub."
    case .hubEndpointNotFound(let url, let message):
      "\(url) is not a ModelHub endpoint (404: \(message.prefix(200))); check the hub URL."
    case .noPublishedVersion(let name):
      "The model '\(name)' has no published version yet."
    case .network(let url, let reason, let attempts):
      "Could not reach \(url) after \(attempts) attempt\(attempts == 1 ? "" : "s"): \(reason)."
    case .httpStatus(let url, let status, let code, let message):
      "\(url) answered HTTP \(status)\(code.map { " \($0)" } ?? ""): \(message)"
    case .unauthorized(let status, let message):
      "The hub refused the client key (HTTP \(status)): \(message)"
    case .downloadURLExpired(let model):
      "The download URL of '\(model)' was refused as expired even after asking the hub for a new one."
    case .invalidResponse(let url, let reason):
      "The answer from \(url) is not usable: \(reason)."
    case .sizeMismatch(let model, let expected, let actual):
      "The download of '\(model)' has \(actual) bytes but the hub announced \(expected); it was discarded."
    case .hashMismatch(let model, let expected, let actual):
      "The download of '\(model)' has SHA-256 \(actual) but the hub announced \(expected); it was discarded and the previous model kept."
    case .storeFailure(let path, let operation, let reason):
      "Could not \(operation) \(path): \(reason); the model store is unchanged."
    case .modelNotDownloaded(let name):
      "No downloaded copy of '\(name)' is on this device."
    case .noModelAvailable(let name, let reason):
      "No model '\(name)' is available: there is no verified download (\(reason)) and no bundled model."
    case .cancelled(let model):
      "The download of '\(model)' was cancelled."
    case .signatureMissing(let model, let version):
      "Version \(version) of '\(model)' is not signed and signatures are required; it was not installed."
    case .signatureInvalid(let model, let version, let reason):
      "The signature of version \(version) of '\(model)' does not verify: \(reason) It was not installed."
    case .signatureSubjectMismatch(let model, let version, let signedFor):
      "The signature offered for version \(version) of '\(model)' signs '\(signedFor)'; it was not installed."
    case .encryptedModelDamaged(let path, let reason):
      "The encrypted model file \(path) cannot be trusted: \(reason); it was not used."
    case .rollback(let model, let installed, let offered):
      "The hub offers version \(offered) of '\(model)', older than the installed version \(installed); the installed model stays."
    }
  }

  /// Whether retrying the same request may help (connection failures and 5xx answers).
  var isTransient: Bool {
    switch self {
    case .network: true
    case .httpStatus(_, let status, _, _): status >= 500
    default: false
    }
  }
}
