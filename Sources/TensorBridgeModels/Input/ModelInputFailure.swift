/// The typed error a ``ModelInput`` from another module failed with (a `VisionError` for an
/// image, a `TextError` for text), kept as it is inside ``ModelError/input(layer:_:)``.
///
/// ```swift
/// catch ModelError.input(let layer, let failure) {
///   if let vision = failure.error as? VisionError { … }
/// }
/// ```
public struct ModelInputFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// The error, with its own type.
  public let error: any Error & Sendable
  private let isEqual: @Sendable (any Error & Sendable) -> Bool

  /// Wraps a typed error.
  ///
  /// - Parameter error: The input's own error; equal failures wrap equal errors of one type.
  public init<Failure: Error & Sendable & Equatable & CustomStringConvertible>(_ error: Failure) {
    self.error = error
    isEqual = { ($0 as? Failure) == error }
  }

  /// The wrapped error's own message.
  public var description: String { String(describing: error) }

  public static func == (lhs: ModelInputFailure, rhs: ModelInputFailure) -> Bool { lhs.isEqual(rhs.error) }
}
