import CVisionCodecs
import TensorBridge
import TestSupport
import XCTest

@testable import TensorBridgeVision

/// The vectorized passes (`tbv_resample_horizontal`, Pillow's sums as split-weight pmaddwd on
/// AVX2 or SSE4.1, and `tbv_resample_vertical_row`, the Swift loops' arithmetic compiled for
/// AVX2, SSE4.1 or NEON) give the same bytes as the Swift loops.
final class ResamplerVectorizedTests: XCTestCase {
  private func output(
    _ image: PixelBuffer, channels: [Int], source: ImageRect, width: Int, height: Int, filter: ResizeFilter,
    reducingGap: Double?, vectorized: Bool
  ) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: width * height * channels.count)
    Resampler.resample(
      image, channels: channels, source: source, width: width, height: height, filter: filter,
      reducingGap: reducingGap, vectorized: vectorized
    ) { y, row in
      for (index, value) in row.enumerated() { bytes[y * row.count + index] = value }
    }
    return bytes
  }

  func testVectorizedPassMatchesTheScalarPass() throws {
    var random = SplitMix64(seed: 21)
    let layouts: [(PixelFormat, [Int])] = [
      (.rgb8, [0, 1, 2]), (.rgb8, [2, 1, 0]), (.rgba8, [0, 1, 2]), (.bgra8, [2, 1, 0]),
      (.argb8, [1, 2, 3]), (.gray8, [0]), (.rgba8, [3, 2, 1, 0]),
    ]
    var compared = 0
    for (format, channels) in layouts {
      for _ in 0..<6 {
        let width = Int.random(in: 1...300, using: &random)
        let height = Int.random(in: 1...200, using: &random)
        let padding = Int.random(in: 0...5, using: &random)
        let stride = width * format.bytesPerPixel + padding
        let bytes = (0..<(stride * height)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let image = try PixelBuffer(width: width, height: height, format: format, bytesPerRow: stride, bytes: bytes)
        let outWidth = Int.random(in: 1...120, using: &random)
        let outHeight = Int.random(in: 1...120, using: &random)
        let x = Double.random(in: 0..<Double(width) / 3, using: &random)
        let y = Double.random(in: 0..<Double(height) / 3, using: &random)
        let source = ImageRect(x: x, y: y, width: Double(width) - x, height: Double(height) - y)
        for filter in [ResizeFilter.bilinear, .area, .bilinearTwoTap] {
          for gap in [nil, 2.0] {
            let scalar = output(
              image, channels: channels, source: source, width: outWidth, height: outHeight, filter: filter,
              reducingGap: gap, vectorized: false)
            let vector = output(
              image, channels: channels, source: source, width: outWidth, height: outHeight, filter: filter,
              reducingGap: gap, vectorized: true)
            XCTAssertEqual(
              scalar, vector,
              "\(format) \(channels) \(width)x\(height) -> \(outWidth)x\(outHeight) \(filter) gap \(String(describing: gap))"
            )
            compared += 1
          }
        }
      }
    }
    XCTAssertEqual(compared, 7 * 6 * 3 * 2)
  }

  /// The 1080p → 224 case of the benchmark, and the dispatch names a known instruction set.
  func testBenchmarkSizeMatchesAndTheInstructionSetIsNamed() throws {
    var random = SplitMix64(seed: 1080)
    let bytes = (0..<(1920 * 1080 * 3)).map { _ in UInt8.random(in: 0...255, using: &random) }
    let image = try PixelBuffer(width: 1920, height: 1080, format: .rgb8, bytes: bytes)
    let source = ImageRect(x: 0, y: 0, width: 1920, height: 1080)
    XCTAssertEqual(
      output(
        image, channels: [0, 1, 2], source: source, width: 224, height: 224, filter: .bilinear, reducingGap: nil,
        vectorized: false),
      output(
        image, channels: [0, 1, 2], source: source, width: 224, height: 224, filter: .bilinear, reducingGap: nil,
        vectorized: true))
    XCTAssertTrue(["avx2", "sse4.1", "sse2", "baseline"].contains(String(cString: tbv_resample_isa())))
  }

  /// Downscales from 1.1x to 20x and upscales, of odd sizes with 1, 3 and 4 channels, down to
  /// one-pixel images and outputs: the horizontal pass's vector groups of four taps, its scalar
  /// positions at the right edge, the odd rows left after groups of four and two.
  func testScaleFactorsAndEdgesMatchTheScalarPass() throws {
    var random = SplitMix64(seed: 2111)
    let layouts: [(PixelFormat, [Int])] = [
      (.gray8, [0]), (.rgb8, [0, 1, 2]), (.rgb8, [2, 0, 1]), (.rgba8, [0, 1, 2, 3]), (.bgra8, [2, 1, 0]),
      (.argb8, [3]), (.rgba8, [1, 3]),
    ]
    let factors: [Double] = [1.1, 1.5, 2, 2.7, 3.3, 4, 5.5, 8.57, 11, 16, 20, 0.9, 0.5, 0.23]
    var compared = 0
    for (format, channels) in layouts {
      for factor in factors {
        for edge in 0..<3 {
          // Odd sizes; one-pixel-wide, then one-pixel-high images for `edge` 1 and 2.
          var width = Int.random(in: 20...160, using: &random) | 1
          var height = Int.random(in: 3...40, using: &random) | 1
          if edge == 1 { width = 1 }
          if edge == 2 { height = 1 }
          let padding = Int.random(in: 0...3, using: &random)
          let stride = width * format.bytesPerPixel + padding
          let bytes = (0..<(stride * height)).map { _ in UInt8.random(in: 0...255, using: &random) }
          let image = try PixelBuffer(width: width, height: height, format: format, bytesPerRow: stride, bytes: bytes)
          let outWidth = max(1, Int((Double(width) / factor).rounded()))
          let outHeight = max(1, Int((Double(height) / factor).rounded()))
          let source = ImageRect(x: 0, y: 0, width: Double(width), height: Double(height))
          for filter in [ResizeFilter.bilinear, .area, .bilinearTwoTap] {
            let scalar = output(
              image, channels: channels, source: source, width: outWidth, height: outHeight, filter: filter,
              reducingGap: nil, vectorized: false)
            let vector = output(
              image, channels: channels, source: source, width: outWidth, height: outHeight, filter: filter,
              reducingGap: nil, vectorized: true)
            XCTAssertEqual(
              scalar, vector, "\(format) \(channels) \(width)x\(height) -> \(outWidth)x\(outHeight) \(filter)")
            compared += 1
          }
        }
      }
    }
    XCTAssertEqual(compared, 7 * 14 * 3 * 3)
  }

  /// Every output position's taps end at the image's last byte (a source region flush with the
  /// right edge, no row padding): the last rows' loads stay inside the buffer and match.
  func testRightEdgeWithoutPaddingMatchesTheScalarPass() throws {
    var random = SplitMix64(seed: 4)
    for (format, channels) in [(PixelFormat.rgb8, [0, 1, 2]), (.gray8, [0]), (.rgba8, [0, 1, 2, 3])] {
      for width in [1, 2, 3, 5, 7, 17, 33, 101] {
        let height = 5
        let bytes = (0..<(width * height * format.bytesPerPixel)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let image = try PixelBuffer(width: width, height: height, format: format, bytes: bytes)
        for outWidth in Set([1, 2, max(1, width / 3), width, width * 2 + 1]) {
          let source = ImageRect(x: Double(width) / 2, y: 0, width: Double(width) / 2, height: Double(height))
          XCTAssertEqual(
            output(
              image, channels: channels, source: source, width: outWidth, height: 3, filter: .bilinear,
              reducingGap: nil, vectorized: false),
            output(
              image, channels: channels, source: source, width: outWidth, height: 3, filter: .bilinear,
              reducingGap: nil, vectorized: true),
            "\(format) \(width) -> \(outWidth)")
        }
      }
    }
  }
}
