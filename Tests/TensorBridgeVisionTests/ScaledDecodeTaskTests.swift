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
  }
}
