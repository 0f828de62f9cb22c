/// OpenCV's `warpPerspective` with `INTER_LINEAR` and `BORDER_REPLICATE` on 8-bit pixels, as
/// OpenCV computed it up to 4.10, for the scale that maps an output pixel `x` to the source
/// position `x0 + x × (x1 − x0) / width` (no half-pixel offset): what MediaPipe Tasks' CPU
/// `ImageToTensorCalculator` feeds a model (its OpenCV converter warps the image's rotated
/// rectangle onto the tensor with that call).
///
/// OpenCV's fixed point: each position rounded (half to even, as `cvRound`) to 1/32 pixel; the
/// four taps weighted in 1/32768 (`(32 − fx)(32 − fy) × 32`, …), summed with 1/2 added and
/// shifted right by 15; a tap past the image edge reads the edge pixel. No antialiasing: a large
/// downscale samples, as MediaPipe's does. Checked byte for byte against OpenCV 4.10's
/// `cv2.warpPerspective` (`WarpScalerTests`; OpenCV 4.11 and later compute warps in floating
/// point and differ by one level in some pixels).
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
      channels.allSatisfy({ (0..<bpp).contains($0) }), [x0, y0, x1, y1].allSatisfy(\.isFinite)
    else { return nil }
    let columns = taps(origin: x0, step: (x1 - x0) / Double(width), count: width, limit: image.width)
    let rows = taps(origin: y0, step: (y1 - y0) / Double(height), count: height, limit: image.height)
    let border = outside.map(Int.init)
    let channelCount = channels.count
    var output = [UInt8](repeating: 0, count: width * height * channelCount)
    image.bytes.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { out in
        var index = 0
        for row in rows {
          let top = row.first * image.bytesPerRow
          let bottom = row.second * image.bytesPerRow
          let fy = row.fraction
          for column in columns {
            let fx = column.fraction
            let w00 = (32 - fx) * (32 - fy) * 32
            let w01 = fx * (32 - fy) * 32
            let w10 = (32 - fx) * fy * 32
            let w11 = fx * fy * 32
            let left = column.first * bpp
            let right = column.second * bpp
            guard let border else {
              // Every tap inside (indices clamped): the weights sum to 32768, so the result is
              // a byte without clamping.
              for channel in channels {
                let sum =
                  Int(input[top &+ left &+ channel]) &* w00 &+ Int(input[top &+ right &+ channel]) &* w01
                  &+ Int(input[bottom &+ left &+ channel]) &* w10 &+ Int(input[bottom &+ right &+ channel]) &* w11
                out[index] = UInt8(truncatingIfNeeded: (sum &+ (1 << 14)) >> 15)
                index &+= 1
              }
              continue
            }
            let inside = (
              row.firstInside && column.firstInside, row.firstInside && column.secondInside,
              row.secondInside && column.firstInside, row.secondInside && column.secondInside
            )
            for channel in channels {
              func tap(_ offset: Int, _ isInside: Bool) -> Int { isInside ? Int(input[offset + channel]) : border }
              let sum =
                tap(top + left, inside.0) * w00 + tap(top + right, inside.1) * w01
                + tap(bottom + left, inside.2) * w10 + tap(bottom + right, inside.3) * w11
              out[index] = UInt8(truncatingIfNeeded: (sum + (1 << 14)) >> 15)
              index += 1
            }
          }
        }
      }
    }
    return output
  }

  /// For each output position along an axis: the two source indices it interpolates between
  /// (clamped to the image, so reading them is safe), whether each lies inside the image, and
  /// the 1/32 fraction of the second, from the position rounded to 1/32 pixel as OpenCV rounds
  /// `(M[2] + M[0]·x) · 32`.
  private static func taps(origin: Double, step: Double, count: Int, limit: Int)
    -> [(first: Int, second: Int, fraction: Int, firstInside: Bool, secondInside: Bool)]
  {
    (0..<count).map { position in
      let fine = fixedPoint((origin + step * Double(position)) * Double(1 << fractionBits))
      let index = fine >> fractionBits
      return (
        min(max(index, 0), limit - 1), min(max(index + 1, 0), limit - 1), fine & ((1 << fractionBits) - 1),
        (0..<limit).contains(index), (0..<limit).contains(index + 1)
      )
    }
  }

  /// `cvRound`: to the nearest integer, halves to even, saturated to 32 bits.
  private static func fixedPoint(_ value: Double) -> Int {
    guard value.isFinite else { return value > 0 ? Int(Int32.max) : Int(Int32.min) }
    return Int(min(max(value.rounded(.toNearestOrEven), Double(Int32.min)), Double(Int32.max)))
  }
}
