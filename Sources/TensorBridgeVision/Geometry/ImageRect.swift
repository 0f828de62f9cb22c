/// A rectangle in image coordinates (continuous; pixel edges at integers).
public struct ImageRect: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// Left edge.
  public var x: Double
  /// Top edge.
  public var y: Double
  /// Width.
  public var width: Double
  /// Height.
  public var height: Double

  /// Creates a rectangle from its origin and size.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Left edge.
  public var minX: Double { x }
  /// Top edge.
  public var minY: Double { y }
  /// Right edge.
  public var maxX: Double { x + width }
  /// Bottom edge.
  public var maxY: Double { y + height }
  /// Width × height (0 when either is negative).
  public var area: Double { max(0, width) * max(0, height) }

  /// The overlap with `other` (empty, with zero size, when they do not overlap).
  public func intersection(_ other: ImageRect) -> ImageRect {
    let left = max(minX, other.minX)
    let top = max(minY, other.minY)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return ImageRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
  }

  /// Intersection over union with `other` (0 when both are empty).
  public func intersectionOverUnion(_ other: ImageRect) -> Double {
    let overlap = intersection(other).area
    let union = area + other.area - overlap
    return union > 0 ? overlap / union : 0
  }

  public var description: String { "(\(x), \(y), \(width)x\(height))" }
}
