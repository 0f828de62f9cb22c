import Foundation
import XCTest

@testable import TensorBridgeVision

/// The Task Library's rotated inputs carry no EXIF tag: its tests pass the orientation with the
/// frame. Tagged with the same orientation, the files decode upright, so every task gives the
/// upright image's results, in the upright image's pixels.
final class TaskLibraryEXIFTests: XCTestCase {
  /// The JPEG with an APP1 `Exif` segment holding only the orientation tag, inserted after SOI.
  static func tagged(_ name: String, orientation: ImageOrientation) throws -> URL {
    let data = try Data(contentsOf: TaskLibraryFixtures.url(name))
    XCTAssertEqual(Array(data.prefix(2)), [0xFF, 0xD8])
    let value = UInt8(orientation.rawValue)
    // "MM" big-endian TIFF, IFD0 at 8 with one SHORT entry 0x0112, no next IFD.
    let tiff: [UInt8] = [
      0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, value, 0, 0, 0, 0, 0, 0,
    ]
    let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
    let length = payload.count + 2
    var tagged = Data([0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload)
    tagged.append(data.dropFirst(2))
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "exif-\(orientation.rawValue)-\(UUID().uuidString)-\(name)")
    try tagged.write(to: url)
    return url
  }

  func testDetectorOnEXIFRotatedPhotoGivesUprightBoxes() throws {
    let url = try Self.tagged("cats_and_dogs_rotation180.jpg", orientation: .down)
    defer { try? FileManager.default.removeItem(at: url) }
    let detector = try ObjectDetector(contentsOf: TaskLibraryFixtures.ssd, options: TaskLibraryDetectorTests.options)
    let result = try detector.detect(contentsOf: url)
    // The Task Library's boxes for the file turned upright (its reference is in the stored pixels).
    let image = try TaskLibraryFixtures.image("cats_and_dogs_rotation180.jpg")
    let upright = try TaskLibraryReferenceTests.expectedDetections("cats_and_dogs_rotation180.jpg", orientation: "down")
      .map { box in
        TaskLibraryFixtures.ExpectedDetection(
          x: Double(image.width) - box.x - box.width, y: Double(image.height) - box.y - box.height,
          width: box.width, height: box.height, index: box.index, name: box.name, score: box.score)
      }
    TaskLibraryFixtures.expect(result.detections, upright, scorePrecision: 0, boxTolerance: 1)
  }

  func testClassifierOnEXIFRotatedPhoto() throws {
    let url = try Self.tagged("burger_rotation180.jpg", orientation: .down)
    defer { try? FileManager.default.removeItem(at: url) }
    let classifier = try ImageClassifier(
      contentsOf: TaskLibraryFixtures.mobileNetQuant,
      options: ImageClassifierOptions(maxResults: 1, scoreThreshold: 0.5))
    let result = try classifier.classify(contentsOf: url)
    XCTAssertEqual(result.categories.first?.label, "cheeseburger", "\(result.categories)")
    XCTAssertEqual(result.categories.first?.score ?? 0, 0.96, accuracy: 0.02)
  }

  /// The transposed input tagged EXIF 7 decodes upright: its mask is the upright golden one.
  func testSegmenterOnEXIFTransposedInputGivesTheUprightMask() throws {
    let url = try Self.tagged("segmentation_input_rotation90_flop.jpg", orientation: .rightMirrored)
    defer { try? FileManager.default.removeItem(at: url) }
    let segmenter = try ImageSegmenter(contentsOf: TaskLibraryFixtures.deeplab)
    let result = try segmenter.segment(contentsOf: url)
    let mask = try XCTUnwrap(result.categoryMaskOverImage())
    let golden = try PixelBufferLoader.gray(TaskLibraryFixtures.url("segmentation_golden_rotation0.png"))
    XCTAssertEqual(mask.count, golden.count)
    let differing = zip(mask, golden).filter { Int($0) * 10 != Int($1) }.count
    XCTAssertLessThan(Double(differing) / Double(golden.count), 1e-2)
  }
}
