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
  ///   - row: receives each output row index and its `width × channels.count` interleaved bytes.
  static func resample(
    _ image: PixelBuffer, channels: [Int], source: ImageRect, width: Int, height: Int, filter: ResizeFilter,
    row: (Int, UnsafeBufferPointer<UInt8>) throws -> Void
  ) rethrows {
    let channelCount = channels.count
    guard width > 0, height > 0, channelCount > 0 else { return }
    let x0 = min(max(source.minX, 0), Double(image.width)), x1 = min(max(source.maxX, x0), Double(image.width))
    let y0 = min(max(source.minY, 0), Double(image.height)), y1 = min(max(source.maxY, y0), Double(image.height))
    let vertical = ResampleKernel(inputSize: image.height, start: y0, end: y1, outputSize: height, filter: filter)
    let verticalIdentity = ResampleKernel.isIdentity(inputSize: image.height, start: y0, end: y1, outputSize: height)
    // Rows the vertical pass reads.
    var rowLow = image.height, rowHigh = 0
    if verticalIdentity {
      rowLow = 0
      rowHigh = image.height
    } else {
      for position in 0..<height where vertical.counts[position] > 0 {
        rowLow = min(rowLow, vertical.starts[position])
        rowHigh = max(rowHigh, vertical.starts[position] + vertical.counts[position])
      }
      if rowHigh <= rowLow { rowLow = 0; rowHigh = 1 }
    }
    let rowStride = width * channelCount
    var temp = [UInt8](repeating: 0, count: (rowHigh - rowLow) * rowStride)
    let horizontal = ResampleKernel(inputSize: image.width, start: x0, end: x1, outputSize: width, filter: filter)
    let half = Int32(1) << Int32(ResampleKernel.precisionBits - 1)
    let shift = Int32(ResampleKernel.precisionBits)
    let bpp = image.format.bytesPerPixel
    let stride = image.bytesPerRow

    image.bytes.withUnsafeBufferPointer { input in
      temp.withUnsafeMutableBufferPointer { tempBuffer in
        horizontal.weights.withUnsafeBufferPointer { weights in
          guard let src = input.baseAddress, let dst = tempBuffer.baseAddress, let k = weights.baseAddress else { return }
          let taps = horizontal.taps
          if channelCount == 3 {
            let c0 = channels[0], c1 = channels[1], c2 = channels[2]
            for y in rowLow..<rowHigh {
              let line = src + y * stride
              var out = dst + (y - rowLow) * rowStride
              for position in 0..<width {
                var s0 = half, s1 = half, s2 = half
                var p = line + horizontal.starts[position] * bpp
                let w = k + position * taps
                for tap in 0..<horizontal.counts[position] {
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
          } else {
            for y in rowLow..<rowHigh {
              let line = src + y * stride
              var out = dst + (y - rowLow) * rowStride
              for position in 0..<width {
                let w = k + position * taps
                let first = line + horizontal.starts[position] * bpp
                for channel in channels {
                  var sum = half
                  var p = first + channel
                  for tap in 0..<horizontal.counts[position] {
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

    if verticalIdentity {
      try temp.withUnsafeBufferPointer { buffer in
        for y in 0..<height {
          try row(y, UnsafeBufferPointer(rebasing: buffer[(y * rowStride)..<((y + 1) * rowStride)]))
        }
      }
      return
    }
    var line = [UInt8](repeating: 0, count: rowStride)
    try temp.withUnsafeBufferPointer { tempBuffer in
      try vertical.weights.withUnsafeBufferPointer { weights in
        guard let src = tempBuffer.baseAddress, let k = weights.baseAddress else { return }
        for y in 0..<height {
          let first = src + (vertical.starts[y] - rowLow) * rowStride
          let w = k + y * vertical.taps
          let count = vertical.counts[y]
          line.withUnsafeMutableBufferPointer { out in
            for x in 0..<rowStride {
              var sum = half
              var p = first + x
              for tap in 0..<count {
                sum &+= Int32(p[0]) &* w[tap]
                p += rowStride
              }
              out[x] = clip8(sum >> shift)
            }
          }
          try line.withUnsafeBufferPointer { try row(y, $0) }
        }
      }
    }
  }

  @inline(__always) static func clip8(_ value: Int32) -> UInt8 {
    value < 0 ? 0 : value > 255 ? 255 : UInt8(truncatingIfNeeded: value)
  }
}
