/// A failure in a test's own set-up (a hub that did not start, a socket that did not connect).
public struct TestFailure: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  public let description: String

  /// Creates a failure.
  public init(_ description: String) { self.description = description }
}
