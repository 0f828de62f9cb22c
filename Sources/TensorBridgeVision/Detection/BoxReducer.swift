import CVisionCodecs

/// Integer box reduction, as Pillow's `Image.reduce(factor, box)`: each output pixel is the
/// rounded average of an `xscale × yscale` block of source pixels (blocks cut short by the
/// box's right or bottom edge average the pixels they have), with Pillow's fixed-point
/// rounding, so the result is the same bytes.
///
/// It is the first step of a large downscale (see ``Resampler``): averaging whole blocks reads
/// every source byte once with additions only, leaving the antialiased filter a small image.
/// The loops run in `tbv_box_reduce` (the same arithmetic compiled for AVX2, SSE4.1 or NEON,
/// chosen at run time); the Swift loops below are the reference the tests compare it with.
enum BoxReducer {
  /// A region of whole pixels.
  struct Box {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
  }

  /// The reduced pixels of `box`, packed, holding only `channels` (byte offsets inside a pixel)
  /// in that order: 1 channel gives ``PixelFormat/gray8``, 3 give ``PixelFormat/rgb8`` and 4
  /// give ``PixelFormat/rgba8``. Nil for other channel counts, an empty or outside box, or blocks
  /// of more than 2^24 pixels (whose sums would not fit 32 bits).
  ///
  /// - Parameter vectorized: run `tbv_box_reduce`; false keeps the Swift loops (the reference).
  static func reduce(
    _ image: PixelBuffer, channels: [Int], box: Box, xscale: Int, yscale: Int, vectorized: Bool = true
  ) -> PixelBuffer? {
    let format: PixelFormat
    switch channels.count {
    case 1: format = .gray8
    case 3: format = .rgb8
    case 4: format = .rgba8
    default: return nil
    }
    let bpp = image.format.bytesPerPixel
    guard xscale >= 1, yscale >= 1, box.width > 0, box.height > 0, box.x >= 0, box.y >= 0,
      box.x + box.width <= image.width, box.y + box.height <= image.height,
      channels.allSatisfy({ (0..<bpp).contains($0) }), xscale <= 1 << 24, yscale <= 1 << 24,
      xscale * yscale <= 1 << 24
    else { return nil }
    if vectorized {
      return reduceInC(image, channels: channels, box: box, xscale: xscale, yscale: yscale, format: format)
    }
    // A block's sum stays below 2^16 in 16-bit lanes for up to 257 pixels.
    return xscale * yscale <= 257
      ? reduce(image, channels: channels, box: box, xscale: xscale, yscale: yscale, format: format, lanes: UInt16.self)
      : reduce(image, channels: channels, box: box, xscale: xscale, yscale: yscale, format: format, lanes: UInt32.self)
  }

  /// ``reduce(_:channels:box:xscale:yscale:vectorized:)`` in `tbv_box_reduce`, with the box,
  /// channels and scales already checked.
  private static func reduceInC(
    _ image: PixelBuffer, channels: [Int], box: Box, xscale: Int, yscale: Int, format: PixelFormat
  ) -> PixelBuffer {
    let n = channels.count
    let bpp = image.format.bytesPerPixel
    let outWidth = (box.width + xscale - 1) / xscale
    let outHeight = (box.height + yscale - 1) / yscale
    var out = [UInt8](repeating: 0, count: outWidth * n * outHeight)
    var scratch = [UInt32](repeating: 0, count: tbv_box_reduce_scratch_count(box.width, n, xscale))
    image.bytes.withUnsafeBufferPointer { input in
      channels.withUnsafeBufferPointer { offsets in
        scratch.withUnsafeMutableBufferPointer { scratchBuffer in
          out.withUnsafeMutableBufferPointer { outBuffer in
            guard let src = input.baseAddress, let offset = offsets.baseAddress, let work = scratchBuffer.baseAddress,
              let dst = outBuffer.baseAddress
            else { return }
            // The box is inside the image and the channels inside a pixel (checked by the
            // caller), so every read is inside `image.bytes`.
            tbv_box_reduce(
              src + box.y * image.bytesPerRow + box.x * bpp, image.bytesPerRow, bpp, offset, n, box.width,
              box.height, xscale, yscale, work, dst)
          }
        }
      }
    }
    return PixelBuffer(
      uncheckedWidth: outWidth, height: outHeight, format: format, bytesPerRow: outWidth * n, bytes: out)
  }

  /// Per block row: sums the block's source rows (`columns`), then sums each element with the
  /// `xscale - 1` elements one pixel apart (`blocks`), so `blocks` holds every block's sum at
  /// its first pixel. Both passes are straight loops over contiguous memory, which the
  /// compiler vectorizes; the extra sums at the other positions cost less than gathering.
  private static func reduce<Lane: FixedWidthInteger & UnsignedInteger>(
    _ image: PixelBuffer, channels: [Int], box: Box, xscale: Int, yscale: Int, format: PixelFormat,
    lanes: Lane.Type
  ) -> PixelBuffer {
    let n = channels.count
    let bpp = image.format.bytesPerPixel
    let outWidth = (box.width + xscale - 1) / xscale
    let outHeight = (box.height + yscale - 1) / yscale
    let outStride = outWidth * n
    var out = [UInt8](repeating: 0, count: outStride * outHeight)
    let rowElements = box.width * n
    // Zero padding after the row lets a short last block sum past the edge.
    var columns = [Lane](repeating: 0, count: rowElements + xscale * n)
    var blocks = [Lane](repeating: 0, count: rowElements)
    let contiguous = channels == Array(0..<bpp)
    let stride = image.bytesPerRow
    image.bytes.withUnsafeBufferPointer { input in
      columns.withUnsafeMutableBufferPointer { columnBuffer in
        blocks.withUnsafeMutableBufferPointer { blockBuffer in
          out.withUnsafeMutableBufferPointer { outBuffer in
            guard let src = input.baseAddress, let column = columnBuffer.baseAddress,
              let block = blockBuffer.baseAddress,
              let dst = outBuffer.baseAddress
            else { return }
            for outY in 0..<outHeight {
              let firstRow = box.y + outY * yscale
              let rows = min(yscale, box.y + box.height - firstRow)
              var row = firstRow
              if contiguous {
                // The first one or two rows store, the rest add: one pass per two rows.
                let line0 = src + row * stride + box.x * bpp
                if rows >= 2 {
                  let line1 = line0 + stride
                  for i in 0..<rowElements {
                    column[i] = Lane(truncatingIfNeeded: line0[i]) &+ Lane(truncatingIfNeeded: line1[i])
                  }
                  row += 2
                } else {
                  for i in 0..<rowElements { column[i] = Lane(truncatingIfNeeded: line0[i]) }
                  row += 1
                }
              } else {
                column.update(repeating: 0, count: rowElements)
              }
              for row in row..<(firstRow + rows) {
                let line = src + row * stride + box.x * bpp
                if contiguous {
                  for i in 0..<rowElements { column[i] &+= Lane(truncatingIfNeeded: line[i]) }
                } else {
                  var a = column
                  var p = line
                  for _ in 0..<box.width {
                    for channel in 0..<n { a[channel] &+= Lane(truncatingIfNeeded: p[channels[channel]]) }
                    a += n
                    p += bpp
                  }
                }
              }
              // One pass for the common block widths, a pass per column beyond.
              let c1 = column + n
              let c2 = column + 2 * n
              let c3 = column + 3 * n
              switch xscale {
              case 1: block.update(from: column, count: rowElements)
              case 2: for i in 0..<rowElements { block[i] = column[i] &+ c1[i] }
              case 3: for i in 0..<rowElements { block[i] = column[i] &+ c1[i] &+ c2[i] }
              default:
                for i in 0..<rowElements { block[i] = column[i] &+ c1[i] &+ c2[i] &+ c3[i] }
                for offset in 4..<max(xscale, 4) {
                  let shifted = column + offset * n
                  for i in 0..<rowElements { block[i] &+= shifted[i] }
                }
              }
              let line = dst + outY * outStride
              let fullBlocks = box.width / xscale
              let full = Rounding(cells: xscale * rows)
              if n == 3 {
                var sums = block
                var o = line
                for _ in 0..<fullBlocks {
                  o[0] = full.average(UInt32(truncatingIfNeeded: sums[0]) &+ full.amend)
                  o[1] = full.average(UInt32(truncatingIfNeeded: sums[1]) &+ full.amend)
                  o[2] = full.average(UInt32(truncatingIfNeeded: sums[2]) &+ full.amend)
                  sums += xscale * 3
                  o += 3
                }
              } else {
                for outX in 0..<fullBlocks {
                  let sums = block + outX * xscale * n
                  let o = line + outX * n
                  for channel in 0..<n {
                    o[channel] = full.average(UInt32(truncatingIfNeeded: sums[channel]) &+ full.amend)
                  }
                }
              }
              if fullBlocks < outWidth {  // the short last block
                let partial = Rounding(cells: (box.width - fullBlocks * xscale) * rows)
                let sums = block + fullBlocks * xscale * n
                let o = line + fullBlocks * n
                for channel in 0..<n {
                  o[channel] = partial.average(UInt32(truncatingIfNeeded: sums[channel]) &+ partial.amend)
                }
              }
            }
          }
        }
      }
    }
    return PixelBuffer(uncheckedWidth: outWidth, height: outHeight, format: format, bytesPerRow: outStride, bytes: out)
  }

  /// Pillow's rounded division by a block's pixel count: `((sum + count / 2) * m) >> 24` in
  /// 32-bit arithmetic, with `m = 2^32 / (256 · count)` computed in single precision
  /// (`division_UINT32` in Pillow's `Reduce.c`).
  struct Rounding {
    let amend: UInt32
    let multiplier: UInt32

    init(cells: Int) {
      amend = UInt32(cells / 2)
      multiplier = UInt32(Float(4_294_967_296.0) / Float(256 * cells))
    }

    /// The average of a block whose sum includes ``amend``.
    @inline(__always) func average(_ sum: UInt32) -> UInt8 {
      UInt8(truncatingIfNeeded: (sum &* multiplier) >> 24)
    }
  }
}
