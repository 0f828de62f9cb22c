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
  private static let fractionBits = 5

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
    // An axis-aligned map (every region MediaPipe warps: the matrix's other terms come out 0)
    // rounds each column and each row once.
    let separable = map.isAxisAligned
    let columns = separable ? (0..<width).map { map.fixedPoint(x: $0, y: 0).x } : []
    let rows = separable ? (0..<height).map { map.fixedPoint(x: 0, y: $0).y } : []
    let border = outside.map(Int.init)
    let mask = (1 << fractionBits) - 1
    let (limitX, limitY) = (image.width, image.height)
    var output = [UInt8](repeating: 0, count: width * height * channels.count)
    image.bytes.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { out in
        var index = 0
        for y in 0..<height {
          for x in 0..<width {
            let fine = separable ? (x: columns[x], y: rows[y]) : map.fixedPoint(x: x, y: y)
            let (ix, iy) = (fine.x >> fractionBits, fine.y >> fractionBits)
            let (fx, fy) = (fine.x & mask, fine.y & mask)
            let w00 = (32 - fx) * (32 - fy) * 32
            let w01 = fx * (32 - fy) * 32
            let w10 = (32 - fx) * fy * 32
            let w11 = fx * fy * 32
            // Indices clamped to the image (so reading them is safe): BORDER_REPLICATE.
            let left = min(max(ix, 0), limitX - 1) * bpp
            let right = min(max(ix + 1, 0), limitX - 1) * bpp
            let top = min(max(iy, 0), limitY - 1) * image.bytesPerRow
            let bottom = min(max(iy + 1, 0), limitY - 1) * image.bytesPerRow
            guard let border else {
              // The weights sum to 32768, so the result is a byte without clamping.
              for channel in channels {
                let sum =
                  Int(input[top &+ left &+ channel]) &* w00 &+ Int(input[top &+ right &+ channel]) &* w01
                  &+ Int(input[bottom &+ left &+ channel]) &* w10 &+ Int(input[bottom &+ right &+ channel]) &* w11
                out[index] = UInt8(truncatingIfNeeded: (sum &+ (1 << 14)) >> 15)
                index &+= 1
              }
              continue
            }
            // BORDER_CONSTANT: a tap outside the image reads `outside`.
            let insideX = ((0..<limitX).contains(ix), (0..<limitX).contains(ix + 1))
            let insideY = ((0..<limitY).contains(iy), (0..<limitY).contains(iy + 1))
            for channel in channels {
              func tap(_ offset: Int, _ isInside: Bool) -> Int { isInside ? Int(input[offset + channel]) : border }
              let sum =
                tap(top + left, insideY.0 && insideX.0) * w00 + tap(top + right, insideY.0 && insideX.1) * w01
                + tap(bottom + left, insideY.1 && insideX.0) * w10 + tap(bottom + right, insideY.1 && insideX.1) * w11
              out[index] = UInt8(truncatingIfNeeded: (sum + (1 << 14)) >> 15)
              index += 1
            }
          }
        }
      }
    }
    return output
  }
}
