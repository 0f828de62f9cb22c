import CVisionCodecs
import TensorBridge
import TestSupport
import XCTest

@testable import TensorBridgeVision

/// `tbv_box_reduce` (the Swift block reduction's loops compiled for AVX2, SSE4.1 or NEON) gives
/// the same bytes as the Swift loops: odd sizes, one-pixel edges, short last blocks, 16- and
/// 32-bit sums, every layout and channel selection.
final class BoxReducerVectorizedTests: XCTestCase {
  private let layouts: [(PixelFormat, [Int])] = [
    (.gray8, [0]), (.rgb8, [0, 1, 2]), (.rgb8, [2, 1, 0]), (.rgb8, [1]), (.rgba8, [0, 1, 2, 3]),
    (.rgba8, [0, 1, 2]), (.bgra8, [2, 1, 0]), (.argb8, [1, 2, 3]), (.rgba8, [3, 2, 1, 0]),
  ]

  private func image(width: Int, height: Int, format: PixelFormat, using random: inout SplitMix64) throws
    -> PixelBuffer
  {
    let stride = width * format.bytesPerPixel + Int.random(in: 0...5, using: &random)
    let bytes = (0..<(stride * height)).map { _ in UInt8.random(in: 0...255, using: &random) }
    return try PixelBuffer(width: width, height: height, format: format, bytesPerRow: stride, bytes: bytes)
  }

  private func compare(
    _ image: PixelBuffer, channels: [Int], box: BoxReducer.Box, xscale: Int, yscale: Int,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let scalar = BoxReducer.reduce(
      image, channels: channels, box: box, xscale: xscale, yscale: yscale, vectorized: false)
    let vector = BoxReducer.reduce(image, channels: channels, box: box, xscale: xscale, yscale: yscale)
    let context =
      "\(image.format) \(channels) \(image.width)x\(image.height) box \(box.x),\(box.y) \(box.width)x\(box.height) "
      + "by \(xscale)x\(yscale)"
    XCTAssertNotNil(scalar, context, file: file, line: line)
    XCTAssertEqual(scalar?.bytes, vector?.bytes, context, file: file, line: line)
    XCTAssertEqual(scalar?.width, vector?.width, context, file: file, line: line)
    XCTAssertEqual(scalar?.height, vector?.height, context, file: file, line: line)
    XCTAssertEqual(scalar?.format, vector?.format, context, file: file, line: line)
  }

  func testRandomImagesAndBoxesMatchTheSwiftLoops() throws {
    var random = SplitMix64(seed: 2121)
    var compared = 0
    for (format, channels) in layouts {
      for _ in 0..<12 {
        // Widths that are not multiples of any vector width, down to one pixel.
        let width = Int.random(in: 1...157, using: &random)
        let height = Int.random(in: 1...61, using: &random)
        let source = try image(width: width, height: height, format: format, using: &random)
        let x = Int.random(in: 0..<width, using: &random)
        let y = Int.random(in: 0..<height, using: &random)
        let box = BoxReducer.Box(
          x: x, y: y, width: Int.random(in: 1...(width - x), using: &random),
          height: Int.random(in: 1...(height - y), using: &random))
        let xscale = Int.random(in: 1...9, using: &random)
        let yscale = Int.random(in: 1...9, using: &random)
        compare(source, channels: channels, box: box, xscale: xscale, yscale: yscale)
        compared += 1
      }
    }
    XCTAssertEqual(compared, layouts.count * 12)
  }

  func testEdgesShortBlocksAndWideSums() throws {
    var random = SplitMix64(seed: 17)
    for (format, channels) in layouts {
      // One-pixel columns and rows, blocks longer than the box, and blocks of more than 257
      // pixels (32-bit sums).
      for (width, height, xscale, yscale) in [
        (1, 1, 1, 1), (1, 37, 1, 4), (37, 1, 4, 1), (1, 1, 3, 5), (33, 17, 40, 20), (65, 47, 17, 17),
        (129, 3, 300, 1), (5, 300, 1, 258), (31, 31, 2, 2), (100, 7, 4, 2),
      ] {
        let source = try image(width: width, height: height, format: format, using: &random)
        compare(
          source, channels: channels, box: .init(x: 0, y: 0, width: width, height: height), xscale: xscale,
          yscale: yscale)
      }
    }
  }

  /// The benchmark's reduction (1080p to 224 with reducing_gap 2: 4x2 blocks) and the dispatch
  /// names a known instruction set.
  func testBenchmarkSizeMatchesAndTheInstructionSetIsNamed() throws {
    var random = SplitMix64(seed: 1080)
    let source = try image(width: 1920, height: 1080, format: .rgb8, using: &random)
    compare(source, channels: [0, 1, 2], box: .init(x: 0, y: 0, width: 1920, height: 1080), xscale: 4, yscale: 2)
    XCTAssertTrue(["avx2", "sse4.1", "sse2", "baseline"].contains(String(cString: tbv_simd_isa())))
  }

  /// Packed RGB with 16-bit sums takes the two-blocks-a-step path on AVX2 (blocks 2 or more
  /// pixels wide): every block width up to 12, rows wide enough for many steps plus the scalar
  /// tail, odd and short last blocks, and images of all 255 (the largest sums of every block).
  func testPackedRGBBlocksMatchTheSwiftLoops() throws {
    var random = SplitMix64(seed: 4224)
    for xscale in 2...12 {
      for yscale in [1, 2, 3, 5, 257 / xscale] {
        let width = Int.random(in: 6 * xscale...(40 * xscale + 11), using: &random)
        let height = Int.random(in: 1...(3 * yscale + 2), using: &random)
        let noise = try image(width: width, height: height, format: .rgb8, using: &random)
        let box = BoxReducer.Box(x: 0, y: 0, width: width, height: height)
        compare(noise, channels: [0, 1, 2], box: box, xscale: xscale, yscale: yscale)
        let white = try PixelBuffer(
          width: width, height: height, format: .rgb8, bytesPerRow: width * 3,
          bytes: [UInt8](repeating: 255, count: width * height * 3))
        compare(white, channels: [0, 1, 2], box: box, xscale: xscale, yscale: yscale)
        // A box inside a larger image: rows with bytes after the box, which the path must not read
        // as part of it.
        let inner = BoxReducer.Box(x: 1, y: 0, width: width - 1, height: height)
        compare(noise, channels: [0, 1, 2], box: inner, xscale: xscale, yscale: yscale)
      }
    }
  }

  func testRefusesBoxesOutsideTheImageAndHugeBlocks() throws {
    let source = try PixelBuffer(width: 4, height: 4, format: .rgb8)
    for vectorized in [false, true] {
      XCTAssertNil(
        BoxReducer.reduce(
          source, channels: [0, 1, 2], box: .init(x: 1, y: 0, width: 4, height: 4), xscale: 2, yscale: 2,
          vectorized: vectorized))
      XCTAssertNil(
        BoxReducer.reduce(
          source, channels: [0, 1, 3], box: .init(x: 0, y: 0, width: 4, height: 4), xscale: 2, yscale: 2,
          vectorized: vectorized))
      XCTAssertNil(
        BoxReducer.reduce(
          source, channels: [0], box: .init(x: 0, y: 0, width: 4, height: 4), xscale: 1 << 13, yscale: 1 << 12,
          vectorized: vectorized))
    }
  }
}
