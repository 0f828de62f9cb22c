import Foundation
import TensorBridgeModels
import XCTest

@testable import TensorBridgeVision

/// The Task Library itself as the reference: tflite-support 0.4.4's C++ ObjectDetector,
/// ImageClassifier and ImageSegmenter (through its Python bindings, libyuv and its TFLite build
/// included) on the Task Library's models and images, given the pixels we decode
/// (`Tests/Fixtures/vision/tasklibrary/references.json`, made by
/// `scripts/vision/make_task_library_references.sh`). With `ResizeFilter.bilinearTwoTap` (libyuv's
/// resize to the byte) every score is the same float and every box the same pixel, up to the Task
/// Library's rounding of box edges to whole pixels.
final class TaskLibraryReferenceTests: XCTestCase {
  struct References: Decodable {
    struct Detector: Decodable {
      struct Box: Decodable {
        let x: Double, y: Double, width: Double, height: Double
        let index: Int, name: String, score: Float
      }
      let image: String, orientation: String, maxResults: Int, detections: [Box]
    }
    struct Classifier: Decodable {
      let model: String, image: String, roi: [Double]?, top: Int, scores: [Float]
    }
    struct Segmenter: Decodable {
      let image: String, width: Int, height: Int, categoryMaskRuns: [Int]
    }
    let detector: [Detector], classifier: [Classifier], segmenter: [Segmenter]
  }

  static func references() throws -> References {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return try decoder.decode(References.self, from: Data(contentsOf: TaskLibraryFixtures.url("references.json")))
  }

  /// The Task Library's boxes for `image` given with `orientation` ("up" or "down"), in the
  /// stored pixels.
  static func expectedDetections(_ image: String, orientation: String) throws -> [TaskLibraryFixtures.ExpectedDetection]
  {
    let reference = try XCTUnwrap(
      try references().detector.first { $0.image == image && $0.orientation == orientation })
    return reference.detections.map {
      TaskLibraryFixtures.ExpectedDetection(
        x: $0.x, y: $0.y, width: $0.width, height: $0.height, index: $0.index, name: $0.name, score: $0.score)
    }
  }

  /// Both photos, the second stored upside down: the same four boxes (each edge within the Task
  /// Library's truncation to whole pixels) and scores, classes and names.
  func testDetectorGivesTheTaskLibrarysAnswer() throws {
    let references = try Self.references()
    XCTAssertEqual(references.detector.count, 2)
    for reference in references.detector {
      let detector = try ObjectDetector(
        contentsOf: TaskLibraryFixtures.ssd,
        options: ObjectDetectorOptions(
          maxResults: reference.maxResults, filter: .bilinearTwoTap, clipsBoxesToImage: false))
      let image = try TaskLibraryFixtures.image(reference.image)
      let result = try detector.detect(image, orientation: reference.orientation == "down" ? .down : .up)
      let expected = try Self.expectedDetections(reference.image, orientation: reference.orientation)
      TaskLibraryFixtures.expect(result.detections, expected, scorePrecision: 0, boxTolerance: 1)
    }
  }

  /// Every class's score, whole images and regions of interest, on both classifiers.
  func testClassifierGivesTheTaskLibrarysScores() throws {
    let references = try Self.references()
    XCTAssertEqual(references.classifier.count, 5)
    for reference in references.classifier {
      let classifier = try ImageClassifier(
        contentsOf: TaskLibraryFixtures.url(reference.model), options: ImageClassifierOptions(filter: .bilinearTwoTap))
      var image = try TaskLibraryFixtures.image(reference.image)
      if let roi = reference.roi, roi.count == 4 {
        image = try image.cropped(to: ImageRect(x: roi[0], y: roi[1], width: roi[2], height: roi[3]))
      }
      let categories = try classifier.classify(image).categories
      var scores = [Float](repeating: -1, count: reference.scores.count)
      for category in categories where scores.indices.contains(category.index) {
        scores[category.index] = category.score
      }
      let differing = zip(scores, reference.scores).filter { $0 != $1 }.count
      XCTAssertEqual(differing, 0, "\(reference.model) on \(reference.image) \(reference.roi ?? [])")
      XCTAssertEqual(categories.first?.index, reference.top, "\(reference.model) on \(reference.image)")
    }
  }

  /// DeepLab v3's category mask, pixel for pixel.
  func testSegmenterGivesTheTaskLibrarysMask() throws {
    let references = try Self.references()
    let reference = try XCTUnwrap(references.segmenter.first)
    var expected: [UInt8] = []
    for run in stride(from: 0, to: reference.categoryMaskRuns.count - 1, by: 2) {
      let value = UInt8(reference.categoryMaskRuns[run])
      expected += [UInt8](repeating: value, count: reference.categoryMaskRuns[run + 1])
    }
    XCTAssertEqual(expected.count, reference.width * reference.height)
    let segmenter = try ImageSegmenter(contentsOf: TaskLibraryFixtures.deeplab)
    let result = try segmenter.segment(try TaskLibraryFixtures.image(reference.image))
    let mask = try XCTUnwrap(result.segmentation.categoryMask)
    XCTAssertEqual(mask.count, expected.count)
    let differing = zip(mask, expected).filter { $0 != $1 }.count
    XCTAssertEqual(differing, 0, "pixels whose category differs from the Task Library's")
  }
}
