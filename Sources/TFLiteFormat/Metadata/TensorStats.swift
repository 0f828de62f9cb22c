/// Reference statistics of a tensor's values (the schema's `Stats`).
///
/// A single value applies to every channel.
public struct TensorStats: Sendable, Equatable {
  /// Per-channel maximum values.
  public let max: [Float]
  /// Per-channel minimum values.
  public let min: [Float]

  /// Creates statistics from per-channel bounds.
  public init(max: [Float], min: [Float]) {
    self.max = max
    self.min = min
  }
}
