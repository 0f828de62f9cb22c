import Foundation
import TensorBridgeVision
import XCTest

/// A single-class segmentation model (MediaPipe's selfie segmentation is one) gives a binary
/// foreground mask, as MediaPipe Tasks reads it: class 0 where the score is above 0.5, 255
/// elsewhere. `foreground_segmenter.tflite` (scripts/fixtures/make_foreground_segmenter.py) is
/// such a model with TFLite metadata; its reference holds Python LiteRT's scores for an 8×8
/// picture of the model's own size (no resampling in between) and the mask they give.
final class ForegroundSegmenterTests: XCTestCase {
  private struct Reference: Decodable {
    let width: Int
    let height: Int
    let rgb: [UInt8]
    let scores: [Float]
    let categoryMask: [UInt8]
    let tolerance: Float
  }

  private func reference() throws -> Reference {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return try decoder.decode(
      Reference.self, from: Data(contentsOf: VisionFixtures.url("foreground_segmenter.reference.json")))
  }

  private func segmenter(_ type: ImageSegmenterOptions.OutputType) throws -> ImageSegmenter {
    try ImageSegmenter(
      contentsOf: VisionFixtures.url("foreground_segmenter.tflite"), options: ImageSegmenterOptions(outputType: type))
  }

  func testScoresMatchPythonAndTheMaskIsMediaPipesBinaryMask() throws {
    let reference = try reference()
    let image = try PixelBuffer(width: reference.width, height: reference.height, format: .rgb8, bytes: reference.rgb)
    let confidence = try segmenter(.confidenceMasks).segment(image).segmentation
    let masks = try XCTUnwrap(confidence.confidenceMasks)
    XCTAssertEqual(masks.count, 1)
    for (index, (got, want)) in zip(masks[0], reference.scores).enumerated() {
      XCTAssertEqual(got, want, accuracy: reference.tolerance, "pixel \(index)")
    }
    let segmenter = try segmenter(.categoryMask)
    XCTAssertEqual(segmenter.coloredLabels.map(\.name), ["foreground"])
    let result = try segmenter.segment(image)
    XCTAssertTrue(result.segmentation.isBinaryForeground)
    XCTAssertEqual(result.segmentation.backgroundValue, Segmentation.unlabeled)
    XCTAssertEqual(result.segmentation.categoryMask, reference.categoryMask)
    XCTAssertEqual(result.categoryMaskOverImage(), reference.categoryMask, "image and model are the same size")
    let foreground = Double(reference.categoryMask.filter { $0 == 0 }.count) / Double(reference.categoryMask.count)
    let shares = result.classShares()
    XCTAssertEqual(shares.map(\.index).sorted(), [0, 255])
    XCTAssertEqual(try XCTUnwrap(shares.first { $0.index == 0 }).share, foreground, accuracy: 1e-12)
  }

  // The overlay paints the foreground in a visible colour (not the palette's background black)
  // and leaves the background as it was; pixels the model did not see (cropped away) are
  // background.
  func testOverlayPaintsTheForegroundAndUnseenPixelsAreBackground() throws {
    let reference = try reference()
    let image = try PixelBuffer(width: reference.width, height: reference.height, format: .rgb8, bytes: reference.rgb)
    let segmenter = try segmenter(.categoryMask)
    let label = try XCTUnwrap(segmenter.coloredLabels.first)
    XCTAssertNotEqual([label.red, label.green, label.blue], [0, 0, 0])
    let result = try segmenter.segment(image)
    let overlay = try XCTUnwrap(result.overlay(on: image, opacity: 1))
    for (pixel, value) in reference.categoryMask.enumerated() {
      let painted = Array(overlay.bytes[(pixel * 3)..<(pixel * 3 + 3)])
      let original = Array(reference.rgb[(pixel * 3)..<(pixel * 3 + 3)])
      XCTAssertEqual(painted, value == 0 ? [label.red, label.green, label.blue] : original, "pixel \(pixel)")
    }

    // A 16×8 picture center-cropped to the 8×8 input: the model sees only columns 4…11, and
    // every image pixel outside them is background.
    let wide = try PixelBuffer(
      width: 16, height: 8, format: .rgb8, bytes: [UInt8](repeating: 30, count: 16 * 8 * 3))
    let cropping = try ImageSegmenter(
      contentsOf: VisionFixtures.url("foreground_segmenter.tflite"),
      options: ImageSegmenterOptions(fitMode: .centerCrop))
    let cropped = try XCTUnwrap(cropping.segment(wide).categoryMaskOverImage())
    for y in 0..<8 {
      for x in [0, 1, 2, 3, 12, 13, 14, 15] {
        XCTAssertEqual(cropped[y * 16 + x], Segmentation.unlabeled, "unseen pixel (\(x), \(y))")
      }
    }
  }

  /// `filter: .bilinearWarp` (MediaPipe's resize) reaches the model: segmenting a 29×19 picture
  /// with it equals segmenting the 8×8 picture `WarpScaler` makes of it, and differs from the
  /// antialiased default's on this picture.
  func testMediaPipeResizeFeedsTheModel() throws {
    let bytes = (0..<(29 * 19)).flatMap { pixel -> [UInt8] in
      let (x, y) = (pixel % 29, pixel / 29)
      return [UInt8((x * 37 + y * 11) % 256), UInt8((x * 5) % 256), UInt8((y * 13) % 256)]
    }
    let picture = try PixelBuffer(width: 29, height: 19, format: .rgb8, bytes: bytes)
    let url = VisionFixtures.url("foreground_segmenter.tflite")
    let warp = try ImageSegmenter(
      contentsOf: url, options: ImageSegmenterOptions(outputType: .confidenceMasks, filter: .bilinearWarp))
    let scores = { (segmenter: ImageSegmenter, image: PixelBuffer) throws -> [Float] in
      try XCTUnwrap(segmenter.segment(image).segmentation.confidenceMasks?.first)
    }
    let small = try picture.resized(width: 8, height: 8, filter: .bilinearWarp)
    XCTAssertEqual(try scores(warp, picture), try scores(warp, small))
    let pillow = try ImageSegmenter(
      contentsOf: url, options: ImageSegmenterOptions(outputType: .confidenceMasks, filter: .bilinear))
    XCTAssertNotEqual(try scores(warp, picture), try scores(pillow, picture))
  }

  // Several classes keep the Task Library's argmax: a two-class output is not thresholded.
  func testTwoClassesStayAnArgmax() throws {
    let scores: [Float] = [0.9, 0.95, 0.2, 0.1, 0.3, 0.6, 0.0, 0.0]
    let labels = (0..<2).map { Segmentation.ColoredLabel(name: "\($0)", displayName: nil, red: 0, green: 0, blue: 0) }
    let segmentation = try Segmentation.decode(
      scores: scores, width: 2, height: 2, classes: 2, orientation: .up, outputType: .categoryMask,
      coloredLabels: labels)
    XCTAssertEqual(segmentation.categoryMask, [1, 0, 1, 0])
    XCTAssertFalse(segmentation.isBinaryForeground)
    XCTAssertEqual(segmentation.backgroundValue, 0)
    let single = try Segmentation.decode(
      scores: [0.9, 0.5, 0.51, 0.2], width: 2, height: 2, classes: 1, orientation: .down, outputType: .categoryMask,
      coloredLabels: [labels[0]])
    XCTAssertEqual(single.categoryMask, [255, 0, 255, 0], "turned 180°; 0.5 itself is background")
  }
}
