/// How an image is fitted into a model input of another size or aspect ratio.
public enum FitMode: Sendable, Equatable, CustomStringConvertible {
  /// Scale each axis independently to fill the input (the aspect ratio may change).
  case stretch
  /// Scale to cover the input and cut off what overflows, keeping the centre.
  case centerCrop
  /// Scale to fit inside the input and fill the borders with `fill` (a pixel value 0…255
  /// before normalization).
  case letterbox(fill: UInt8 = 0)

  /// The region of the source that is used and the region of the target it lands in, for a
  /// `sourceWidth × sourceHeight` image fitted into `targetWidth × targetHeight`.
  ///
  /// With ``ResizeFilter/bilinearWarp`` a letterbox is MediaPipe's: the source region is the
  /// image padded (in float32, around its centre) to the target's aspect ratio, reaching outside
  /// the image, and lands on the whole target, so the borders come from warping that region
  /// (border pixels `fill`) rather than from whole-pixel margins.
  public func regions(
    sourceWidth: Int, sourceHeight: Int, targetWidth: Int, targetHeight: Int, filter: ResizeFilter = .bilinear
  ) -> (source: ImageRect, target: ImageRect) {
    if case .letterbox = self, filter == .bilinearWarp {
      return Self.paddedRegions(
        sourceWidth: sourceWidth, sourceHeight: sourceHeight, targetWidth: targetWidth, targetHeight: targetHeight)
    }
    let sw = Double(sourceWidth)
    let sh = Double(sourceHeight)
    let tw = Double(targetWidth)
    let th = Double(targetHeight)
    let full = ImageRect(x: 0, y: 0, width: sw, height: sh)
    let target = ImageRect(x: 0, y: 0, width: tw, height: th)
    switch self {
    case .stretch:
      return (full, target)
    case .centerCrop:
      let scale = max(tw / sw, th / sh)
      let w = tw / scale
      let h = th / scale
      return (ImageRect(x: (sw - w) / 2, y: (sh - h) / 2, width: w, height: h), target)
    case .letterbox:
      let scale = min(tw / sw, th / sh)
      // Whole pixels for the image area so borders are uniform, as most letterboxing code does.
      let w = max(1, (sw * scale).rounded())
      let h = max(1, (sh * scale).rounded())
      let x = ((tw - w) / 2).rounded(.down)
      let y = ((th - h) / 2).rounded(.down)
      return (full, ImageRect(x: x, y: y, width: w, height: h))
    }
  }

  /// The map from target (model-input) coordinates back to source pixels.
  public func transform(
    sourceWidth: Int, sourceHeight: Int, targetWidth: Int, targetHeight: Int, filter: ResizeFilter = .bilinear
  ) -> ImageTransform {
    let (source, target) = regions(
      sourceWidth: sourceWidth, sourceHeight: sourceHeight,
      targetWidth: targetWidth, targetHeight: targetHeight, filter: filter)
    return Self.mapping(from: target, to: source)
  }

  /// MediaPipe's `PadRoi` with `keep_aspect_ratio` (float32, as MediaPipe computes it): the
  /// whole image widened or heightened around its centre to the target's aspect ratio.
  private static func paddedRegions(sourceWidth: Int, sourceHeight: Int, targetWidth: Int, targetHeight: Int)
    -> (source: ImageRect, target: ImageRect)
  {
    let width = Float(sourceWidth)
    let height = Float(sourceHeight)
    let targetAspect = Float(targetHeight) / Float(max(targetWidth, 1))
    let sourceAspect = height / max(width, 1)
    let (paddedWidth, paddedHeight) =
      targetAspect > sourceAspect ? (width, width * targetAspect) : (height / targetAspect, height)
    let left = width / 2 - paddedWidth / 2
    let top = height / 2 - paddedHeight / 2
    return (
      ImageRect(x: Double(left), y: Double(top), width: Double(paddedWidth), height: Double(paddedHeight)),
      ImageRect(x: 0, y: 0, width: Double(targetWidth), height: Double(targetHeight))
    )
  }

  /// The axis-aligned map taking rectangle `from` onto rectangle `to`.
  static func mapping(from: ImageRect, to: ImageRect) -> ImageTransform {
    let sx = from.width > 0 ? to.width / from.width : 1
    let sy = from.height > 0 ? to.height / from.height : 1
    return ImageTransform(scaleX: sx, scaleY: sy, translationX: to.x - from.x * sx, translationY: to.y - from.y * sy)
  }

  public var description: String {
    switch self {
    case .stretch: "stretch"
    case .centerCrop: "center crop"
    case .letterbox(let fill): "letterbox (fill \(fill))"
    }
  }
}
