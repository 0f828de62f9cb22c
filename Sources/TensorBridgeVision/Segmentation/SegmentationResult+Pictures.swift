extension SegmentationResult {
  /// The category mask over the image's pixels as an 8-bit gray image whose values are class
  /// indices (the file `segment --mask` writes).
  ///
  /// - Returns: `nil` for sizes that do not fit together.
  public func maskImage() -> PixelBuffer? {
    guard let mask = categoryMaskOverImage() else { return nil }
    return try? PixelBuffer(width: imageWidth, height: imageHeight, format: .gray8, bytes: mask)
  }

  /// A single-class model's score at each of the image's pixels as an 8-bit gray image (a soft
  /// foreground mask, what a background blur uses; the file `segment --confidence` writes):
  /// ``confidenceMasksOverImage()`` clamped to 0…1 and scaled to 0…255.
  ///
  /// - Returns: `nil` when the segmentation holds a category mask only, or several classes
  ///   (whose scores may be logits: their confidence masks are the place to read them).
  public func confidenceImage() -> PixelBuffer? {
    guard segmentation.isBinaryForeground, let mask = confidenceMasksOverImage()?.first else { return nil }
    let bytes = mask.map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
    return try? PixelBuffer(width: imageWidth, height: imageHeight, format: .gray8, bytes: bytes)
  }

  /// `image` (the pixels that were segmented) with every pixel not of the background
  /// (``Segmentation/backgroundValue``: class 0, or no class for a single-class model's binary
  /// foreground mask) blended with its class colour (the file `segment --overlay` writes).
  ///
  /// - Parameters:
  ///   - image: The segmented image, as passed to ``ImageSegmenter/segment(_:orientation:)``.
  ///   - opacity: The colours' weight, 0…1.
  /// - Returns: An RGB image, or `nil` when the image is not the segmented one's size.
  public func overlay(on image: PixelBuffer, opacity: Double = 0.55) -> PixelBuffer? {
    guard image.width == imageWidth, image.height == imageHeight, let mask = categoryMaskOverImage() else { return nil }
    let rgb = image.converted(to: .rgb8)
    let alpha = min(max(opacity, 0), 1)
    var bytes = [UInt8](repeating: 0, count: imageWidth * imageHeight * 3)
    let labels = segmentation.coloredLabels
    let background = Int(segmentation.backgroundValue)
    for y in 0..<imageHeight {
      for x in 0..<imageWidth {
        let source = rgb.offset(x: x, y: y)
        let target = (y * imageWidth + x) * 3
        let classIndex = Int(mask[y * imageWidth + x])
        let original = (rgb.bytes[source], rgb.bytes[source + 1], rgb.bytes[source + 2])
        guard classIndex != background, labels.indices.contains(classIndex) else {
          (bytes[target], bytes[target + 1], bytes[target + 2]) = original
          continue
        }
        let label = labels[classIndex]
        func blend(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * (1 - alpha) + Double(b) * alpha).rounded()) }
        bytes[target] = blend(original.0, label.red)
        bytes[target + 1] = blend(original.1, label.green)
        bytes[target + 2] = blend(original.2, label.blue)
      }
    }
    return try? PixelBuffer(width: imageWidth, height: imageHeight, format: .rgb8, bytes: bytes)
  }

  /// The share of the image's pixels in each class, for the classes present, largest first
  /// (``Segmentation/unlabeled`` stands for the background of a binary foreground mask).
  public func classShares() -> [(index: Int, share: Double)] {
    guard let mask = categoryMaskOverImage(), !mask.isEmpty else { return [] }
    var counts = [Int](repeating: 0, count: 256)
    for value in mask { counts[Int(value)] += 1 }
    return counts.enumerated().filter { $0.element > 0 }
      .map { (index: $0.offset, share: Double($0.element) / Double(mask.count)) }
      .sorted { $0.share != $1.share ? $0.share > $1.share : $0.index < $1.index }
  }
}
