/// Every ModelHub error response: `{"error": {"code": "...", "message": "..."}}`.
public struct HubErrorBody: Codable, Sendable, Equatable, Error {
  /// The error itself.
  public struct Detail: Codable, Sendable, Equatable {
    /// A stable machine-readable code such as `MODEL_NOT_FOUND` or `INVALID_MODEL`.
    public var code: String
    /// A sentence saying what went wrong.
    public var message: String

    /// Creates a detail.
    public init(code: String, message: String) {
      self.code = code
      self.message = message
    }
  }

  /// The error.
  public var error: Detail

  /// Creates an error body.
  public init(code: String, message: String) {
    error = Detail(code: code, message: message)
  }
}
