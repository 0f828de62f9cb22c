/// An affine map between two image coordinate systems:
/// `x' = a·x + b·y + tx`, `y' = c·x + d·y + ty`.
///
/// Coordinates are continuous, with pixel edges at integers (pixel `(0, 0)` covers `0…1`).
/// Fitting an image to a model input returns the transform from model-input coordinates back
/// to source-image pixels, so results (boxes, keypoints) can be mapped to the photo.
public struct ImageTransform: Sendable, Equatable, CustomStringConvertible {
  public var a: Double
  public var b: Double
  public var c: Double
  public var d: Double
  public var tx: Double
  public var ty: Double

  /// Creates a transform from its six coefficients.
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// An axis-aligned scale followed by a translation.
  public init(scaleX: Double, scaleY: Double, translationX: Double, translationY: Double) {
    self.init(a: scaleX, b: 0, c: 0, d: scaleY, tx: translationX, ty: translationY)
  }

  /// The map that changes nothing.
  public static let identity = ImageTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// Maps a point.
  @inlinable public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
    (a * x + b * y + tx, c * x + d * y + ty)
  }

  /// Maps a rectangle: the bounding rectangle of its mapped corners.
  public func apply(_ rect: ImageRect) -> ImageRect {
    let corners = [
      apply(x: rect.minX, y: rect.minY), apply(x: rect.maxX, y: rect.minY),
      apply(x: rect.minX, y: rect.maxY), apply(x: rect.maxX, y: rect.maxY),
    ]
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    let minX = xs.min() ?? 0
    let minY = ys.min() ?? 0
    return ImageRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
  }

  /// `self` after `first`: maps a point through `first`, then through `self`.
  public func concatenating(after first: ImageTransform) -> ImageTransform {
    ImageTransform(
      a: a * first.a + b * first.c, b: a * first.b + b * first.d,
      c: c * first.a + d * first.c, d: c * first.b + d * first.d,
      tx: a * first.tx + b * first.ty + tx, ty: c * first.tx + d * first.ty + ty)
  }

  public var description: String { "[\(a) \(b) \(tx); \(c) \(d) \(ty)]" }
}
