// Where a segmentation's masks lie relative to the segmented image.
extension SegmentationResult {
  /// The sizes and maps between the image's pixels, the model input and the masks: the tensor
  /// (the masks as the model wrote them) is upright, the segmentation's masks are stored-oriented.
  struct MaskGeometry {
    /// The map from the upright image's pixels to the model input's.
    let inverse: ImageTransform
    /// The tensor's size (upright).
    let tensorWidth: Int
    let tensorHeight: Int
    /// Model-input coordinates to tensor coordinates.
    let scaleX: Double
    let scaleY: Double
    /// The upright image's size.
    let uprightWidth: Int
    let uprightHeight: Int
  }

  /// The geometry, or nil for sizes that do not fit together.
  var maskGeometry: MaskGeometry? {
    guard inputWidth > 0, inputHeight > 0, imageWidth > 0, imageHeight > 0 else { return nil }
    let swaps = orientation.swapsDimensions
    let tensorWidth = swaps ? segmentation.height : segmentation.width
    let tensorHeight = swaps ? segmentation.width : segmentation.height
    return MaskGeometry(
      inverse: fitTransform.inverted(), tensorWidth: tensorWidth, tensorHeight: tensorHeight,
      scaleX: Double(tensorWidth) / Double(inputWidth), scaleY: Double(tensorHeight) / Double(inputHeight),
      uprightWidth: swaps ? imageHeight : imageWidth, uprightHeight: swaps ? imageWidth : imageHeight)
  }

  /// The index in a stored-oriented mask of the upright tensor pixel `(x, y)`.
  func maskIndex(uprightX x: Int, y: Int) -> Int {
    let stored = orientation.storedPixel(
      uprightX: x, y: y, storedWidth: segmentation.width, storedHeight: segmentation.height)
    return stored.y * segmentation.width + stored.x
  }

  /// The upright image pixel of stored image pixel `(x, y)`.
  func uprightImagePixel(x: Int, y: Int) -> (x: Int, y: Int) {
    orientation.uprightPixel(storedX: x, y: y, storedWidth: imageWidth, storedHeight: imageHeight)
  }
}
