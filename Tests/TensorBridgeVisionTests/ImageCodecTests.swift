import Foundation
import TensorBridge
import TestSupport
import XCTest

@testable import TensorBridgeVision

/// Decoding, EXIF orientation, encoding and damaged data.
final class ImageCodecTests: XCTestCase {
  /// The upright picture: red, green / blue, yellow quadrants (48x32).
  private func assertUpright(_ image: PixelBuffer, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(image.width, 48, file: file, line: line)
    XCTAssertEqual(image.height, 32, file: file, line: line)
    let expected: [(Int, Int, (Int, Int, Int))] = [
      (12, 8, (220, 30, 30)), (36, 8, (30, 200, 40)), (12, 24, (30, 40, 210)), (36, 24, (230, 220, 40)),
    ]
    for (x, y, color) in expected {
      guard let pixel = image.rgb(x: x, y: y) else { return XCTFail("no pixel", file: file, line: line) }
      XCTAssertLessThanOrEqual(abs(Int(pixel.red) - color.0), 6, "red at \(x),\(y)", file: file, line: line)
      XCTAssertLessThanOrEqual(abs(Int(pixel.green) - color.1), 6, "green at \(x),\(y)", file: file, line: line)
      XCTAssertLessThanOrEqual(abs(Int(pixel.blue) - color.2), 6, "blue at \(x),\(y)", file: file, line: line)
    }
  }

  func testEveryEXIFOrientationDecodesUpright() throws {
    for n in 1...8 {
      let data = try VisionFixtures.imageData("orientation_\(n).jpg")
      let image = try PixelBuffer(data: data)
      XCTAssertEqual(image.format, .rgb8)
      assertUpright(image)
      let raw = try PixelBuffer(data: data, options: ImageDecodingOptions(appliesOrientation: false))
      XCTAssertEqual(raw.width, n >= 5 ? 32 : 48, "orientation \(n) stored size")
      XCTAssertEqual(raw.oriented(ImageOrientation(rawValue: n) ?? .up), image, "orientation \(n)")
    }
    assertUpright(try PixelBuffer(contentsOf: VisionFixtures.image("orientation_6.png")))
  }

  func testUprightToStoredTransformAgreesWithPixels() throws {
    let raw = try PixelBuffer(data: try VisionFixtures.imageData("orientation_1.jpg"))
    for orientation in ImageOrientation.allCases {
      let upright = raw.oriented(orientation)
      let map = orientation.uprightToStored(storedWidth: raw.width, storedHeight: raw.height)
      for (x, y) in [(0, 0), (5, 9), (upright.width - 1, upright.height - 1), (upright.width - 3, 2)] {
        let stored = map.apply(x: Double(x) + 0.5, y: Double(y) + 0.5)
        let sx = Int(stored.x.rounded(.down))
        let sy = Int(stored.y.rounded(.down))
        XCTAssertEqual(upright.pixel(x: x, y: y), raw.pixel(x: sx, y: sy), "\(orientation) at \(x),\(y)")
      }
    }
  }

  func testJPEGMatchesPillowDecode() throws {
    let reference = try VisionFixtures.imageReference()
    let entry = try XCTUnwrap(reference["pattern.jpg"] as? [String: Any])
    let expected = try XCTUnwrap(entry["rgb"] as? [Int])
    let image = try PixelBuffer(contentsOf: VisionFixtures.image("pattern.jpg"))
    XCTAssertEqual(image.bytes.count, expected.count)
    // Both use libjpeg-turbo's accurate integer IDCT; allow 1 for library version differences.
    let worst = zip(image.bytes, expected).map { abs(Int($0) - $1) }.max() ?? 0
    XCTAssertLessThanOrEqual(worst, 1)
  }

  func testPNGVariants() throws {
    let rgb = try PixelBuffer(contentsOf: VisionFixtures.image("pattern_rgb.png"))
    XCTAssertEqual(rgb.format, .rgb8)
    XCTAssertEqual(rgb.width, 40)
    XCTAssertEqual(rgb.height, 30)
    let rgba = try PixelBuffer(contentsOf: VisionFixtures.image("pattern_rgba.png"))
    XCTAssertEqual(rgba.format, .rgba8)
    XCTAssertEqual(rgba.converted(to: .rgb8), rgb)
    XCTAssertEqual(rgba.pixel(x: 5, y: 1)?[3], UInt8((1 * 40 + 5) % 256))
    let gray = try PixelBuffer(contentsOf: VisionFixtures.image("pattern_gray.png"))
    XCTAssertEqual(gray.format, .gray8)
    XCTAssertEqual(rgb.converted(to: .gray8), gray, "luma as Pillow's convert(\"L\")")
    let gray16 = try PixelBuffer(contentsOf: VisionFixtures.image("pattern_gray16.png"))
    XCTAssertEqual(gray16.format, .gray8)
    for (x, y) in [(0, 0), (13, 7), (39, 29)] {
      XCTAssertEqual(gray16.pixel(x: x, y: y)?[0], rgb.pixel(x: x, y: y)?[0], "16-bit reduced to 8 at \(x),\(y)")
    }
    let palette = try PixelBuffer(contentsOf: VisionFixtures.image("pattern_palette.png"))
    let expected = try XCTUnwrap(
      (try VisionFixtures.imageReference()["pattern_palette.png"] as? [String: Any])?["rgb"] as? [Int])
    XCTAssertEqual(palette.converted(to: .rgb8).bytes.map(Int.init), expected)
  }

  func testPNGRoundTripEveryFormatAndStride() throws {
    let source = try PixelBuffer(contentsOf: VisionFixtures.image("pattern_rgba.png"))
    for format in PixelFormat.allCases {
      let converted = source.converted(to: format)
      // Re-pack with an odd stride (3 spare bytes per row).
      let stride = converted.width * format.bytesPerPixel + 3
      var bytes = [UInt8](repeating: 0xAB, count: stride * converted.height)
      for y in 0..<converted.height {
        for x in 0..<converted.width * format.bytesPerPixel {
          bytes[y * stride + x] = converted.bytes[y * converted.bytesPerRow + x]
        }
      }
      let strided = try PixelBuffer(
        width: converted.width, height: converted.height, format: format, bytesPerRow: stride, bytes: bytes)
      XCTAssertEqual(strided.packed(), converted, "\(format)")
      let decoded = try PixelBuffer(data: try strided.pngData())
      XCTAssertEqual(decoded.converted(to: format), converted, "\(format) round trip")
    }
  }

  func testPixelFormatsAgreeOnColors() throws {
    let rgb = try PixelBuffer(contentsOf: VisionFixtures.image("pattern_rgb.png"))
    for format in PixelFormat.allCases where format.hasColor {
      let other = rgb.converted(to: format)
      XCTAssertEqual(other.bytes.count, rgb.width * rgb.height * format.bytesPerPixel)
      for (x, y) in [(0, 0), (39, 0), (17, 23)] {
        let a = rgb.rgb(x: x, y: y)
        let b = other.rgb(x: x, y: y)
        XCTAssertEqual(a?.red, b?.red)
        XCTAssertEqual(a?.green, b?.green)
        XCTAssertEqual(a?.blue, b?.blue)
      }
      XCTAssertEqual(other.converted(to: .rgb8), rgb, "\(format) back to RGB")
    }
    let bgra = rgb.converted(to: .bgra8)
    XCTAssertEqual(bgra.pixel(x: 3, y: 4)?[0], rgb.pixel(x: 3, y: 4)?[2], "BGRA stores blue first")
    let argb = rgb.converted(to: .argb8)
    XCTAssertEqual(argb.pixel(x: 3, y: 4)?[0], 255, "ARGB stores opaque alpha first")
  }

  func testBadGeometryAndSizesAreTypedErrors() {
    XCTAssertThrowsError(try PixelBuffer(width: 0, height: 3, format: .rgb8, bytes: [UInt8]())) { error in
      guard case ImageError.invalidGeometry = error else { return XCTFail("\(error)") }
    }
    XCTAssertThrowsError(
      try PixelBuffer(width: 4, height: 2, format: .rgba8, bytesPerRow: 15, bytes: [UInt8](repeating: 0, count: 100))
    ) { error in
      guard case ImageError.invalidGeometry = error else { return XCTFail("\(error)") }
    }
    XCTAssertThrowsError(
      try PixelBuffer(width: 4, height: 2, format: .rgba8, bytesPerRow: 20, bytes: [UInt8](repeating: 0, count: 35))
    ) { error in
      guard case ImageError.pixelDataSize(_, _, _, _, let expected, let actual) = error else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(expected, 36)
      XCTAssertEqual(actual, 35)
      XCTAssertTrue("\(error)".hasSuffix("were given."))
    }
    XCTAssertThrowsError(try PixelBuffer(width: Int.max / 2, height: 3, format: .rgba8, bytes: [UInt8]()))
  }

  func testTruncatedImagesAreTypedErrors() throws {
    for name in ["pattern.jpg", "orientation_6.jpg", "pattern_rgb.png", "pattern_rgba.png", "photo_160x120.png"] {
      let data = try VisionFixtures.imageData(name)
      // (A PNG cut inside IEND still has all its pixels: cut points stay before it.)
      let ends = name.hasSuffix(".jpg") ? [data.count - 30, data.count - 3] : [data.count - 30, data.count - 19]
      for length in [0, 1, 4, 12, 40, data.count / 3, data.count / 2] + ends where length < data.count {
        XCTAssertThrowsError(try PixelBuffer(data: data.prefix(length)), "\(name) cut at \(length)") { error in
          guard let error = error as? ImageError else { return XCTFail("untyped \(error)") }
          switch error {
          case .truncated, .corrupt, .unknownFormat: break
          default: XCTFail("\(name) cut at \(length): \(error)")
          }
        }
      }
    }
    let cut = try VisionFixtures.imageData("pattern.jpg")
    XCTAssertThrowsError(try PixelBuffer(data: cut.prefix(cut.count / 2))) { error in
      guard case ImageError.truncated(let format, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(format, "JPEG")
    }
  }

  func testByteFlippedImagesNeverCrash() throws {
    var random = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
    var errors = 0
    var decoded = 0
    for name in ["pattern.jpg", "orientation_8.jpg", "pattern_rgb.png", "pattern_palette.png", "orientation_6.png"] {
      let original = try VisionFixtures.imageData(name)
      for _ in 0..<150 {
        var data = original
        for _ in 0..<(1 + random.below(4)) {
          let at = random.below(data.count)
          data[at] ^= UInt8(1 + random.below(255))
        }
        // Typed throws: every failure is an ImageError, which the compiler now guarantees.
        do throws(ImageError) {
          let image = try PixelBuffer(data: data)
          XCTAssertGreaterThan(image.width, 0)
          decoded += 1
        } catch { errors += 1 }
      }
    }
    XCTAssertGreaterThan(errors, 50, "most damage is detected")
    XCTAssertGreaterThan(errors + decoded, 0)
    // Damage in the header is always an error.
    var header = try VisionFixtures.imageData("pattern_rgb.png")
    header[16] = 0xFF  // width's top byte: a CRC mismatch
    XCTAssertThrowsError(try PixelBuffer(data: header)) { error in
      guard case ImageError.corrupt(let format, let reason) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(format, "PNG")
      XCTAssertFalse(reason.isEmpty)
    }
  }

  func testNotAnImage() {
    XCTAssertThrowsError(try PixelBuffer(data: Data("hello".utf8))) { error in
      XCTAssertEqual(error as? ImageError, .unknownFormat(leadingBytes: "68 65 6c 6c 6f"))
    }
    XCTAssertThrowsError(try PixelBuffer(contentsOf: URL(fileURLWithPath: "/nonexistent/x.png"))) { error in
      guard case ImageError.file(let path, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(path, "/nonexistent/x.png")
    }
  }

  func testPixelLimitRefusesBeforeAllocating() throws {
    let data = try VisionFixtures.imageData("pattern.jpg")
    XCTAssertThrowsError(try PixelBuffer(data: data, options: ImageDecodingOptions(maximumPixelCount: 100))) { error in
      XCTAssertEqual(error as? ImageError, .tooLarge(width: 40, height: 30, limit: 100))
    }
  }

  func testJPEGDCTScalingKeepsRequestedSize() throws {
    let data = try VisionFixtures.imageData("orientation_6.jpg")  // stored 32x48, upright 48x32
    let half = try PixelBuffer(data: data, options: ImageDecodingOptions(minimumSize: (20, 14)))
    XCTAssertEqual(half.width, 24)
    XCTAssertEqual(half.height, 16)
    let full = try PixelBuffer(data: data, options: ImageDecodingOptions(minimumSize: (40, 20)))
    XCTAssertEqual(full.width, 48)
    let eighth = try PixelBuffer(data: data, options: ImageDecodingOptions(minimumSize: (1, 1)))
    XCTAssertEqual(eighth.width, 6)
    XCTAssertEqual(eighth.height, 4)
  }
}
