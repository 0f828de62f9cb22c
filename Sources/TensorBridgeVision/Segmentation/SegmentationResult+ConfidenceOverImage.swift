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
    guard let scores = segmentation.confidenceMasks, !scores.isEmpty,
      scores.allSatisfy({ $0.count == segmentation.width * segmentation.height }), let geometry = maskGeometry
    else { return nil }
    /// The sample positions and weights along one axis, clamped at the edges as OpenCV clamps.
    func taps(_ position: Double, count: Int) -> (Int, Int, Float) {
      let floor = position.rounded(.down)
      let first = Int(floor)
      if first < 0 { return (0, 0, 0) }
      if first >= count - 1 { return (count - 1, count - 1, 0) }
      return (first, first + 1, Float(position - floor))
    }
    var result = [[Float]](repeating: [Float](repeating: 0, count: imageWidth * imageHeight), count: scores.count)
    for y in 0..<imageHeight {
      for x in 0..<imageWidth {
        let upright = uprightImagePixel(x: x, y: y)
        let input = geometry.inverse.apply(x: Double(upright.x) + 0.5, y: Double(upright.y) + 0.5)
        guard input.x >= 0, input.y >= 0, input.x <= Double(inputWidth), input.y <= Double(inputHeight) else {
          continue
        }
        let (x0, x1, fx) = taps(input.x * geometry.scaleX - 0.5, count: geometry.tensorWidth)
        let (y0, y1, fy) = taps(input.y * geometry.scaleY - 0.5, count: geometry.tensorHeight)
        let (i00, i01) = (maskIndex(uprightX: x0, y: y0), maskIndex(uprightX: x1, y: y0))
        let (i10, i11) = (maskIndex(uprightX: x0, y: y1), maskIndex(uprightX: x1, y: y1))
        for (index, mask) in scores.enumerated() {
          let top = mask[i00] * (1 - fx) + mask[i01] * fx
          let bottom = mask[i10] * (1 - fx) + mask[i11] * fx
          result[index][y * imageWidth + x] = top * (1 - fy) + bottom * fy
        }
      }
    }
    return result
  }
}
