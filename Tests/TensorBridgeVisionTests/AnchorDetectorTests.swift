import Foundation
import TensorBridgeModels
import XCTest

@testable import TensorBridgeVision

/// Raw regressors + anchors: the anchor generator, the model.json section, NMS, and the
/// third-party BlazeFace model finding the face in a public-domain portrait.
final class AnchorDetectorTests: XCTestCase {
  private let modelJSON = VisionFixtures.url("blazeface/model.json")

  private func detection() throws -> JSONValue {
    let json = try JSONValue.parse(Data(contentsOf: modelJSON))
    guard case .object(let root) = json, case .object(let options)? = root["options"],
      let section = options["detection"]
    else {
      throw XCTSkip("model.json has no options.detection")
    }
    return section
  }

  func testBlazeFaceAnchorsAsMediaPipe() throws {
    let description = try AnchorDetectionDescription(try detection())
    let anchors = description.decoder.anchors
    XCTAssertEqual(anchors.count, 896, "16x16x2 + 8x8x6")
    XCTAssertEqual(anchors[0], SSDAnchorOptions.Anchor(xCenter: 0.5 / 16, yCenter: 0.5 / 16, width: 1, height: 1))
    XCTAssertEqual(anchors[1], anchors[0], "two anchors per cell in the stride-8 layer")
    XCTAssertEqual(anchors[512].xCenter, 0.5 / 8, accuracy: 1e-12)
    XCTAssertEqual(anchors[895].yCenter, 7.5 / 8, accuracy: 1e-12)
    XCTAssertEqual(description.decoder.suppression, .weighted)
    XCTAssertEqual(description.boxesOutput, "regressors")
    // Sizes without fixedAnchorSize follow the scales (SSD MobileNet style).
    var options = SSDAnchorOptions(
      inputSizeWidth: 300, inputSizeHeight: 300, minScale: 0.2, maxScale: 0.95, numLayers: 6,
      strides: [16, 32, 64, 128, 256, 512])
    options.aspectRatios = [1, 2, 0.5, 3, 1.0 / 3]
    options.reduceBoxesInLowestLayer = true
    let ssd = try options.anchors()
    XCTAssertEqual(
      ssd.count, 19 * 19 * 3 + (10 * 10 + 5 * 5 + 3 * 3 + 2 * 2 + 1) * 6, "SSD MobileNet v1's 1917 anchors")
    XCTAssertEqual(ssd[0].height, 0.1, accuracy: 1e-12)
  }

  func testBadSectionsNameTheKeyPath() throws {
    guard case .object(var root) = try detection() else { return XCTFail() }
    func expectError(_ json: JSONValue, path: String, file: StaticString = #filePath, line: UInt = #line) {
      XCTAssertThrowsError(try AnchorDetectionDescription(json), file: file, line: line) { error in
        guard case VisionError.invalidDescription(let actual, _) = error else {
          return XCTFail("\(error)", file: file, line: line)
        }
        XCTAssertEqual(actual, path, file: file, line: line)
      }
    }
    var broken = root
    broken["boxes"] = .number(3)
    expectError(.object(broken), path: "options.detection.boxes")
    guard case .object(var anchors)? = root["anchors"] else { return XCTFail() }
    anchors["strides"] = .array([.number(8), .string("x")])
    broken = root
    broken["anchors"] = .object(anchors)
    expectError(.object(broken), path: "options.detection.anchors.strides[1]")
    anchors["strides"] = .array([.number(8)])
    broken["anchors"] = .object(anchors)
    expectError(.object(broken), path: "options.detection.anchors")
    guard case .object(var decoder)? = root["decoder"] else { return XCTFail() }
    decoder["numCoords"] = .number(8)
    broken = root
    broken["decoder"] = .object(decoder)
    expectError(.object(broken), path: "options.detection.decoder.numCoords")
    decoder["numCoords"] = .number(16)
    decoder["ignoreClasses"] = .array([.number(1e300)])
    broken["decoder"] = .object(decoder)
    expectError(.object(broken), path: "options.detection.decoder.ignoreClasses")
    anchors["strides"] = .array([.number(1), .number(1), .number(1), .number(1)])
    anchors["inputSizeWidth"] = .number(900_000)
    anchors["inputSizeHeight"] = .number(900_000)
    broken = root
    broken["anchors"] = .object(anchors)
    expectError(.object(broken), path: "options.detection.anchors")
    root["nms"] = .object(["algorithm": .string("soft")])
    expectError(.object(root), path: "options.detection.nms.algorithm")
  }

  func testStandardAndWeightedSuppression() {
    var decoder = AnchorBoxDecoder(anchors: [])
    let a = AnchorBoxDecoder.Box(
      rect: ImageRect(x: 0, y: 0, width: 10, height: 10), score: 0.9, classIndex: 0, keypoints: [])
    let b = AnchorBoxDecoder.Box(
      rect: ImageRect(x: 2, y: 0, width: 10, height: 10), score: 0.6, classIndex: 0, keypoints: [])
    let c = AnchorBoxDecoder.Box(
      rect: ImageRect(x: 50, y: 50, width: 10, height: 10), score: 0.7, classIndex: 0, keypoints: [])
    decoder.suppression = .standard
    XCTAssertEqual(decoder.suppress([b, c, a]), [a, c])
    decoder.suppression = .weighted
    let merged = decoder.suppress([b, c, a])
    XCTAssertEqual(merged.count, 2)
    XCTAssertEqual(merged[0].rect.x, 0.6 * 2 / 1.5, accuracy: 1e-12)
    XCTAssertEqual(merged[0].score, 0.9)
    XCTAssertEqual(merged[1], c)
  }

  /// The third-party BlazeFace model, described by blazeface/model.json, on the NASA portrait of
  /// Eileen Collins (public domain): one face, box and keypoints within 2 pixels of the Python
  /// pipeline's (Pillow + ai_edge_litert + numpy MediaPipe decoding).
  func testBlazeFaceFindsTheFaceInAPortrait() throws {
    let photo = try VisionFixtures.photo("astronaut")
    struct Reference: Decodable {
      struct Face: Decodable {
        let score: Double
        let box: [Double]
        let keypoints: [[Double]]
      }
      let faces: [Face]
    }
    let reference = try JSONDecoder().decode(
      Reference.self, from: Data(contentsOf: VisionFixtures.url("blazeface/astronaut.reference.json")))
    let bundle = try VisionFixtures.blazeFaceBundle()
    defer { try? FileManager.default.removeItem(at: bundle) }
    let detector = try ObjectDetector(contentsOf: bundle)
    let faces = try detector.detect(contentsOf: photo).detections
    XCTAssertEqual(faces.count, reference.faces.count)
    let face = try XCTUnwrap(faces.first)
    let expected = try XCTUnwrap(reference.faces.first)
    XCTAssertEqual(face.boundingBox.x, expected.box[0], accuracy: 2)
    XCTAssertEqual(face.boundingBox.y, expected.box[1], accuracy: 2)
    XCTAssertEqual(face.boundingBox.width, expected.box[2], accuracy: 2)
    XCTAssertEqual(face.boundingBox.height, expected.box[3], accuracy: 2)
    XCTAssertEqual(Double(face.categories[0].score), expected.score, accuracy: 0.01)
    XCTAssertEqual(face.keypoints.count, 6)
    for (point, wanted) in zip(face.keypoints, expected.keypoints) {
      XCTAssertEqual(point.x, wanted[0], accuracy: 2)
      XCTAssertEqual(point.y, wanted[1], accuracy: 2)
    }
  }
}
