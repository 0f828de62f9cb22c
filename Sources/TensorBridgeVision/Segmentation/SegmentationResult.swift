/// A ``Segmentation`` with what maps its masks back to the image that was segmented.
public struct SegmentationResult: Sendable, Equatable {
  /// The masks at the model's output size, in the stored pixels' orientation.
  public let segmentation: Segmentation
  /// The segmented image's width, as stored.
  public let imageWidth: Int
  /// The segmented image's height, as stored.
  public let imageHeight: Int
  /// How the image's pixels were stored.
  public let orientation: ImageOrientation
  /// The map from model-input coordinates to the upright image's pixels.
  public let fitTransform: ImageTransform
  /// The model input's width.
  public let inputWidth: Int
  /// The model input's height.
  public let inputHeight: Int
  /// The factor the image was shrunk by while it was decoded (1, 2, 4 or 8): a file segmented
  /// with ``ImageSegmenter/segment(contentsOf:)`` may be decoded at a reduced size, while the
  /// result still describes its full-size pixels. 1 for a ``PixelBuffer`` passed in.
  public let decodeScale: Int
  /// How ``categoryMaskOverImage()`` maps the masks to the image's pixels.
  public let maskUpsampling: MaskUpsampling

  /// Creates a result.
  public init(
    segmentation: Segmentation, imageWidth: Int, imageHeight: Int, orientation: ImageOrientation,
    fitTransform: ImageTransform, inputWidth: Int, inputHeight: Int, decodeScale: Int = 1,
    maskUpsampling: MaskUpsampling = .nearest
  ) {
    self.segmentation = segmentation
    self.decodeScale = decodeScale
    self.maskUpsampling = maskUpsampling
    self.inputWidth = inputWidth
    self.inputHeight = inputHeight
    self.imageWidth = imageWidth
    self.imageHeight = imageHeight
    self.orientation = orientation
    self.fitTransform = fitTransform
  }

  /// The category mask over the image's own stored pixels (`imageWidth × imageHeight`): every
  /// pixel takes the class of the mask pixel its centre falls in (nearest neighbour), through
  /// the orientation and the fit (stretch, letterbox or crop). Pixels the model did not see
  /// (letterbox padding's complement, crops) take ``Segmentation/backgroundValue``. With
  /// ``maskUpsampling`` ``MaskUpsampling/mediaPipe`` and a stretched fit, MediaPipe Tasks'
  /// interpolated mask instead.
  ///
  /// - Returns: `nil` for sizes that do not fit together. (Confidence masks give their category
  ///   mask, ``Segmentation/categoryMaskFromAnyOutput``.)
  public func categoryMaskOverImage() -> [UInt8]? {
    if maskUpsampling == .mediaPipe, let mask = mediaPipeCategoryMask() { return mask }
    guard let mask = segmentation.categoryMaskFromAnyOutput, mask.count == segmentation.width * segmentation.height,
      let geometry = maskGeometry
    else { return nil }
    var result = [UInt8](repeating: segmentation.backgroundValue, count: imageWidth * imageHeight)
    for y in 0..<imageHeight {
      for x in 0..<imageWidth {
        let upright = uprightImagePixel(x: x, y: y)
        guard upright.x < geometry.uprightWidth, upright.y < geometry.uprightHeight else { continue }
        let input = geometry.inverse.apply(x: Double(upright.x) + 0.5, y: Double(upright.y) + 0.5)
        let tx = Int((input.x * geometry.scaleX).rounded(.down))
        let ty = Int((input.y * geometry.scaleY).rounded(.down))
        guard tx >= 0, ty >= 0, tx < geometry.tensorWidth, ty < geometry.tensorHeight else { continue }
        result[y * imageWidth + x] = mask[maskIndex(uprightX: tx, y: ty)]
      }
    }
    return result
  }
}

extension ImageTransform {
  /// The inverse map (the identity when the map is singular, which fitting never produces).
  public func inverted() -> ImageTransform {
    let determinant = a * d - b * c
    guard determinant != 0, determinant.isFinite else { return .identity }
    let ia = d / determinant
    let ib = -b / determinant
    let ic = -c / determinant
    let id = a / determinant
    return ImageTransform(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ib * ty), ty: -(ic * tx + id * ty))
  }
}
