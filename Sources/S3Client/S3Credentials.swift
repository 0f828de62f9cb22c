/// The credentials S3 requests are signed with (an access key pair, and a session token for
/// temporary credentials).
public struct S3Credentials: Sendable, Equatable {
  /// The access key id (`AKIA…`, or whatever the S3-compatible service issued).
  public var accessKeyID: String
  /// The secret access key; never sent, only used to derive signing keys.
  public var secretAccessKey: String
  /// The session token of temporary credentials, sent as `X-Amz-Security-Token`.
  public var sessionToken: String?

  /// Credentials from their parts.
  public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
    self.accessKeyID = accessKeyID
    self.secretAccessKey = secretAccessKey
    self.sessionToken = sessionToken
  }

  /// Credentials from `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and, if set,
  /// `AWS_SESSION_TOKEN` in `environment`; nil when either key is missing or empty.
  public init?(environment: [String: String]) {
    guard let id = environment["AWS_ACCESS_KEY_ID"], !id.isEmpty,
      let secret = environment["AWS_SECRET_ACCESS_KEY"], !secret.isEmpty
    else { return nil }
    let token = environment["AWS_SESSION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    self.init(accessKeyID: id, secretAccessKey: secret, sessionToken: token)
  }
}
