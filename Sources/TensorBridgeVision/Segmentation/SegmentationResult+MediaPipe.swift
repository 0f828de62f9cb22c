// MediaPipe Tasks' category mask over the image (``MaskUpsampling/mediaPipe``).
extension SegmentationResult {
  /// The category mask MediaPipe's CPU post-processing gives at the image's size, or `nil`
  /// without scores or when the fit is not a stretch of the whole upright image onto the input.
  func mediaPipeCategoryMask() -> [UInt8]? {
    guard let scores = segmentation.confidenceMasks, !scores.isEmpty,
      scores.allSatisfy({ $0.count == segmentation.width * segmentation.height }), let geometry = maskGeometry
    else { return nil }
    let (uprightWidth, uprightHeight) = (geometry.uprightWidth, geometry.uprightHeight)
    let origin = fitTransform.apply(x: 0, y: 0)
    let corner = fitTransform.apply(x: Double(inputWidth), y: Double(inputHeight))
    guard fitTransform.b == 0, fitTransform.c == 0, abs(origin.x) < 1e-6, abs(origin.y) < 1e-6,
      abs(corner.x - Double(uprightWidth)) < 1e-6, abs(corner.y - Double(uprightHeight)) < 1e-6
    else { return nil }
    let (tensorWidth, tensorHeight) = (geometry.tensorWidth, geometry.tensorHeight)
    func alignedScale(_ model: Int, _ image: Int) -> Float { image > 1 ? Float(model - 1) / Float(image - 1) : 0 }
    let widthScale = alignedScale(tensorWidth, uprightWidth)
    let heightScale = alignedScale(tensorHeight, uprightHeight)
    func score(_ mask: [Float], x: Int, y: Int) -> Float { mask[maskIndex(uprightX: x, y: y)] }
    func lerp(_ a: Float, _ b: Float, _ t: Float) -> Float { a + (b - a) * t }
    var result = [UInt8](repeating: segmentation.backgroundValue, count: imageWidth * imageHeight)
    var interpolated = [Float](repeating: 0, count: scores.count)
    for y in 0..<imageHeight {
      for x in 0..<imageWidth {
        let upright = uprightImagePixel(x: x, y: y)
        let row = Float(upright.y) * heightScale
        let column = Float(upright.x) * widthScale
        let y0 = Int(max(row.rounded(.down), 0))
        let x0 = Int(max(column.rounded(.down), 0))
        let y1 = Int(min(row.rounded(.up), Float(tensorHeight - 1)))
        let x1 = Int(min(column.rounded(.up), Float(tensorWidth - 1)))
        let t0 = max(min(row - Float(y0), 1), 0)
        let t1 = max(min(column - Float(x0), 1), 0)
        for (index, mask) in scores.enumerated() {
          interpolated[index] = lerp(
            lerp(score(mask, x: x0, y: y0), score(mask, x: x0, y: y1), t0),
            lerp(score(mask, x: x1, y: y0), score(mask, x: x1, y: y1), t0), t1)
        }
        if interpolated.count == 1 {
          result[y * imageWidth + x] = interpolated[0] > 0.5 ? 0 : Segmentation.unlabeled
        } else {
          var best = 0
          for index in interpolated.indices where interpolated[index] > interpolated[best] { best = index }
          result[y * imageWidth + x] = UInt8(best)
        }
      }
    }
    return result
  }
}
