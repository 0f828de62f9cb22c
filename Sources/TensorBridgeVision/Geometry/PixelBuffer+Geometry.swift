extension PixelBuffer {
  /// The pixels inside `rect` (whole pixels: the edges are rounded outward to integers).
  ///
  /// - Throws: ``ImageError/regionOutOfBounds(x:y:width:height:imageWidth:imageHeight:)`` when
  ///   `rect` is empty or not inside the image.
  public func cropped(to rect: ImageRect) throws(ImageError) -> PixelBuffer {
    try checkRegion(rect)
    let left = Int(rect.minX.rounded(.down))
    let top = Int(rect.minY.rounded(.down))
    let right = Int(rect.maxX.rounded(.up))
    let bottom = Int(rect.maxY.rounded(.up))
    guard left >= 0, top >= 0, right <= width, bottom <= height,
      right > left, bottom > top
    else {
      throw .regionOutOfBounds(
        x: rect.x, y: rect.y, width: rect.width, height: rect.height,
        imageWidth: width, imageHeight: height)
    }
    let bpp = format.bytesPerPixel
    let rowBytes = (right - left) * bpp
    var out = [UInt8](repeating: 0, count: rowBytes * (bottom - top))
    for y in top..<bottom {
      let from = y * bytesPerRow + left * bpp
      out.replaceSubrange((y - top) * rowBytes..<(y - top + 1) * rowBytes, with: bytes[from..<from + rowBytes])
    }
    return PixelBuffer(
      uncheckedWidth: right - left, height: bottom - top, format: format, bytesPerRow: rowBytes, bytes: out)
  }

  /// The largest centred square (odd leftovers go to the right and bottom edge).
  public func centerSquareCropped() -> PixelBuffer {
    let side = min(width, height)
    let rect = ImageRect(
      x: Double((width - side) / 2), y: Double((height - side) / 2), width: Double(side), height: Double(side))
    // In bounds by construction.
    return (try? cropped(to: rect)) ?? self
  }

  /// The rectangle of the largest centred square, in this image's pixels.
  public var centerSquare: ImageRect {
    let side = Double(min(width, height))
    return ImageRect(x: (Double(width) - side) / 2, y: (Double(height) - side) / 2, width: side, height: side)
  }

  /// The image (or the region `source` of it) resampled to `width × height`, same format.
  /// Large downscales first average integer blocks (see ``ResizeFilter/defaultReducingGap``;
  /// `reducingGap: nil` resamples directly).
  ///
  /// - Throws: ``ImageError/invalidGeometry(width:height:bytesPerRow:format:)`` for a
  ///   non-positive size, ``ImageError/regionOutOfBounds(x:y:width:height:imageWidth:imageHeight:)``
  ///   for a region outside the image.
  public func resized(
    width newWidth: Int, height newHeight: Int, from source: ImageRect? = nil, filter: ResizeFilter = .bilinear,
    reducingGap: Double? = ResizeFilter.defaultReducingGap
  ) throws(ImageError) -> PixelBuffer {
    let region = source ?? ImageRect(x: 0, y: 0, width: Double(width), height: Double(height))
    try checkRegion(region)
    return try resampled(width: newWidth, height: newHeight, from: region, filter: filter, reducingGap: reducingGap)
  }

  /// `region` resampled to `width × height` (see `Resampler.resample`; `outside` lets a
  /// ``ResizeFilter/bilinearWarp`` region reach outside the image, reading that value there).
  private func resampled(
    width newWidth: Int, height newHeight: Int, from region: ImageRect, filter: ResizeFilter, reducingGap: Double?,
    outside: UInt8? = nil
  ) throws(ImageError) -> PixelBuffer {
    let rowBytes = newWidth &* format.bytesPerPixel
    let count = try Self.requiredByteCount(width: newWidth, height: newHeight, bytesPerRow: rowBytes, format: format)
    var out = [UInt8](repeating: outside ?? 0, count: count)
    out.withUnsafeMutableBufferPointer { destination in
      Resampler.resample(
        self, channels: Array(0..<format.bytesPerPixel), source: region, width: newWidth,
        height: newHeight, filter: filter, reducingGap: reducingGap, outside: outside
      ) { y, row in
        _ = UnsafeMutableBufferPointer(rebasing: destination[(y * rowBytes)..<((y + 1) * rowBytes)]).update(
          fromContentsOf: row)
      }
    }
    return PixelBuffer(uncheckedWidth: newWidth, height: newHeight, format: format, bytesPerRow: rowBytes, bytes: out)
  }

  /// The image fitted into `width × height` with `mode`, and the transform from the result's
  /// coordinates back to this image's pixels. Letterbox borders are `fill` in every channel
  /// (alpha included).
  public func fitted(
    width newWidth: Int, height newHeight: Int, mode: FitMode, filter: ResizeFilter = .bilinear,
    reducingGap: Double? = ResizeFilter.defaultReducingGap
  ) throws(ImageError) -> (image: PixelBuffer, transform: ImageTransform) {
    let (source, target) = mode.regions(
      sourceWidth: width, sourceHeight: height, targetWidth: newWidth, targetHeight: newHeight, filter: filter)
    let transform = FitMode.mapping(from: target, to: source)
    if case .letterbox(let fill) = mode, filter == .bilinearWarp {
      // MediaPipe's letterbox: one warp of the padded region, border pixels `fill`.
      let image = try resampled(
        width: newWidth, height: newHeight, from: source, filter: filter, reducingGap: nil, outside: fill)
      return (image, transform)
    }
    guard case .letterbox(let fill) = mode else {
      return (
        try resized(width: newWidth, height: newHeight, from: source, filter: filter, reducingGap: reducingGap),
        transform
      )
    }
    let inner = try resized(
      width: Int(target.width), height: Int(target.height), from: source, filter: filter,
      reducingGap: reducingGap)
    var canvas = try PixelBuffer(width: newWidth, height: newHeight, format: format, filledWith: fill)
    canvas.paste(inner, x: Int(target.x), y: Int(target.y))
    return (canvas, transform)
  }

  /// Copies `other` (same format) with its top-left corner at `(x, y)`, clipped to this image.
  mutating func paste(_ other: PixelBuffer, x: Int, y: Int) {
    guard other.format == format else { return }
    let bpp = format.bytesPerPixel
    let left = max(0, x)
    let right = min(width, x + other.width)
    guard right > left else { return }
    for row in max(0, y)..<min(height, y + other.height) {
      let count: Int = (right - left) * bpp
      let from: Int = (row - y) * other.bytesPerRow + (left - x) * bpp
      let to: Int = row * bytesPerRow + left * bpp
      bytes.replaceSubrange(to..<(to + count), with: other.bytes[from..<(from + count)])
    }
  }

  /// The stored pixels turned upright for `orientation` (the EXIF meaning of the tag).
  public func oriented(_ orientation: ImageOrientation) -> PixelBuffer {
    if orientation == .up { return self }
    let newWidth = orientation.swapsDimensions ? height : width
    let newHeight = orientation.swapsDimensions ? width : height
    let bpp = format.bytesPerPixel
    var out = [UInt8](repeating: 0, count: newWidth * newHeight * bpp)
    bytes.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { destination in
        var d = 0
        for y in 0..<newHeight {
          for x in 0..<newWidth {
            let stored = orientation.storedPixel(uprightX: x, y: y, storedWidth: width, storedHeight: height)
            let s = stored.y * bytesPerRow + stored.x * bpp
            for channel in 0..<bpp { destination[d + channel] = source[s + channel] }
            d += bpp
          }
        }
      }
    }
    return PixelBuffer(
      uncheckedWidth: newWidth, height: newHeight, format: format, bytesPerRow: newWidth * bpp, bytes: out)
  }

  func checkRegion(_ region: ImageRect) throws(ImageError) {
    let epsilon = 1e-9
    let limitX: Double = Double(width) + epsilon
    let limitY: Double = Double(height) + epsilon
    let finite = region.x.isFinite && region.y.isFinite && region.width.isFinite && region.height.isFinite
    let positive = finite && region.width > 0 && region.height > 0
    let inside = region.minX >= -epsilon && region.minY >= -epsilon && region.maxX <= limitX && region.maxY <= limitY
    guard positive, inside else {
      throw .regionOutOfBounds(
        x: region.x, y: region.y, width: region.width, height: region.height,
        imageWidth: width, imageHeight: height)
    }
  }
}
