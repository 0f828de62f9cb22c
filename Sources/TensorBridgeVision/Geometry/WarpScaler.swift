/// OpenCV's `warpPerspective` with `INTER_LINEAR` and `BORDER_REPLICATE` on 8-bit pixels, as
/// OpenCV computed it up to 4.10, warping a region of the image onto the whole output (no
/// half-pixel offset: output pixel `x` samples about `x0 + x × (x1 − x0) / width`): what
/// MediaPipe Tasks' CPU `ImageToTensorCalculator` feeds a model (its OpenCV converter warps the
/// image's rotated rectangle onto the tensor with that call). The map is the one MediaPipe
/// hands OpenCV, computed as OpenCV computes it (``OpenCVPerspective``), so positions that
/// round to a tie round the same way.
///
/// OpenCV's fixed point: each position rounded (half to even, as `cvRound`) to 1/32 pixel; the
/// four taps weighted in 1/32768 (`(32 − fx)(32 − fy) × 32`, …), summed with 1/2 added and
/// shifted right by 15; a tap past the image edge reads the edge pixel. No antialiasing: a large
/// downscale samples, as MediaPipe's does. Checked byte for byte against OpenCV 4.10's
/// `cv2.warpPerspective` fed MediaPipe's matrix (`WarpScalerTests`; OpenCV 4.11 and later
/// compute warps in floating point and differ by one level in some pixels).
enum WarpScaler {
  /// OpenCV's `INTER_BITS`: interpolation uses 1/32-pixel fractions.
  fileprivate static let fractionBits = 5

  /// The region `x0…x1 × y0…y1` of `image` resized to `width × height`, the `channels` byte
  /// offsets of each pixel packed in that order; nil for an empty size or an invalid channel
  /// offset. A tap outside the image reads the nearest edge pixel (`BORDER_REPLICATE`), or
  /// `outside` when given (`BORDER_CONSTANT`, MediaPipe's letterbox).
  static func scale(
    _ image: PixelBuffer, channels: [Int], x0: Double, y0: Double, x1: Double, y1: Double, width: Int, height: Int,
    outside: UInt8? = nil
  ) -> [UInt8]? {
    let bpp = image.format.bytesPerPixel
    guard width > 0, height > 0, image.width > 0, image.height > 0, (1...4).contains(channels.count),
      channels.allSatisfy({ (0..<bpp).contains($0) }), [x0, y0, x1, y1].allSatisfy(\.isFinite),
      let map = OpenCVPerspective(x0: x0, y0: y0, x1: x1, y1: y1, width: width, height: height)
    else { return nil }
    // An axis-aligned map (every region MediaPipe warps whole: the other terms come out 0)
    // rounds each column and each row once; any other map, each pixel.
    let separable = map.isAxisAligned
    let columns = separable ? (0..<width).map { Tap(map.fixedPoint(x: $0, y: 0).x, limit: image.width) } : []
    let rows = separable ? (0..<height).map { Tap(map.fixedPoint(x: 0, y: $0).y, limit: image.height) } : []
    let border = outside.map(Int.init)
    let bytesPerRow = image.bytesPerRow
    var output = [UInt8](repeating: 0, count: width * height * channels.count)
    image.bytes.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { out in
        var index = 0
        /// Writes the output pixel sampled at `row` × `column`.
        @inline(__always) func sample(_ row: Tap, _ column: Tap) {
          let (fx, fy) = (column.fraction, row.fraction)
          let w00 = (32 - fx) * (32 - fy) * 32
          let w01 = fx * (32 - fy) * 32
          let w10 = (32 - fx) * fy * 32
          let w11 = fx * fy * 32
          let left = column.first * bpp
          let right = column.second * bpp
          let top = row.first * bytesPerRow
          let bottom = row.second * bytesPerRow
          guard let border else {
            // Every tap inside (indices clamped: BORDER_REPLICATE); the weights sum to 32768,
            // so the result is a byte without clamping.
            for channel in channels {
              let sum =
                Int(input[top &+ left &+ channel]) &* w00 &+ Int(input[top &+ right &+ channel]) &* w01
                &+ Int(input[bottom &+ left &+ channel]) &* w10 &+ Int(input[bottom &+ right &+ channel]) &* w11
              out[index] = UInt8(truncatingIfNeeded: (sum &+ (1 << 14)) >> 15)
              index &+= 1
            }
            return
          }
          // BORDER_CONSTANT: a tap outside the image reads `outside`.
          for channel in channels {
            func tap(_ offset: Int, _ isInside: Bool) -> Int { isInside ? Int(input[offset + channel]) : border }
            let sum =
              tap(top + left, row.firstInside && column.firstInside) * w00
              + tap(top + right, row.firstInside && column.secondInside) * w01
              + tap(bottom + left, row.secondInside && column.firstInside) * w10
              + tap(bottom + right, row.secondInside && column.secondInside) * w11
            out[index] = UInt8(truncatingIfNeeded: (sum + (1 << 14)) >> 15)
            index += 1
          }
        }
        if separable {
          for row in rows {
            for column in columns { sample(row, column) }
          }
        } else {
          for y in 0..<height {
            for x in 0..<width {
              let fine = map.fixedPoint(x: x, y: y)
              sample(Tap(fine.y, limit: image.height), Tap(fine.x, limit: image.width))
            }
          }
        }
      }
    }
    return output
  }

  /// One axis of a sample: the two source indices it interpolates between (clamped to the
  /// image, so reading them is safe), whether each lies inside the image, and the 1/32
  /// fraction of the second.
  private struct Tap {
    /// The source indices, clamped to the image.
    let first: Int, second: Int
    /// The 1/32 fraction of the second.
    let fraction: Int
    /// Whether each index lies inside the image before clamping.
    let firstInside: Bool, secondInside: Bool

    @inline(__always) init(_ fine: Int, limit: Int) {
      let index = fine >> WarpScaler.fractionBits
      (first, second) = (min(max(index, 0), limit - 1), min(max(index + 1, 0), limit - 1))
      fraction = fine & ((1 << WarpScaler.fractionBits) - 1)
      (firstInside, secondInside) = ((0..<limit).contains(index), (0..<limit).contains(index + 1))
    }
  }
}
