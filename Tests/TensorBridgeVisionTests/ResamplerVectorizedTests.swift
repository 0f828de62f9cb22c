import CVisionCodecs
import XCTest

@testable import TensorBridgeVision

/// The vectorized passes (`tbv_resample_horizontal3` and `tbv_resample_vertical_row`, the Swift
/// loops' arithmetic compiled for AVX2, SSE4.1 or NEON) give the same bytes as the Swift loops.
final class ResamplerVectorizedTests: XCTestCase {
  private struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state ^ (state >> 29)
    }
  }

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
    var random = Generator(state: 21)
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
    var random = Generator(state: 1080)
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
    XCTAssertTrue(["sse4.1", "sse2", "baseline"].contains(String(cString: tbv_resample_isa())))
  }
}
