import Foundation
import TensorBridgeVision
import XCTest

/// ``ResizeFilter/bilinearWarp`` against OpenCV 4.10's `cv2.warpPerspective(INTER_LINEAR, BORDER_REPLICATE)`, which
/// MediaPipe Tasks' CPU image-to-tensor step calls: byte for byte on committed PNGs (whole images
/// and a region with fractional edges, down, up and mixed; a height whose positions are ties at
/// 1/32 pixel on every other row, which only MediaPipe's matrix, computed as OpenCV computes it,
/// breaks the same way; and MediaPipe's letterbox, a padded region warped with border 0), from
/// warp_reference.json
/// (scripts/vision/make_warp_reference.py).
final class WarpScalerTests: XCTestCase {
  struct Reference: Decodable {
    struct Case: Decodable {
      let image: String
      let letterbox: Bool?
      let region: [Double]
      let width: Int
      let height: Int
      let rgb: String
    }
    let opencv: String
    let cases: [Case]
  }

  func testEqualsOpenCVWarpPerspectiveByteForByte() throws {
    let data = try Data(contentsOf: VisionFixtures.url("warp_reference.json"))
    let reference = try JSONDecoder().decode(Reference.self, from: data)
    XCTAssertEqual(reference.cases.count, 11)
    for testCase in reference.cases {
      let image = try PixelBuffer(contentsOf: VisionFixtures.url(testCase.image)).converted(to: .rgb8)
      let region = testCase.region
      let resized: PixelBuffer
      if testCase.letterbox == true {
        // MediaPipe's letterbox: FitMode pads the region (float32, around the centre).
        let fitted = try image.fitted(
          width: testCase.width, height: testCase.height, mode: .letterbox(fill: 0), filter: .bilinearWarp)
        resized = fitted.image
        let corner = fitted.transform.apply(x: 0, y: 0)
        XCTAssertEqual(corner.x, region[0], accuracy: 1e-9)
        XCTAssertEqual(corner.y, region[1], accuracy: 1e-9)
      } else {
        resized = try image.resized(
          width: testCase.width, height: testCase.height,
          from: ImageRect(x: region[0], y: region[1], width: region[2] - region[0], height: region[3] - region[1]),
          filter: .bilinearWarp)
      }
      let expected = [UInt8](try XCTUnwrap(Data(base64Encoded: testCase.rgb)))
      let label = "\(testCase.image) \(region) → \(testCase.width)×\(testCase.height)"
      XCTAssertEqual(resized.bytes.count, expected.count, label)
      let differing = zip(resized.bytes, expected).filter { $0 != $1 }.count
      XCTAssertEqual(differing, 0, "\(label): \(differing) bytes differ from OpenCV \(reference.opencv)")
    }
  }

  /// Unlike the antialiased default, a steep downscale samples: each output pixel is an
  /// interpolation of at most 2 × 2 source pixels.
  func testDoesNotAverageOnDownscales() throws {
    // A 1-pixel checkerboard of 0 and 255, 64 × 64, to 8 × 8: at the sampled positions
    // (multiples of 8, fraction 0) every output is the source pixel itself.
    let bytes = (0..<64).flatMap { y in (0..<64).map { x in UInt8((x + y) % 2 == 0 ? 0 : 255) } }
    let board = try PixelBuffer(width: 64, height: 64, format: .gray8, bytes: bytes)
    let warped = try board.resized(width: 8, height: 8, filter: .bilinearWarp)
    XCTAssertEqual(Set(warped.bytes), [0])
    let pillow = try board.resized(width: 8, height: 8, filter: .bilinear)
    XCTAssertTrue(pillow.bytes.allSatisfy { (100...155).contains($0) }, "\(pillow.bytes)")
  }

  /// Regions OpenCV's matrix cannot be solved for, or that put positions far past 32 bits,
  /// neither crash nor fail silently: a degenerate or non-finite region is a typed error or
  /// left to the clamping resampler, and extreme ones give an image of the size asked.
  func testDegenerateAndExtremeRegionsDoNotCrash() throws {
    let image = try PixelBuffer(contentsOf: VisionFixtures.url("images/photo_160x120.png")).converted(to: .rgb8)
    let regions = [
      ImageRect(x: 0, y: 0, width: 1e-30, height: 1e-30), ImageRect(x: 10, y: 10, width: 1e-6, height: 50),
      ImageRect(x: 0, y: 0, width: 160, height: 120), ImageRect(x: 159.999, y: 119.999, width: 0.001, height: 0.001),
      ImageRect(x: 0, y: 0, width: 1e30, height: 1e30), ImageRect(x: 0, y: 0, width: .infinity, height: 5),
      ImageRect(x: .nan, y: 0, width: 5, height: 5), ImageRect(x: 0, y: 0, width: 0, height: 0),
    ]
    for region in regions {
      do {
        let resized = try image.resized(width: 7, height: 5, from: region, filter: .bilinearWarp)
        XCTAssertEqual([resized.width, resized.height], [7, 5], "\(region)")
      } catch {
        XCTAssertFalse("\(error)".isEmpty, "\(region)")
      }
    }
    // MediaPipe's letterbox of extreme aspect ratios (a padded region far larger than the image).
    let line = try PixelBuffer(width: 1000, height: 1, format: .rgb8, bytes: [UInt8](repeating: 200, count: 3000))
    for (width, height) in [(1, 1000), (1000, 1), (1, 1), (3, 2)] {
      let fitted = try line.fitted(width: width, height: height, mode: .letterbox(fill: 0), filter: .bilinearWarp)
      XCTAssertEqual([fitted.image.width, fitted.image.height], [width, height])
    }
  }
}
