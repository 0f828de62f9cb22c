extension Tensor {
  /// The dimensions of a tensor, outermost first.
  public struct Shape: Sendable, Hashable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// The number of dimensions.
    public var rank: Int { dimensions.count }
    /// The size of each dimension; `-1` marks a dynamic dimension in a model's declared shape.
    public let dimensions: [Int]

    /// Creates a shape from its dimensions.
    public init(_ dimensions: [Int]) { self.dimensions = dimensions }
    /// Creates a shape from its dimensions.
    public init(_ dimensions: Int...) { self.dimensions = dimensions }
    public init(arrayLiteral elements: Int...) { self.dimensions = elements }

    /// The number of elements, or `nil` when a dimension is dynamic or the product overflows.
    public var elementCount: Int? {
      var count = 1
      for dimension in dimensions {
        guard dimension >= 0 else { return nil }
        let (product, overflow) = count.multipliedReportingOverflow(by: dimension)
        guard !overflow else { return nil }
        count = product
      }
      return count
    }

    /// Whether any dimension is dynamic (`-1`).
    public var isDynamic: Bool { dimensions.contains { $0 < 0 } }

    /// `[1, 224, 224, 3]`.
    public var description: String { "[" + dimensions.map(String.init).joined(separator: ", ") + "]" }
  }
}
