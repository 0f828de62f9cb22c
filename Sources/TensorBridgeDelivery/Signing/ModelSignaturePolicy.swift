import ModelSigning

/// Whether downloads must carry a signature by a trusted key.
public enum ModelSignaturePolicy: Sendable, Equatable {
  /// Every download must be signed by one of the trusted keys; an unsigned version is refused.
  case required
  /// An unsigned version is installed; a signature that is there must still verify.
  case optional
}

/// Which keys may sign the models this downloader installs, and whether they must.
///
/// ```swift
/// let key = try ModelSigningPublicKey(pemRepresentation: pemFromTheAppBundle)
/// var configuration = ModelDownloaderConfiguration(hubURL: hub, clientKey: clientKey)
/// configuration.signatureVerification = ModelSignatureVerification(trustedKeys: [key])   // required
/// ```
public struct ModelSignatureVerification: Sendable {
  /// The hub's public signing keys the app trusts (several during a key rotation).
  public var trustedKeys: [ModelSigningPublicKey]
  /// The policy.
  public var policy: ModelSignaturePolicy

  /// Creates a verification setting.
  /// - Parameters:
  ///   - trustedKeys: The public keys to trust.
  ///   - policy: The policy; default `.required` when keys are given, `.optional` when none are.
  public init(trustedKeys: [ModelSigningPublicKey], policy: ModelSignaturePolicy? = nil) {
    self.trustedKeys = trustedKeys
    self.policy = policy ?? (trustedKeys.isEmpty ? .optional : .required)
  }

  /// No keys, optional: signatures are not checked (the default).
  public static let off = ModelSignatureVerification(trustedKeys: [])

  /// Whether downloads are checked at all.
  var isOn: Bool { !trustedKeys.isEmpty || policy == .required }
}
