/// The EXIF orientation of stored pixels: how to turn them to show the image upright.
///
/// Raw values are the EXIF `Orientation` tag's (1–8). Decoding applies it, so decoded
/// ``PixelBuffer``s are upright; ``PixelBuffer/oriented(_:)`` applies it to raw frames.
public enum ImageOrientation: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Stored upright (EXIF 1).
  case up = 1
  /// Mirrored left to right (EXIF 2).
  case upMirrored = 2
  /// Upside down (EXIF 3).
  case down = 3
  /// Upside down and mirrored: flipped top to bottom (EXIF 4).
  case downMirrored = 4
  /// Transposed: mirrored along the main diagonal (EXIF 5).
  case leftMirrored = 5
  /// Turned a quarter counter-clockwise as stored; shown after a clockwise quarter turn (EXIF 6).
  case right = 6
  /// Transversed: mirrored along the anti-diagonal (EXIF 7).
  case rightMirrored = 7
  /// Turned a quarter clockwise as stored; shown after a counter-clockwise quarter turn (EXIF 8).
  case left = 8

  /// Whether showing the image swaps width and height.
  public var swapsDimensions: Bool { rawValue >= 5 }

  /// The stored pixel that shows at upright position `(x, y)`, for a stored image of
  /// `width × height` pixels (integer pixel indices).
  @inlinable
  public func storedPixel(uprightX x: Int, y: Int, storedWidth width: Int, storedHeight height: Int) -> (x: Int, y: Int)
  {
    switch self {
    case .up: (x, y)
    case .upMirrored: (width - 1 - x, y)
    case .down: (width - 1 - x, height - 1 - y)
    case .downMirrored: (x, height - 1 - y)
    case .leftMirrored: (y, x)
    case .right: (y, height - 1 - x)
    case .rightMirrored: (width - 1 - y, height - 1 - x)
    case .left: (width - 1 - y, x)
    }
  }

  /// The affine map from upright coordinates (continuous, pixel edges at integers) back to
  /// stored-image coordinates, for a stored image of `width × height` pixels.
  public func uprightToStored(storedWidth width: Int, storedHeight height: Int) -> ImageTransform {
    let w = Double(width)
    let h = Double(height)
    switch self {
    case .up: return .identity
    case .upMirrored: return ImageTransform(a: -1, b: 0, c: 0, d: 1, tx: w, ty: 0)
    case .down: return ImageTransform(a: -1, b: 0, c: 0, d: -1, tx: w, ty: h)
    case .downMirrored: return ImageTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: h)
    case .leftMirrored: return ImageTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
    case .right: return ImageTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: h)
    case .rightMirrored: return ImageTransform(a: 0, b: -1, c: -1, d: 0, tx: w, ty: h)
    case .left: return ImageTransform(a: 0, b: -1, c: 1, d: 0, tx: w, ty: 0)
    }
  }

  public var description: String {
    switch self {
    case .up: "up"
    case .upMirrored: "up, mirrored"
    case .down: "down"
    case .downMirrored: "down, mirrored"
    case .leftMirrored: "left, mirrored"
    case .right: "right"
    case .rightMirrored: "right, mirrored"
    case .left: "left"
    }
  }
}
