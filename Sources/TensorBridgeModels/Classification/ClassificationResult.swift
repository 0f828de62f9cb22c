/// The categories a classifier found, best first (or in the model's order, where a task says
/// so).
public struct ClassificationResult: Sendable, Equatable {
  /// The categories after the task's filter.
  public let categories: [Category]

  /// Creates a result.
  public init(categories: [Category]) { self.categories = categories }
}
