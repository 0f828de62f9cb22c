import Foundation
import TensorBridgeVision
import XCTest

/// The third-party MediaPipe models with ``ResizeFilter/bilinearWarp`` (MediaPipe's resize)
/// against MediaPipe 1.2.3's own Python tasks on scikit-image's photos
/// (mediapipe.reference.json, scripts/vision/make_mediapipe_references.py). Skipped when the
/// models or photos are not fetched; `make check-thirdparty` fetches both before `make test`.
final class MediaPipeConformanceTests: XCTestCase {
  struct Reference: Decodable {
    struct Face: Decodable {
      let score: Float
      let box: [Double]
      let keypoints: [[Double]]
    }
    let mediapipe: String
    let crops: [String: [Int]]
    let faces: [String: [Face]]
    let foreground_shares: [String: [String: Double]]
  }

  func reference() throws -> Reference {
    try JSONDecoder().decode(
      Reference.self, from: Data(contentsOf: VisionFixtures.url("mediapipe.reference.json")))
  }

  /// BlazeFace (blazeface/model.json's anchors and decoding) letterboxed with MediaPipe's
  /// resize gives MediaPipe's FaceDetector's faces, on the square portrait and on a wide and a
  /// tall crop of it (padded to the square input around the centre, as MediaPipe pads): the
  /// same score, keypoints within 0.01 pixel, and the box MediaPipe rounds down to whole pixels.
  /// Chelsea and coffee have no face for either.
  func testBlazeFaceGivesMediaPipesFaces() throws {
    let reference = try reference()
    let bundle = try VisionFixtures.blazeFaceBundle()
    defer { try? FileManager.default.removeItem(at: bundle) }
    let detector = try ObjectDetector(
      contentsOf: bundle, options: ObjectDetectorOptions(fitMode: .letterbox(fill: 0), filter: .bilinearWarp))
    let portrait = try PixelBuffer(contentsOf: try VisionFixtures.photo("astronaut"))
    for (name, expected) in reference.faces.sorted(by: { $0.key < $1.key }) {
      let image: PixelBuffer
      if let crop = reference.crops[name] {
        image = try portrait.resized(
          width: crop[2] - crop[0], height: crop[3] - crop[1],
          from: ImageRect(
            x: Double(crop[0]), y: Double(crop[1]), width: Double(crop[2] - crop[0]), height: Double(crop[3] - crop[1]))
        )
      } else {
        image = try PixelBuffer(contentsOf: try VisionFixtures.photo(name))
      }
      let faces = try detector.detect(image).detections
      XCTAssertEqual(faces.count, expected.count, name)
      for (face, wanted) in zip(faces, expected) {
        XCTAssertEqual(face.categories[0].score, wanted.score, accuracy: 1e-5, name)
        let box = face.boundingBox
        XCTAssertEqual([box.x, box.y, box.width, box.height].map { $0.rounded(.down) }, wanted.box, name)
        XCTAssertEqual(face.keypoints.count, wanted.keypoints.count, name)
        for (point, keypoint) in zip(face.keypoints, wanted.keypoints) {
          XCTAssertEqual(point.x, keypoint[0], accuracy: 0.01, name)
          XCTAssertEqual(point.y, keypoint[1], accuracy: 0.01, name)
        }
      }
    }
  }

  /// Both selfie segmenters give MediaPipe's ImageSegmenter's foreground share within 0.3
  /// points on every photo (the rest is MediaPipe's mask resize); the antialiased default is
  /// 26 points off on one.
  func testSelfieSegmentersGiveMediaPipesShares() throws {
    let reference = try reference()
    var defaultGap = 0.0
    for (model, shares) in reference.foreground_shares.sorted(by: { $0.key < $1.key }) {
      let url = try VisionFixtures.requiredThirdParty("\(model).tflite")
      let warp = try ImageSegmenter(contentsOf: url, options: ImageSegmenterOptions(filter: .bilinearWarp))
      let pillow = try ImageSegmenter(contentsOf: url)
      for (name, expected) in shares.sorted(by: { $0.key < $1.key }) {
        let photo = try VisionFixtures.photo(name)
        let share = { (segmenter: ImageSegmenter) throws -> Double in
          let mask = try XCTUnwrap(try segmenter.segment(contentsOf: photo).categoryMaskOverImage())
          return Double(mask.filter { $0 == 0 }.count) / Double(mask.count)
        }
        XCTAssertEqual(try share(warp), expected, accuracy: 0.003, "\(model) on \(name)")
        defaultGap = max(defaultGap, abs(try share(pillow) - expected))
      }
    }
    XCTAssertGreaterThan(defaultGap, 0.2, "the default resize was 26 points off on the landscape model and chelsea")
  }
}
