import CVisionCodecs
import TensorBridge
import TestSupport
import XCTest

@testable import TensorBridgeVision

/// `tbv_normalize_row` (the float tensor's `pixel × multiplier + addend`, compiled for AVX2,
/// SSE4.1 or NEON) writes the same floats, bit for bit, as the Swift loop.
final class NormalizeVectorizedTests: XCTestCase {
  /// Every row length up to a few vector steps, 1 to 4 channels, against the formula in Swift.
  func testRowsOfEveryLengthAndChannelCount() {
    var random = SplitMix64(seed: 4)
    for channels in 1...4 {
      for pixels in 0...41 {
        let row = (0..<(pixels * channels)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let multipliers = (0..<channels).map { _ in Float.random(in: -0.1...0.1, using: &random) }
        let addends = (0..<channels).map { _ in Float.random(in: -3...3, using: &random) }
        let expected = row.enumerated().map { index, value in
          Float(value) * multipliers[index % channels] + addends[index % channels]
        }
        // One extra element after the row on both sides: never read, never written.
        let padded = row + [0]
        var out = [Float](repeating: .nan, count: row.count + 1)
        padded.withUnsafeBufferPointer { r in
          out.withUnsafeMutableBufferPointer { o in
            guard let source = r.baseAddress, let target = o.baseAddress else { return }
            tbv_normalize_row(source, pixels, channels, multipliers, addends, target)
          }
        }
        XCTAssertEqual(
          out.prefix(row.count).map(\.bitPattern), expected.map(\.bitPattern), "\(channels) channels, \(pixels) px")
        XCTAssertTrue(out[row.count].isNaN, "wrote past the row (\(channels) channels, \(pixels) px)")
      }
    }
  }

  /// Whole tensors: random images of odd sizes and layouts, gray and colour tensors in RGB and
  /// BGR order, random normalizations, every fit, with and without block reduction.
  func testTensorsMatchTheScalarPath() throws {
    var random = SplitMix64(seed: 21)
    let formats: [PixelFormat] = [.gray8, .rgb8, .rgba8, .bgra8, .argb8]
    var compared = 0
    for imageFormat in formats {
      for _ in 0..<4 {
        let width = Int.random(in: 1...211, using: &random)
        let height = Int.random(in: 1...97, using: &random)
        let stride = width * imageFormat.bytesPerPixel + Int.random(in: 0...3, using: &random)
        let bytes = (0..<(stride * height)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let image = try PixelBuffer(
          width: width, height: height, format: imageFormat, bytesPerRow: stride, bytes: bytes)
        for channels in [1, 3] {
          var format = ImageInputFormat(
            width: Int.random(in: 1...67, using: &random), height: Int.random(in: 1...45, using: &random),
            channels: channels, channelOrder: Bool.random(using: &random) ? .rgb : .bgr)
          format.normalize(
            mean: (0..<channels).map { _ in Double.random(in: 0...255, using: &random) },
            std: (0..<channels).map { _ in Double.random(in: 1...128, using: &random) })
          for fit in [FitMode.stretch, .centerCrop, .letterbox(fill: 7)] {
            for gap in [nil, 2.0] {
              var scalar = ImageTensorizer(format: format, fitMode: fit, reducingGap: gap)
              scalar.vectorized = false
              let vector = ImageTensorizer(format: format, fitMode: fit, reducingGap: gap)
              var expected = [Float](repeating: 0, count: format.width * format.height * channels)
              var actual = expected
              try expected.withUnsafeMutableBytes { _ = try scalar.write(image, into: $0) }
              try actual.withUnsafeMutableBytes { _ = try vector.write(image, into: $0) }
              XCTAssertEqual(
                actual.map(\.bitPattern), expected.map(\.bitPattern),
                "\(imageFormat) \(width)x\(height) -> \(format.width)x\(format.height)x\(channels) \(fit) gap \(String(describing: gap))"
              )
              compared += 1
            }
          }
        }
      }
    }
    XCTAssertEqual(compared, formats.count * 4 * 2 * 3 * 2)
    XCTAssertTrue(["avx2", "sse4.1", "sse2", "baseline"].contains(String(cString: tbv_simd_isa())))
  }
}
