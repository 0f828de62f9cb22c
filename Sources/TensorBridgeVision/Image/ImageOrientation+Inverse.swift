extension ImageOrientation {
  /// The upright pixel at which stored pixel `(x, y)` shows, for a stored image of
  /// `width × height` pixels (the inverse of ``storedPixel(uprightX:y:storedWidth:storedHeight:)``).
  @inlinable
  public func uprightPixel(storedX x: Int, y: Int, storedWidth width: Int, storedHeight height: Int) -> (x: Int, y: Int) {
    switch self {
    case .up: (x, y)
    case .upMirrored: (width - 1 - x, y)
    case .down: (width - 1 - x, height - 1 - y)
    case .downMirrored: (x, height - 1 - y)
    case .leftMirrored: (y, x)
    case .right: (height - 1 - y, x)
    case .rightMirrored: (height - 1 - y, width - 1 - x)
    case .left: (y, width - 1 - x)
    }
  }
}
