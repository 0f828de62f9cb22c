import TensorBridgeVision
import XCTest

/// ``MaskUpsampling/mediaPipe`` on masks small enough to work out by hand: MediaPipe's
/// `ProcessForCategoryMaskCpu` interpolates the scores with the corners aligned (scale
/// (2 − 1) / (3 − 1) = 0.5 from a 2×2 mask to a 3×3 image) and thresholds at 0.5, where the Task
/// Library takes the class of the mask pixel each image pixel's centre falls in. (The selfie
/// segmenters against MediaPipe itself are in `MediaPipeConformanceTests`.)
final class MaskUpsamplingTests: XCTestCase {
  let stretch = ImageTransform(a: 1.5, b: 0, c: 0, d: 1.5, tx: 0, ty: 0)

  func result(
    scores: [[Float]], labels: Int, upsampling: MaskUpsampling, fit: ImageTransform? = nil,
    orientation: ImageOrientation = .up
  ) -> SegmentationResult {
    let colored = (0..<labels).map { _ in
      Segmentation.ColoredLabel(name: nil, displayName: nil, red: 0, green: 0, blue: 0)
    }
    let category: [UInt8] = (0..<4).map { pixel in
      if labels == 1 { return scores[0][pixel] > 0.5 ? 0 : Segmentation.unlabeled }
      return UInt8(scores.indices.max { scores[$0][pixel] < scores[$1][pixel] } ?? 0)
    }
    return SegmentationResult(
      segmentation: Segmentation(
        width: 2, height: 2, categoryMask: category, confidenceMasks: scores, coloredLabels: colored),
      imageWidth: 3, imageHeight: 3, orientation: orientation, fitTransform: fit ?? stretch, inputWidth: 2,
      inputHeight: 2, maskUpsampling: upsampling)
  }

  func testABinaryMaskIsInterpolatedWithTheCornersAlignedThenThresholded() {
    // Scores (x, y): (0, 0) 0, (1, 0) 1, (0, 1) 1, (1, 1) 1. The image's middle row and
    // column fall halfway between mask pixels: 0.5 (not above it) on the edges next to the
    // zero, 0.75 at the centre.
    let scores: [[Float]] = [[0, 1, 1, 1]]
    let u = Segmentation.unlabeled
    XCTAssertEqual(
      result(scores: scores, labels: 1, upsampling: .mediaPipe).categoryMaskOverImage(),
      [u, u, 0, u, 0, 0, 0, 0, 0])
    // The Task Library's nearest neighbour: centres at 1/3, 1, 5/3 of a mask pixel.
    XCTAssertEqual(
      result(scores: scores, labels: 1, upsampling: .nearest).categoryMaskOverImage(),
      [u, 0, 0, 0, 0, 0, 0, 0, 0])
  }

  func testSeveralClassesTakeTheFirstHighestInterpolatedScore() {
    // Class 1 wins the top-left mask pixel, class 0 the others; halfway they tie and the
    // first class wins, as std::max_element chooses.
    let scores: [[Float]] = [[0.25, 0.75, 0.75, 0.75], [0.75, 0.25, 0.25, 0.25]]
    XCTAssertEqual(
      result(scores: scores, labels: 2, upsampling: .mediaPipe).categoryMaskOverImage(),
      [1, 0, 0, 0, 0, 0, 0, 0, 0])
  }

  func testAFitThatIsNotAStretchFallsBackToNearest() {
    let letterbox = ImageTransform(a: 1.5, b: 0, c: 0, d: 1.5, tx: 0, ty: -0.75)
    let scores: [[Float]] = [[0, 1, 1, 1]]
    XCTAssertEqual(
      result(scores: scores, labels: 1, upsampling: .mediaPipe, fit: letterbox).categoryMaskOverImage(),
      result(scores: scores, labels: 1, upsampling: .nearest, fit: letterbox).categoryMaskOverImage())
  }

  func testARotatedFrameReadsTheScoresUpright() {
    // Stored rotated a quarter turn: the upright image is the stored one turned; the mask
    // comes back in stored pixels, so turning it upright gives the unrotated answer.
    let scores: [[Float]] = [[0, 1, 1, 1]]
    let upright = result(scores: scores, labels: 1, upsampling: .mediaPipe).categoryMaskOverImage()
    for orientation in [ImageOrientation.right, .left, .down] {
      // The stored masks hold the upright scores turned the other way.
      var stored = [Float](repeating: 0, count: 4)
      for y in 0..<2 {
        for x in 0..<2 {
          let u = orientation.uprightPixel(storedX: x, y: y, storedWidth: 2, storedHeight: 2)
          stored[y * 2 + x] = scores[0][u.y * 2 + u.x]
        }
      }
      let mask = result(scores: [stored], labels: 1, upsampling: .mediaPipe, orientation: orientation)
        .categoryMaskOverImage()
      var turned = [UInt8](repeating: 0, count: 9)
      for y in 0..<3 {
        for x in 0..<3 {
          let u = orientation.uprightPixel(storedX: x, y: y, storedWidth: 3, storedHeight: 3)
          turned[u.y * 3 + u.x] = mask?[y * 3 + x] ?? 0
        }
      }
      XCTAssertEqual(turned, upright, "\(orientation)")
    }
  }

  /// Confidence masks alone give the category mask by the decode rule (so `segment --confidence`
  /// loses nothing), and the confidence picture: here the scores interpolated at each pixel
  /// centre (1/3, 1, 5/3 of a mask pixel, clamped at the edges), times 255.
  func testConfidenceMasksGiveTheCategoryMaskAndAConfidencePicture() throws {
    let scores: [[Float]] = [[0, 1, 1, 1]]
    let both = result(scores: scores, labels: 1, upsampling: .nearest)
    let confidenceOnly = SegmentationResult(
      segmentation: Segmentation(
        width: 2, height: 2, categoryMask: nil, confidenceMasks: scores,
        coloredLabels: both.segmentation.coloredLabels),
      imageWidth: 3, imageHeight: 3, orientation: .up, fitTransform: stretch, inputWidth: 2, inputHeight: 2)
    XCTAssertEqual(confidenceOnly.categoryMaskOverImage(), both.categoryMaskOverImage())
    let picture = try XCTUnwrap(confidenceOnly.confidenceImage())
    XCTAssertEqual(picture.format, .gray8)
    // Centres at -1/6, 1/2, 7/6 of the tensor (× 2/3 − 1/2): the first clamps to pixel 0, the
    // middle is halfway, the last clamps to pixel 1.
    XCTAssertEqual(picture.bytes, [0, 128, 255, 128, 191, 255, 255, 255, 255])
  }

  /// Through a centre crop the image's pixels the model did not see score 0, and the seen ones
  /// are interpolated where their centres land in the crop.
  func testConfidenceOverACropScoresUnseenPixelsZero() throws {
    // The model saw the middle 2 × 2 of a 4 × 4 image (input pixel (0, 0) at image (1, 1)).
    let crop = ImageTransform(a: 1, b: 0, c: 0, d: 1, tx: 1, ty: 1)
    let result = SegmentationResult(
      segmentation: Segmentation(
        width: 2, height: 2, categoryMask: nil, confidenceMasks: [[0, 1, 1, 1]],
        coloredLabels: [Segmentation.ColoredLabel(name: nil, displayName: nil, red: 0, green: 0, blue: 0)]),
      imageWidth: 4, imageHeight: 4, orientation: .up, fitTransform: crop, inputWidth: 2, inputHeight: 2)
    let scores = try XCTUnwrap(result.confidenceMasksOverImage()?.first)
    // Row 0 and column 0 (centres at input −0.5) and row 3 and column 3 (at 2.5) are outside.
    XCTAssertEqual(scores, [0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0])
  }
}
