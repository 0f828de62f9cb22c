import Foundation
import XCTest

@testable import TensorBridgeVision

/// The TFLite Task Library's vision test data (Tests/Fixtures/vision/tasklibrary, see its README)
/// and the comparisons its tests make.
enum TaskLibraryFixtures {
  static func url(_ name: String) -> URL { VisionFixtures.url("tasklibrary/\(name)") }
  static let ssd = url("coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite")
  static let ssdCalibrated = url("coco_ssd_mobilenet_v1_1.0_quant_2018_06_29_score_calibration.tflite")
  static let mobileNetQuant = url("mobilenet_v1_0.25_224_quant.tflite")
  static let automl = url("automl_labeler_model.tflite")
  static let deeplab = url("deeplabv3.tflite")

  /// Decodes a test image (none of them carries an EXIF orientation, which the Task Library's
  /// `DecodeImageFromFile` would ignore).
  static func image(_ name: String) throws -> PixelBuffer {
    try PixelBuffer(contentsOf: url(name))
  }

  /// An expected detection: a box in pixels, a class index, name and score.
  struct ExpectedDetection {
    let x: Double, y: Double, width: Double, height: Double
    let index: Int, name: String, score: Float
  }

  /// `object_detector_test.cc`'s `ExpectApproximatelyEqual`: same count; each box's origin and
  /// size within `boxTolerance` pixels; one class with the same index and name; score within
  /// `scorePrecision`.
  static func expect(
    _ actual: [Detection], _ expected: [ExpectedDetection], scorePrecision: Float = 1e-6,
    boxTolerance: Double = 3, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(actual.count, expected.count, "detections: \(actual)", file: file, line: line)
    for (a, b) in zip(actual, expected) {
      let box = a.boundingBox
      XCTAssertEqual(box.x, b.x, accuracy: boxTolerance, "origin_x of \(a)", file: file, line: line)
      XCTAssertEqual(box.y, b.y, accuracy: boxTolerance, "origin_y of \(a)", file: file, line: line)
      XCTAssertEqual(box.width, b.width, accuracy: boxTolerance, "width of \(a)", file: file, line: line)
      XCTAssertEqual(box.height, b.height, accuracy: boxTolerance, "height of \(a)", file: file, line: line)
      XCTAssertEqual(a.categories.count, 1, file: file, line: line)
      XCTAssertEqual(a.categories.first?.index, b.index, file: file, line: line)
      XCTAssertEqual(a.categories.first?.label, b.name, file: file, line: line)
      XCTAssertEqual(
        a.categories.first?.score ?? -1, b.score, accuracy: scorePrecision, "score of \(a)", file: file, line: line)
    }
  }
}
