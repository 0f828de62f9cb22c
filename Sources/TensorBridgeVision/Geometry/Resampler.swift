import CVisionCodecs

/// Separable resampling of selected channels of a ``PixelBuffer`` region, with Pillow's
/// fixed-point arithmetic: a horizontal pass over only the rows the vertical pass needs, into
/// 8-bit intermediate rows, then a vertical pass handing each finished output row to a sink.
/// The sink writes the row wherever it belongs (another buffer, a tensor), so nothing else is
/// copied.
enum Resampler {
  /// Resamples `source` (clamped to the image) to `width × height`.
  ///
  /// - Parameters:
  ///   - channels: byte offsets inside a pixel to read, in output order (e.g. `[2, 1, 0]` for
  ///     BGR out of RGBA); 1 to 4 of them.
  ///   - reducingGap: when the region is at least twice this many times larger than the output
  ///     along an axis, it is first averaged over integer blocks (``BoxReducer``) so that the
  ///     filter still shrinks it by at least `reducingGap`, as Pillow's
  ///     `Image.resize(size, filter, box, reducing_gap)`; nil resamples the whole region directly.
  ///   - vectorized: the horizontal passes, every vertical pass and the block reduction run in
  ///     `tbv_resample_horizontal`, `tbv_resample_vertical_row` and
  ///     `tbv_box_reduce` (the same arithmetic compiled for the CPU's vector units, chosen at run
  ///     time); false keeps them in the Swift loops, the reference the tests compare the
  ///     vectorized passes with.
  ///   - outside: with ``ResizeFilter/bilinearWarp``, the value of pixels outside the image,
  ///     whose region may then reach outside it (MediaPipe's letterbox); nil clamps the region
  ///     to the image and repeats its edge pixels.
  ///   - row: receives each output row index and its `width × channels.count` interleaved bytes.
  static func resample(
    _ image: PixelBuffer, channels: [Int], source: ImageRect, width: Int, height: Int, filter: ResizeFilter,
    reducingGap: Double? = nil, outside: UInt8? = nil, vectorized: Bool = true,
    row: (Int, UnsafeBufferPointer<UInt8>) throws -> Void
  ) rethrows {
    let channelCount = channels.count
    guard width > 0, height > 0, channelCount > 0 else { return }
    let x0 = min(max(source.minX, 0), Double(image.width))
    let x1 = min(max(source.maxX, x0), Double(image.width))
    let y0 = min(max(source.minY, 0), Double(image.height))
    let y1 = min(max(source.maxY, y0), Double(image.height))
    if filter == .bilinearTwoTap,
      let scaled = YuvScaler.scale(
        image, channels: channels, x0: x0, y0: y0, x1: x1, y1: y1, width: width, height: height)
    {
      try emitRows(of: scaled, height: height, stride: width * channelCount, row: row)
      return
    }
    // MediaPipe's letterbox warps a region reaching outside the image (`outside` there).
    if filter == .bilinearWarp,
      let scaled = outside == nil
        ? WarpScaler.scale(image, channels: channels, x0: x0, y0: y0, x1: x1, y1: y1, width: width, height: height)
        : WarpScaler.scale(
          image, channels: channels, x0: source.minX, y0: source.minY, x1: source.maxX, y1: source.maxY, width: width,
          height: height, outside: outside)
    {
      try emitRows(of: scaled, height: height, stride: width * channelCount, row: row)
      return
    }
    if let reducingGap,
      let reduced = reduce(
        image, channels: channels, x0: x0, y0: y0, x1: x1, y1: y1,
        width: width, height: height, filter: filter, gap: reducingGap, vectorized: vectorized)
    {
      let r = reduced.region
      try resample(
        reduced.image, channels: Array(0..<channelCount), x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1,
        width: width, height: height, filter: filter, vectorized: vectorized, row: row)
    } else {
      try resample(
        image, channels: channels, x0: x0, y0: y0, x1: x1, y1: y1, width: width, height: height, filter: filter,
        vectorized: vectorized, row: row)
    }
  }

  /// Resamples the region `x0…x1 × y0…y1` (inside the image) with the filter alone.
  private static func resample(
    _ image: PixelBuffer, channels: [Int], x0: Double, y0: Double, x1: Double, y1: Double, width: Int, height: Int,
    filter: ResizeFilter, vectorized: Bool, row: (Int, UnsafeBufferPointer<UInt8>) throws -> Void
  ) rethrows {
    let channelCount = channels.count
    let vertical = ResampleKernel(inputSize: image.height, start: y0, end: y1, outputSize: height, filter: filter)
    let verticalIdentity = ResampleKernel.isIdentity(inputSize: image.height, start: y0, end: y1, outputSize: height)
    // Rows the vertical pass reads.
    var rowLow = image.height
    var rowHigh = 0
    if verticalIdentity {
      rowLow = 0
      rowHigh = image.height
    } else {
      for position in 0..<height where vertical.counts[position] > 0 {
        rowLow = min(rowLow, vertical.starts[position])
        rowHigh = max(rowHigh, vertical.starts[position] + vertical.counts[position])
      }
      if rowHigh <= rowLow {
        rowLow = 0
        rowHigh = 1
      }
    }
    let rowStride = width * channelCount
    var temp = [UInt8](repeating: 0, count: (rowHigh - rowLow) * rowStride)
    let horizontal = ResampleKernel(inputSize: image.width, start: x0, end: x1, outputSize: width, filter: filter)
    temp.withUnsafeMutableBufferPointer { tempBuffer in
      horizontalPass(
        image, channels: channels, kernel: horizontal, rows: rowLow..<rowHigh, into: tempBuffer, vectorized: vectorized)
    }

    if verticalIdentity {
      try emitRows(of: temp, height: height, stride: rowStride, row: row)
      return
    }
    // Vertical pass, tap by tap across the whole row: contiguous loops the compiler vectorizes
    // (the same integer sums as Pillow's pixel-by-pixel order).
    let half = Int32(1) << Int32(ResampleKernel.precisionBits - 1)
    let shift = Int32(ResampleKernel.precisionBits)
    var line = [UInt8](repeating: 0, count: rowStride)
    var sums = [Int32](repeating: 0, count: rowStride)
    try temp.withUnsafeBufferPointer { tempBuffer in
      try vertical.weights.withUnsafeBufferPointer { weights in
        try sums.withUnsafeMutableBufferPointer { sumBuffer in
          guard let src = tempBuffer.baseAddress, let k = weights.baseAddress, let sum = sumBuffer.baseAddress else {
            return
          }
          for y in 0..<height {
            let first = src + (vertical.starts[y] - rowLow) * rowStride
            let w = k + y * vertical.taps
            if vectorized {
              // The rows `starts[y]..<starts[y] + counts[y]` are inside `temp` (rowLow...rowHigh).
              line.withUnsafeMutableBufferPointer { out in
                guard let o = out.baseAddress else { return }
                tbv_resample_vertical_row(first, rowStride, rowStride, w, vertical.counts[y], shift, sum, o)
              }
            } else {
              sum.update(repeating: half, count: rowStride)
              for tap in 0..<vertical.counts[y] {
                let weight = w[tap]
                let p = first + tap * rowStride
                for x in 0..<rowStride { sum[x] &+= Int32(p[x]) &* weight }
              }
              line.withUnsafeMutableBufferPointer { out in
                for x in 0..<rowStride { out[x] = clip8(sum[x] >> shift) }
              }
            }
            try line.withUnsafeBufferPointer { try row(y, $0) }
          }
        }
      }
    }
  }

  /// Hands `row` the first `height` rows of `stride` bytes each of the packed `pixels`.
  private static func emitRows(
    of pixels: [UInt8], height: Int, stride: Int, row: (Int, UnsafeBufferPointer<UInt8>) throws -> Void
  ) rethrows {
    try pixels.withUnsafeBufferPointer { buffer in
      for y in 0..<height {
        try row(y, UnsafeBufferPointer(rebasing: buffer[(y * stride)..<((y + 1) * stride)]))
      }
    }
  }

  /// Resamples `rows` of the image horizontally into consecutive rows of `temp`
  /// (`kernel.outputSize × channels.count` bytes each).
  private static func horizontalPass(
    _ image: PixelBuffer, channels: [Int], kernel: ResampleKernel, rows: Range<Int>,
    into temp: UnsafeMutableBufferPointer<UInt8>,
    vectorized: Bool
  ) {
    let half = Int32(1) << Int32(ResampleKernel.precisionBits - 1)
    let shift = Int32(ResampleKernel.precisionBits)
    let bpp = image.format.bytesPerPixel
    let stride = image.bytesPerRow
    let width = kernel.outputSize
    let rowStride = width * channels.count
    let taps = kernel.taps
    image.bytes.withUnsafeBufferPointer { input in
      kernel.weights.withUnsafeBufferPointer { weights in
        kernel.starts.withUnsafeBufferPointer { starts in
          kernel.counts.withUnsafeBufferPointer { counts in
            guard let src = input.baseAddress, let dst = temp.baseAddress, let k = weights.baseAddress else { return }
            if vectorized, (1...4).contains(channels.count), channels.allSatisfy({ (0..<bpp).contains($0) }),
              let first = starts.baseAddress, let count = counts.baseAddress
            {
              // The kernel's taps lie inside the row and `rows` inside the image (both clamped
              // when they were made), so every read is inside `image.bytes`, and so is each row
              // from its start up to the last byte read in it.
              channels.withUnsafeBufferPointer { offsets in
                tbv_resample_horizontal(
                  src + rows.lowerBound * stride, stride, bpp, offsets.baseAddress, channels.count,
                  rows.count, first, count, k, taps, width, Int32(ResampleKernel.precisionBits), dst)
              }
            } else if channels.count == 3 {
              // Constant offsets for packed RGB (decoded JPEGs) free registers in the hot loop.
              if channels == [0, 1, 2], bpp == 3 {
                horizontalThreeChannels(
                  src, stride: stride, bpp: 3, 0, 1, 2, kernel: k, taps: taps, starts: starts, counts: counts,
                  rows: rows, into: dst, rowStride: rowStride)
              } else {
                horizontalThreeChannels(
                  src, stride: stride, bpp: bpp, channels[0], channels[1], channels[2], kernel: k,
                  taps: taps, starts: starts, counts: counts, rows: rows, into: dst, rowStride: rowStride)
              }
            } else {
              for y in rows {
                let line = src + y * stride
                var out = dst + (y - rows.lowerBound) * rowStride
                for position in 0..<width {
                  let w = k + position * taps
                  let first = line + starts[position] * bpp
                  for channel in channels {
                    var sum = half
                    var p = first + channel
                    for tap in 0..<counts[position] {
                      sum &+= Int32(p[0]) &* w[tap]
                      p += bpp
                    }
                    out[0] = clip8(sum >> shift)
                    out += 1
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// The three-channel horizontal pass (offsets `c0`, `c1`, `c2` inside a pixel).
  @inline(__always)
  private static func horizontalThreeChannels(
    _ src: UnsafePointer<UInt8>, stride: Int, bpp: Int, _ c0: Int, _ c1: Int, _ c2: Int, kernel k: UnsafePointer<Int32>,
    taps: Int,
    starts: UnsafeBufferPointer<Int>, counts: UnsafeBufferPointer<Int>, rows: Range<Int>,
    into dst: UnsafeMutablePointer<UInt8>, rowStride: Int
  ) {
    let half = Int32(1) << Int32(ResampleKernel.precisionBits - 1)
    let shift = Int32(ResampleKernel.precisionBits)
    let width = rowStride / 3
    // Two rows at a time share each position's start, count and weights.
    var y = rows.lowerBound
    while y + 1 < rows.upperBound {
      let line0 = src + y * stride
      let line1 = line0 + stride
      var out0 = dst + (y - rows.lowerBound) * rowStride
      var out1 = out0 + rowStride
      for position in 0..<width {
        var a0 = half
        var a1 = half
        var a2 = half
        var b0 = half
        var b1 = half
        var b2 = half
        let offset = starts[position] * bpp
        var p = line0 + offset
        var q = line1 + offset
        let w = k + position * taps
        for tap in 0..<counts[position] {
          let weight = w[tap]
          a0 &+= Int32(p[c0]) &* weight
          a1 &+= Int32(p[c1]) &* weight
          a2 &+= Int32(p[c2]) &* weight
          b0 &+= Int32(q[c0]) &* weight
          b1 &+= Int32(q[c1]) &* weight
          b2 &+= Int32(q[c2]) &* weight
          p += bpp
          q += bpp
        }
        out0[0] = clip8(a0 >> shift)
        out0[1] = clip8(a1 >> shift)
        out0[2] = clip8(a2 >> shift)
        out1[0] = clip8(b0 >> shift)
        out1[1] = clip8(b1 >> shift)
        out1[2] = clip8(b2 >> shift)
        out0 += 3
        out1 += 3
      }
      y += 2
    }
    for y in y..<rows.upperBound {
      let line = src + y * stride
      var out = dst + (y - rows.lowerBound) * rowStride
      for position in 0..<width {
        var s0 = half
        var s1 = half
        var s2 = half
        var p = line + starts[position] * bpp
        let w = k + position * taps
        for tap in 0..<counts[position] {
          let weight = w[tap]
          s0 &+= Int32(p[c0]) &* weight
          s1 &+= Int32(p[c1]) &* weight
          s2 &+= Int32(p[c2]) &* weight
          p += bpp
        }
        out[0] = clip8(s0 >> shift)
        out[1] = clip8(s1 >> shift)
        out[2] = clip8(s2 >> shift)
        out += 3
      }
    }
  }

  /// The box-reduced image and the region of it to resample, when `gap` calls for a reduction
  /// (Pillow's factor choice and `_get_safe_box`, which widens the reduced block range by the
  /// filter's support so the second pass sees the same neighbourhood).
  private static func reduce(
    _ image: PixelBuffer, channels: [Int], x0: Double, y0: Double, x1: Double, y1: Double,
    width: Int, height: Int, filter: ResizeFilter, gap: Double, vectorized: Bool
  ) -> (image: PixelBuffer, region: (x0: Double, y0: Double, x1: Double, y1: Double))? {
    guard gap >= 1, gap.isFinite, filter.widensOnDownscale else { return nil }
    // Pillow's int(): truncation. Capped so a block's sum stays within 32 bits.
    let scaleX = (x1 - x0) / Double(width)
    let scaleY = (y1 - y0) / Double(height)
    let factorX = max(1, min(Int((scaleX / gap).rounded(.towardZero)), 4096))
    let factorY = max(1, min(Int((scaleY / gap).rounded(.towardZero)), 4096))
    guard factorX > 1 || factorY > 1 else { return nil }
    let support = filter.support - 0.5
    let left = max(0, Int((x0 - support * scaleX).rounded(.towardZero)))
    let top = max(0, Int((y0 - support * scaleY).rounded(.towardZero)))
    let right = min(image.width, Int((x1 + support * scaleX).rounded(.up)))
    let bottom = min(image.height, Int((y1 + support * scaleY).rounded(.up)))
    guard right > left, bottom > top,
      let reduced = BoxReducer.reduce(
        image, channels: channels, box: .init(x: left, y: top, width: right - left, height: bottom - top),
        xscale: factorX, yscale: factorY, vectorized: vectorized)
    else { return nil }
    let fx = Double(factorX)
    let fy = Double(factorY)
    return (
      reduced, ((x0 - Double(left)) / fx, (y0 - Double(top)) / fy, (x1 - Double(left)) / fx, (y1 - Double(top)) / fy)
    )
  }

  @inline(__always) static func clip8(_ value: Int32) -> UInt8 {
    value < 0 ? 0 : value > 255 ? 255 : UInt8(truncatingIfNeeded: value)
  }
}
