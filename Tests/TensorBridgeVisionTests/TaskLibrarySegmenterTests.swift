import Foundation
import XCTest

@testable import TensorBridgeVision

/// `tensorflow_lite_support/cc/test/task/vision/image_segmenter_test.cc` (tflite-support dd3362e)
/// with `deeplabv3.tflite`: the category masks against the golden PNGs (each golden pixel is the
/// class index × 10; fewer than 1% of pixels may differ, `kGoldenMaskTolerance`), the colored
/// labels (`kDeepLabV3PartialResult`) and the post-processing cases.
final class TaskLibrarySegmenterTests: XCTestCase {
  static let labels = [
    "background", "aeroplane", "bicycle", "bird", "boat", "bottle", "bus", "car", "cat", "chair", "cow",
    "dining table", "dog", "horse", "motorbike", "person", "potted plant", "sheep", "sofa", "train", "tv",
  ]
  static let colors: [(UInt8, UInt8, UInt8)] = [
    (0, 0, 0), (128, 0, 0), (0, 128, 0), (128, 128, 0), (0, 0, 128), (128, 0, 128), (0, 128, 128), (128, 128, 128),
    (64, 0, 0), (192, 0, 0), (64, 128, 0), (192, 128, 0), (64, 0, 128), (192, 0, 128), (64, 128, 128), (192, 128, 128),
    (0, 64, 0), (128, 64, 0), (0, 192, 0), (128, 192, 0), (0, 64, 128),
  ]

  /// `ExpectApproximatelyEqual` with `kDeepLabV3PartialResult`: 257×257 and the colored labels.
  private func expectPartialResult(_ segmentation: Segmentation, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(segmentation.width, 257, file: file, line: line)
    XCTAssertEqual(segmentation.height, 257, file: file, line: line)
    XCTAssertEqual(segmentation.coloredLabels.map(\.name), Self.labels, file: file, line: line)
    for (label, color) in zip(segmentation.coloredLabels, Self.colors) {
      XCTAssertTrue(
        label.red == color.0 && label.green == color.1 && label.blue == color.2, "\(label)", file: file, line: line)
    }
  }

  /// The share of mask pixels whose class × 10 differs from the golden PNG's gray value.
  private func inconsistency(_ mask: [UInt8], golden name: String) throws -> Double {
    let golden = try TaskLibraryFixtures.image(name).converted(to: .gray8)
    XCTAssertEqual(mask.count, golden.width * golden.height)
    var differing = 0
    for y in 0..<golden.height {
      for x in 0..<golden.width
      where Int(mask[y * golden.width + x]) * 10 != Int(golden.bytes[golden.offset(x: x, y: y)]) {
        differing += 1
      }
    }
    return Double(differing) / Double(golden.width * golden.height)
  }

  /// `SegmentTest.SucceedsWithCategoryMask` (and `SucceedsWithBaseOptions`).
  func testCategoryMask() throws {
    let segmenter = try ImageSegmenter(contentsOf: TaskLibraryFixtures.deeplab)
    let result = try segmenter.segment(try TaskLibraryFixtures.image("segmentation_input_rotation0.jpg"))
    expectPartialResult(result.segmentation)
    let mask = try XCTUnwrap(result.segmentation.categoryMask)
    let share = try inconsistency(mask, golden: "segmentation_golden_rotation0.png")
    XCTAssertLessThan(share, 1e-2, "kGoldenMaskTolerance")
  }

  /// `SegmentTest.SucceedsWithOrientation`: the input stored with kRightBottom (EXIF 7,
  /// transverse) gives the golden mask in the stored orientation.
  func testCategoryMaskWithOrientation() throws {
    let segmenter = try ImageSegmenter(contentsOf: TaskLibraryFixtures.deeplab)
    let result = try segmenter.segment(
      try TaskLibraryFixtures.image("segmentation_input_rotation90_flop.jpg"), orientation: .rightMirrored)
    expectPartialResult(result.segmentation)
    let mask = try XCTUnwrap(result.segmentation.categoryMask)
    let share = try inconsistency(mask, golden: "segmentation_golden_rotation90_flop.png")
    XCTAssertLessThan(share, 1e-2, "kGoldenMaskTolerance")
    // The comparison can fail: the unrotated golden differs from this mask in many pixels.
    XCTAssertGreaterThan(try inconsistency(mask, golden: "segmentation_golden_rotation0.png"), 0.05)
  }

  /// The category mask over the image's own pixels equals the model-size mask when the image
  /// is the model's size (257×257, stretch is the identity).
  func testMaskOverImageAtModelSize() throws {
    let segmenter = try ImageSegmenter(contentsOf: TaskLibraryFixtures.deeplab)
    let result = try segmenter.segment(
      try TaskLibraryFixtures.image("segmentation_input_rotation90_flop.jpg"), orientation: .rightMirrored)
    XCTAssertEqual(result.categoryMaskOverImage(), result.segmentation.categoryMask)
  }

  /// `python/test/task/vision/image_segmenter_test.py`,
  /// `test_segmentation_confidence_mask_matches_category_mask`: one confidence mask per class,
  /// whose per-pixel argmax is the category mask.
  func testConfidenceMasksMatchTheCategoryMask() throws {
    let image = try TaskLibraryFixtures.image("segmentation_input_rotation0.jpg")
    let category = try ImageSegmenter(contentsOf: TaskLibraryFixtures.deeplab).segment(image).segmentation
    let confidence = try ImageSegmenter(
      contentsOf: TaskLibraryFixtures.deeplab,
      options: ImageSegmenterOptions(outputType: .confidenceMasks)
    ).segment(image).segmentation
    let masks = try XCTUnwrap(confidence.confidenceMasks)
    XCTAssertEqual(masks.count, confidence.coloredLabels.count)
    let mask = try XCTUnwrap(category.categoryMask)
    let argmax = (0..<mask.count).map { pixel in
      UInt8(masks.indices.max { masks[$0][pixel] < masks[$1][pixel] } ?? 0)
    }
    XCTAssertEqual(argmax, mask)
  }

  // MARK: PostprocessTest: top-left scores set (car highest), the rest zeros.

  static let cornerScores: [Float] = [
    0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.21, 0.60, 0.01, 0.01, 0.01,
    0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01,
  ]

  private func postprocess(_ type: ImageSegmenterOptions.OutputType, orientation: ImageOrientation) throws
    -> Segmentation
  {
    let segmenter = try ImageSegmenter(contentsOf: TaskLibraryFixtures.deeplab)
    var scores = Self.cornerScores
    scores += Array(repeating: 0, count: 257 * 257 * 21 - scores.count)
    return try Segmentation.decode(
      scores: scores, width: 257, height: 257, classes: 21, orientation: orientation,
      outputType: type, coloredLabels: segmenter.coloredLabels)
  }

  /// `PostprocessTest.SucceedsWithCategoryMask`.
  func testPostprocessCategoryMask() throws {
    let segmentation = try postprocess(.categoryMask, orientation: .up)
    expectPartialResult(segmentation)
    XCTAssertEqual(segmentation.categoryMask?.first, 7, "car")
  }

  /// `PostprocessTest.SucceedsWithCategoryMaskAndOrientation` (kRightBottom).
  func testPostprocessCategoryMaskAndOrientation() throws {
    let segmentation = try postprocess(.categoryMask, orientation: .rightMirrored)
    expectPartialResult(segmentation)
    XCTAssertEqual(segmentation.categoryMask?[257 * 257 - 1], 7, "car")
  }

  /// `PostprocessTest.SucceedsWithConfidenceMask`.
  func testPostprocessConfidenceMask() throws {
    let segmentation = try postprocess(.confidenceMasks, orientation: .up)
    let masks = try XCTUnwrap(segmentation.confidenceMasks)
    XCTAssertEqual(masks.count, Self.cornerScores.count)
    XCTAssertEqual(masks.map { $0[0] }, Self.cornerScores)
  }

  /// `PostprocessTest.SucceedsWithConfidenceMaskAndOrientation` (kRightBottom).
  func testPostprocessConfidenceMaskAndOrientation() throws {
    let segmentation = try postprocess(.confidenceMasks, orientation: .rightMirrored)
    let masks = try XCTUnwrap(segmentation.confidenceMasks)
    XCTAssertEqual(masks.map { $0[257 * 257 - 1] }, Self.cornerScores)
  }
}
