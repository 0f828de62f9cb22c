import Foundation
import XCTest

@testable import TensorBridgeVision

/// Detector and segmenter files are decoded at the smallest DCT scale covering the model input,
/// as the classifier's are, and their results still describe the file's full-size pixels.
final class ScaledDecodeTaskTests: XCTestCase {
  private let photo = TaskLibraryFixtures.url("cats_and_dogs.jpg")

  func testDetectorFileBoxesAreInFullSizePixels() throws {
    let detector = try ObjectDetector(
      contentsOf: TaskLibraryFixtures.ssd, options: ObjectDetectorOptions(maxResults: 3))
    // 1200x600 against a 300x300 input: decoded at 1/2, else this test would not test it.
    let file = try ModelInputFile(contentsOf: photo, covering: detector.inputFormat, filter: detector.options.filter)
    XCTAssertEqual(file.scale, 2)
    XCTAssertEqual([file.fullWidth, file.fullHeight], [1200, 600])
    let full = try detector.detect(PixelBuffer(contentsOf: photo))
    let fromFile = try detector.detect(contentsOf: photo)
    XCTAssertEqual(fromFile.detections.count, full.detections.count)
    XCTAssertFalse(fromFile.detections.isEmpty)
    for detection in fromFile.detections {
      let box = detection.boundingBox
      XCTAssertTrue(box.minX >= 0 && box.minY >= 0 && box.maxX <= 1200 && box.maxY <= 600, "\(box)")
      let match = full.detections.max {
        $0.boundingBox.intersectionOverUnion(box) < $1.boundingBox.intersectionOverUnion(box)
      }
      XCTAssertEqual(match?.categories.first?.label, detection.categories.first?.label)
      XCTAssertGreaterThan(
        match?.boundingBox.intersectionOverUnion(box) ?? 0, 0.9, "\(box) vs \(String(describing: match?.boundingBox))")
    }
    let corner = fromFile.transform.apply(x: Double(detector.inputFormat.width), y: Double(detector.inputFormat.height))
    XCTAssertEqual(corner.x, 1200, accuracy: 1e-9)
    XCTAssertEqual(corner.y, 600, accuracy: 1e-9)
  }

  func testSegmenterFileMaskIsFullSize() throws {
    let segmenter = try ImageSegmenter(contentsOf: TaskLibraryFixtures.deeplab)
    let file = try ModelInputFile(contentsOf: photo, covering: segmenter.inputFormat, filter: segmenter.options.filter)
    XCTAssertEqual(file.scale, 2)
    let full = try segmenter.segment(PixelBuffer(contentsOf: photo))
    let fromFile = try segmenter.segment(contentsOf: photo)
    XCTAssertEqual([fromFile.imageWidth, fromFile.imageHeight], [1200, 600])
    let mask = try XCTUnwrap(fromFile.categoryMaskOverImage())
    let reference = try XCTUnwrap(full.categoryMaskOverImage())
    XCTAssertEqual(mask.count, reference.count)
    let differing = zip(mask, reference).filter { $0 != $1 }.count
    XCTAssertLessThan(Double(differing) / Double(reference.count), 0.05)
    XCTAssertEqual(fromFile.decodeScale, 2)
    XCTAssertEqual(full.decodeScale, 1)
  }

  /// A transposing EXIF orientation (6, 1200x600 stored, 600x1200 upright): decoded at 1/2, the
  /// mask still covers the upright full-size pixels, as a full-size decode's does.
  func testSegmenterFileWithEXIFRotationIsReducedAndMaskedAtUprightFullSize() throws {
    let url = try TaskLibraryEXIFTests.tagged("cats_and_dogs.jpg", orientation: .right)
    defer { try? FileManager.default.removeItem(at: url) }
    let segmenter = try ImageSegmenter(contentsOf: TaskLibraryFixtures.deeplab)
    let fromFile = try segmenter.segment(contentsOf: url)
    XCTAssertEqual(fromFile.decodeScale, 2)
    XCTAssertEqual([fromFile.imageWidth, fromFile.imageHeight], [600, 1200])
    let upright = try PixelBuffer(contentsOf: url)
    XCTAssertEqual([upright.width, upright.height], [600, 1200])
    let reference = try XCTUnwrap(segmenter.segment(upright).categoryMaskOverImage())
    let mask = try XCTUnwrap(fromFile.maskImage())
    XCTAssertEqual([mask.width, mask.height], [600, 1200])
    XCTAssertEqual(mask.bytes.count, reference.count)
    let differing = zip(mask.bytes, reference).filter { $0 != $1 }.count
    XCTAssertLessThan(Double(differing) / Double(reference.count), 0.05)
    XCTAssertTrue(reference.contains { $0 != 0 }, "the reference mask finds nothing to compare")
  }
}
