import CVisionCodecs

/// The TFLite Task Library's resize: libyuv's `ARGBScale` with `kFilterBilinear`, byte for byte
/// as it computes on x86-64 (`tbv_yuv_scale`, checked against libyuv itself over 30,000 size
/// pairs). libyuv picks its arithmetic by the sizes — block averages at even integer steps, point
/// samples at odd ones, two-tap bilinear otherwise — and a uint8 detector's boxes move by
/// several pixels with a one-level difference in its input, so only the same bytes reproduce the
/// Task Library's results.
enum YuvScaler {
  /// libyuv's sizes are C `int`s in 16.16 fixed point: every size stays below 2^15.
  static let sizeLimit = 32768

  /// The whole-pixel region `x0…x1 × y0…y1` of `image` resized to `width × height`, the
  /// `channels` byte offsets of each pixel packed in that order; nil when libyuv could not take
  /// it (a region edge between pixels, a size of 2^15 or more, an invalid channel offset).
  static func scale(
    _ image: PixelBuffer, channels: [Int], x0: Double, y0: Double, x1: Double, y1: Double, width: Int, height: Int
  ) -> [UInt8]? {
    let edges = [x0, y0, x1, y1]
    guard edges.allSatisfy({ $0 == $0.rounded() }) else { return nil }
    let left = Int(x0)
    let top = Int(y0)
    let sourceWidth = Int(x1) - left
    let sourceHeight = Int(y1) - top
    let bpp = image.format.bytesPerPixel
    let sizes = [sourceWidth, sourceHeight, width, height]
    guard sizes.allSatisfy({ (1..<sizeLimit).contains($0) }), (1...4).contains(channels.count),
      channels.allSatisfy({ (0..<bpp).contains($0) })
    else { return nil }
    var output = [UInt8](repeating: 0, count: width * height * channels.count)
    var scratch = [UInt8](repeating: 0, count: tbv_yuv_scale_scratch_count(sourceWidth, sourceHeight, width))
    image.bytes.withUnsafeBufferPointer { input in
      guard let base = input.baseAddress else { return }
      // The region is inside the image (the caller clamped it), so every byte read is too.
      let first = base + top * image.bytesPerRow + left * bpp
      channels.withUnsafeBufferPointer { offsets in
        scratch.withUnsafeMutableBufferPointer { scratchBuffer in
          output.withUnsafeMutableBufferPointer { out in
            tbv_yuv_scale(
              first, image.bytesPerRow, bpp, offsets.baseAddress, channels.count, sourceWidth, sourceHeight,
              width, height, scratchBuffer.baseAddress, out.baseAddress)
          }
        }
      }
    }
    return output
  }
}
