extension ImageOrientation {
  /// The orientation that undoes this one: `.right` and `.left` undo each other, every other
  /// orientation (a mirror or a half turn) undoes itself.
  @inlinable
  public var inverse: ImageOrientation {
    switch self {
    case .right: .left
    case .left: .right
    default: self
    }
  }

  /// The upright pixel at which stored pixel `(x, y)` shows, for a stored image of
  /// `width × height` pixels (the inverse of ``storedPixel(uprightX:y:storedWidth:storedHeight:)``):
  /// the upright image, stored in the ``inverse`` orientation, shows as the stored one.
  @inlinable
  public func uprightPixel(storedX x: Int, y: Int, storedWidth width: Int, storedHeight height: Int) -> (x: Int, y: Int)
  {
    let (uprightWidth, uprightHeight) = swapsDimensions ? (height, width) : (width, height)
    return inverse.storedPixel(uprightX: x, y: y, storedWidth: uprightWidth, storedHeight: uprightHeight)
  }
}
