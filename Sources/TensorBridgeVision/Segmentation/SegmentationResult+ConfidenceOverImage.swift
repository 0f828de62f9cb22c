// Confidence masks mapped to the segmented image's pixels.
extension SegmentationResult {
  /// The confidence masks over the image's own stored pixels (`imageWidth × imageHeight`), one
  /// per class: each pixel's centre is mapped through the orientation and the fit to the
  /// model's output, and the scores there are interpolated bilinearly, the edges clamped — what
  /// OpenCV's `resize` with `INTER_LINEAR` gives for a stretched fit, and so MediaPipe Tasks'
  /// confidence masks. Pixels the model did not see (outside a crop) score 0.
  ///
  /// - Returns: `nil` when the segmentation holds a category mask only (or sizes that do not
  ///   fit together).
  public func confidenceMasksOverImage() -> [[Float]]? {
    guard let scores = segmentation.confidenceMasks, !scores.isEmpty, inputWidth > 0, inputHeight > 0,
      imageWidth > 0, imageHeight > 0, scores.allSatisfy({ $0.count == segmentation.width * segmentation.height })
    else { return nil }
    let inverse = fitTransform.inverted()
    let swaps = orientation.swapsDimensions
    let tensorWidth = swaps ? segmentation.height : segmentation.width
    let tensorHeight = swaps ? segmentation.width : segmentation.height
    let scaleX = Double(tensorWidth) / Double(inputWidth)
    let scaleY = Double(tensorHeight) / Double(inputHeight)
    /// The sample positions and weights along one axis, clamped at the edges as OpenCV clamps.
    func taps(_ position: Double, count: Int) -> (Int, Int, Float) {
      let floor = position.rounded(.down)
      let first = Int(floor)
      if first < 0 { return (0, 0, 0) }
      if first >= count - 1 { return (count - 1, count - 1, 0) }
      return (first, first + 1, Float(position - floor))
    }
    func score(_ mask: [Float], x: Int, y: Int) -> Float {
      let stored = orientation.storedPixel(
        uprightX: x, y: y, storedWidth: segmentation.width, storedHeight: segmentation.height)
      return mask[stored.y * segmentation.width + stored.x]
    }
    var result = [[Float]](repeating: [Float](repeating: 0, count: imageWidth * imageHeight), count: scores.count)
    for y in 0..<imageHeight {
      for x in 0..<imageWidth {
        let upright = orientation.uprightPixel(storedX: x, y: y, storedWidth: imageWidth, storedHeight: imageHeight)
        let input = inverse.apply(x: Double(upright.x) + 0.5, y: Double(upright.y) + 0.5)
        guard input.x >= 0, input.y >= 0, input.x <= Double(inputWidth), input.y <= Double(inputHeight) else {
          continue
        }
        let (x0, x1, fx) = taps(input.x * scaleX - 0.5, count: tensorWidth)
        let (y0, y1, fy) = taps(input.y * scaleY - 0.5, count: tensorHeight)
        for (index, mask) in scores.enumerated() {
          let top = score(mask, x: x0, y: y0) * (1 - fx) + score(mask, x: x1, y: y0) * fx
          let bottom = score(mask, x: x0, y: y1) * (1 - fx) + score(mask, x: x1, y: y1) * fx
          result[index][y * imageWidth + x] = top * (1 - fy) + bottom * fy
        }
      }
    }
    return result
  }
}
