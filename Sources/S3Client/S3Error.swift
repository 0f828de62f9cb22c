/// Why an S3 operation failed.
public enum S3Error: Error, Sendable, Equatable, CustomStringConvertible {
  /// The service answered with an error status; `code` and `message` come from its XML body
  /// (`SignatureDoesNotMatch`, `NoSuchKey`, `NoSuchBucket`, `AccessDenied`…) when it sent one.
  case service(status: Int, code: String, message: String)
  /// The request could not be made or its answer not read (connection refused, timeout…).
  case transport(String)
  /// The service answered something this client cannot use (a missing upload id…).
  case invalidResponse(String)
  /// The endpoint, bucket or key cannot form a request.
  case invalidConfiguration(String)

  /// A sentence naming the problem.
  public var description: String {
    switch self {
    case .service(let status, let code, let message):
      "S3 answered \(status) \(code)\(message.isEmpty ? "" : ": \(message)")"
    case .transport(let detail): "cannot reach S3: \(detail)"
    case .invalidResponse(let detail): "unexpected S3 answer: \(detail)"
    case .invalidConfiguration(let detail): "invalid S3 configuration: \(detail)"
    }
  }

  /// Whether this is the service saying the object or bucket does not exist.
  public var isNotFound: Bool {
    if case .service(let status, let code, _) = self {
      return status == 404 || code == "NoSuchKey" || code == "NoSuchBucket"
    }
    return false
  }
}
