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
    struct Confidence: Decodable {
      let mean: Double
      /// `[x, y, value]` on a 9 × 9 grid of pixels.
      let samples: [[Double]]
    }
    let confidence_masks: [String: [String: Confidence]]
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

  /// Both selfie segmenters with MediaPipe's resize and MediaPipe's mask upsampling give
  /// MediaPipe's ImageSegmenter's category mask: the same foreground pixel count on all 6 photo
  /// and model pairs (the square model on chelsea needs MediaPipe's matrix to break the ties at
  /// 1/32 pixel of every odd row its way). The Task Library's nearest-neighbour mask is up to 0.25
  /// points off, and the antialiased default resize 26 points off on one.
  func testSelfieSegmentersGiveMediaPipesShares() throws {
    let reference = try reference()
    var defaultGap = 0.0
    var nearestGap = 0.0
    var exact = 0
    for (model, shares) in reference.foreground_shares.sorted(by: { $0.key < $1.key }) {
      let url = try VisionFixtures.requiredThirdParty("\(model).tflite")
      let mediaPipe = try ImageSegmenter(
        contentsOf: url, options: ImageSegmenterOptions(filter: .bilinearWarp, maskUpsampling: .mediaPipe))
      let nearest = try ImageSegmenter(contentsOf: url, options: ImageSegmenterOptions(filter: .bilinearWarp))
      let pillow = try ImageSegmenter(contentsOf: url)
      for (name, expected) in shares.sorted(by: { $0.key < $1.key }) {
        let photo = try VisionFixtures.photo(name)
        let foreground = { (segmenter: ImageSegmenter) throws -> (pixels: Int, share: Double) in
          let mask = try XCTUnwrap(try segmenter.segment(contentsOf: photo).categoryMaskOverImage())
          let pixels = mask.filter { $0 == 0 }.count
          return (pixels, Double(pixels) / Double(mask.count))
        }
        let (pixels, share) = try foreground(mediaPipe)
        let imageSize = Double(pixels) / share
        let pixelGap = abs(share - expected) * imageSize
        XCTAssertLessThanOrEqual(pixelGap, 0.5, "\(model) on \(name): \(pixelGap) pixels from MediaPipe's count")
        if pixelGap < 0.5 { exact += 1 }
        nearestGap = max(nearestGap, abs(try foreground(nearest).share - expected))
        defaultGap = max(defaultGap, abs(try foreground(pillow).share - expected))
      }
    }
    XCTAssertEqual(exact, 6, "MediaPipe's exact foreground count on all 6 pairs")
    XCTAssertGreaterThan(nearestGap, 0.001, "nearest neighbour is not MediaPipe's upsampling")
    XCTAssertGreaterThan(defaultGap, 0.2, "the default resize was 26 points off on the landscape model and chelsea")
  }

  /// The selfie segmenters' confidence masks over the image (``SegmentationResult/confidenceMasksOverImage()``,
  /// with MediaPipe's resize) are MediaPipe's confidence masks, OpenCV's `INTER_LINEAR` resize of
  /// the scores: on all 6 photo and model pairs the mean within 1e-6 and 81 pixels from corner to
  /// corner within 1e-5 of MediaPipe's.
  func testConfidenceMasksOverTheImageAreMediaPipes() throws {
    let reference = try reference()
    var close = 0
    for (model, photos) in reference.confidence_masks.sorted(by: { $0.key < $1.key }) {
      let url = try VisionFixtures.requiredThirdParty("\(model).tflite")
      let segmenter = try ImageSegmenter(
        contentsOf: url, options: ImageSegmenterOptions(outputType: .confidenceMasks, filter: .bilinearWarp))
      for (name, expected) in photos.sorted(by: { $0.key < $1.key }) {
        let result = try segmenter.segment(contentsOf: try VisionFixtures.photo(name))
        let mask = try XCTUnwrap(result.confidenceMasksOverImage()?.first)
        XCTAssertEqual(mask.count, result.imageWidth * result.imageHeight)
        let mean = mask.reduce(0.0) { $0 + Double($1) } / Double(mask.count)
        let worst =
          expected.samples.map { sample in
            abs(Double(mask[Int(sample[1]) * result.imageWidth + Int(sample[0])]) - sample[2])
          }.max() ?? .infinity
        XCTAssertLessThan(worst, 1e-5, "\(model) on \(name)")
        if abs(mean - expected.mean) < 1e-6, worst < 1e-5 { close += 1 }
      }
    }
    XCTAssertEqual(close, 6, "MediaPipe's confidence masks on all 6 pairs")
  }
}
