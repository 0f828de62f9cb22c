/// Smooths classification results over a stream of inputs (the frames of a video, successive
/// readings) with exponential decay, as Tensor/IO's `smoothClassification` does:
///
/// `smoothed = decay × previous + (1 − decay) × current`, per label (a label missing on one side
/// counts as 0 there), and labels whose smoothed value falls below `threshold` are dropped.
///
/// ```swift
/// var smoother = ClassificationSmoother()  // decay 0.8, threshold 0.1, Tensor/IO's defaults
/// for frame in frames {
///   let scores = try classifier.classify(frame).scoresByLabel
///   show(smoother.update(with: scores))
/// }
/// ```
public struct ClassificationSmoother: Sendable, Equatable {
  /// How much of the previous value is kept, between 0 (none: the current values) and 1 (all).
  public var decay: Float
  /// Smoothed values below this are dropped.
  public var threshold: Float
  /// The values after the last ``update(with:)``.
  public private(set) var values: [String: Float]

  /// A smoother with no values yet; Tensor/IO's defaults are a decay of 0.8 and a threshold of 0.1.
  public init(decay: Float = 0.8, threshold: Float = 0.1, values: [String: Float] = [:]) {
    self.decay = decay
    self.threshold = threshold
    self.values = values
  }

  /// Combines `current` with the values so far, keeps the result and returns it.
  public mutating func update(with current: [String: Float]) -> [String: Float] {
    values = Self.smooth(previous: values, current: current, decay: decay, threshold: threshold)
    return values
  }

  /// `decay × previous + (1 − decay) × current` per label, keeping those at or above `threshold`.
  public static func smooth(
    previous: [String: Float], current: [String: Float], decay: Float, threshold: Float
  ) -> [String: Float] {
    var combined = previous.mapValues { $0 * decay }
    for (label, value) in current { combined[label, default: 0] += value * (1 - decay) }
    return combined.filter { $0.value >= threshold }
  }
}
