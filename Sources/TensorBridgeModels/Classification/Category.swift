/// A class and its score.
public struct Category: Sendable, Equatable, CustomStringConvertible {
  /// The class index in the output.
  public let index: Int
  /// The class label, when there are labels.
  public let label: String?
  /// The score.
  public let score: Float
  /// The label's display name in the requested locale, when the model's metadata has one.
  public let displayName: String?

  /// Creates a category.
  ///
  /// - Parameters:
  ///   - index: The class index in the output.
  ///   - label: The class label, if known.
  ///   - score: The score.
  ///   - displayName: The label's localized display name, if known.
  public init(index: Int, label: String?, score: Float, displayName: String? = nil) {
    self.index = index
    self.label = label
    self.score = score
    self.displayName = displayName
  }

  public var description: String { "\(label ?? "#\(index)"): \(score)" }
}
