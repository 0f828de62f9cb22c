import Foundation
import TensorBridge
import TensorBridgeModels
import TestSupport
import XCTest

@testable import TensorBridgeVision

/// The SSD fixture (TFLite_Detection_PostProcess, shuffled outputs, AutoML export layout)
/// against Python LiteRT and the Python pipeline.
final class DetectorTests: XCTestCase {
  private let folder = DetectorReference.folder

  func testOutputsFoundByNameNotPosition() throws {
    let detector = try ObjectDetector(contentsOf: folder)
    let interpreter = detector.withModel { $0.interpreter }
    // The fixture lists its outputs as scores, boxes, count, classes.
    XCTAssertEqual(detector.head, .postProcessed(SSDOutputs(boxes: 1, classes: 3, scores: 0, count: 2)))
    XCTAssertEqual(
      SSDOutputs.fromPostProcessOperator(interpreter), detector.outputs, "the operator's own output order agrees")
    XCTAssertEqual(detector.labels, ["red", "green", "blue"])
    XCTAssertEqual(detector.automl?.maxDetections, 6)
    XCTAssertEqual(detector.options.maxResults, 6, "maxDetections from tflite_metadata.json")
  }

  func testIdenticalInputTensorsGiveLiteRTOutputs() throws {
    let reference = try DetectorReference.load()
    let interpreter = try Interpreter(modelPath: folder.appendingPathComponent("model.tflite").path)
    for testCase in reference.cases {
      try interpreter.copy(testCase.input.map { Float($0) }, toInputAt: 0)
      try interpreter.invoke()
      for index in 0..<interpreter.outputTensorCount {
        let output = try interpreter.output(at: index)
        let expected = try XCTUnwrap(testCase.outputs[output.name], output.name)
        let actual = try output.values(as: Float.self)
        XCTAssertEqual(actual.count, expected.count)
        for (a, e) in zip(actual, expected) {
          XCTAssertEqual(Double(a), e, accuracy: reference.tolerance, "\(output.name) on \(testCase.image)")
        }
      }
    }
  }

  func testPipelineMatchesPythonBoxes() throws {
    let reference = try DetectorReference.load()
    let detector = try ObjectDetector(contentsOf: folder)
    for testCase in reference.cases {
      let result = try detector.detect(contentsOf: DetectorReference.sample(testCase.image))
      XCTAssertEqual(result.detections.count, testCase.detections.count, testCase.image)
      // Python's detections are in the op's order (best first); ties may swap, so match by box.
      for expected in testCase.detections {
        let box = expected.rect
        let match = result.detections.first {
          $0.boundingBox.intersectionOverUnion(box) > 0.98 && $0.categories.first?.label == expected.label
        }
        guard let match else {
          XCTFail("\(testCase.image): no \(expected.label) at \(box)")
          continue
        }
        XCTAssertEqual(Double(match.categories[0].score), expected.score, accuracy: testCase.scoreTolerance)
        XCTAssertEqual(match.boundingBox.x, box.x, accuracy: testCase.pixelTolerance)
        XCTAssertEqual(match.boundingBox.width, box.width, accuracy: testCase.pixelTolerance)
      }
    }
  }

  /// The same network with raw outputs, decoded by Swift from model.json's anchors and box coder,
  /// finds what LiteRT's own TFLite_Detection_PostProcess found (Python pipeline boxes).
  func testRawAnchorDecodingMatchesThePostProcessOperator() throws {
    let reference = try DetectorReference.load()
    let detector = try ObjectDetector(
      contentsOf: VisionFixtures.url("ssd_colors_raw.tiobundle"), options: ObjectDetectorOptions(maxResults: 6))
    guard case .anchors(_, _, let decoder) = detector.head else { return XCTFail("not an anchor model") }
    XCTAssertEqual(decoder.anchors.count, 16)
    XCTAssertEqual(decoder.suppression, .standard)
    for testCase in reference.cases {
      let result = try detector.detect(contentsOf: DetectorReference.sample(testCase.image))
      XCTAssertEqual(result.detections.count, testCase.detections.count, testCase.image)
      for (actual, expected) in zip(result.detections, testCase.detections) {
        XCTAssertEqual(actual.categories.first?.label, expected.label, testCase.image)
        let tolerance = testCase.image.hasSuffix(".png") ? 1e-4 : 0.02
        XCTAssertEqual(Double(actual.categories[0].score), expected.score, accuracy: tolerance)
        let box = expected.rect
        XCTAssertGreaterThan(
          actual.boundingBox.intersectionOverUnion(box), testCase.image.hasSuffix(".png") ? 0.999 : 0.97,
          "\(actual.boundingBox) vs \(box)")
      }
    }
  }

  func testBoxesUndoLetterboxAndOrientation() throws {
    let detector = try ObjectDetector(contentsOf: folder)
    let image = try PixelBuffer(contentsOf: VisionFixtures.url("detector_samples/1_blue.png"))  // 80x120
    let plain = try detector.detect(image).detections
    guard let best = plain.first else { return XCTFail("no detection") }
    XCTAssertEqual(best.categories.first?.label, "blue")
    // The blue rectangle is at x 30…75, y 60…115: the best box covers its middle.
    XCTAssertTrue(
      best.boundingBox.minX < 60 && best.boundingBox.maxX > 45 && best.boundingBox.minY < 95
        && best.boundingBox.maxY > 75, "\(best.boundingBox)")
    // Letterboxed: boxes still land in the photo's pixels, inside the image.
    let letterboxed = try ObjectDetector(
      contentsOf: folder, options: ObjectDetectorOptions(fitMode: .letterbox(fill: 0)))
    let boxed = try letterboxed.detect(image).detections
    let blue = try XCTUnwrap(boxed.first { $0.categories.first?.label == "blue" })
    XCTAssertTrue(blue.boundingBox.minX >= 0 && blue.boundingBox.maxX <= 80 && blue.boundingBox.maxY <= 120)
    XCTAssertGreaterThan(blue.boundingBox.intersection(ImageRect(x: 30, y: 60, width: 45, height: 55)).area, 0)
    // A rotated frame, turned upright first: the box is in the upright image's pixels.
    let rotated = image.oriented(.left).oriented(.right)
    XCTAssertEqual(rotated, image)
  }

  func testOptions() throws {
    let image = try PixelBuffer(contentsOf: VisionFixtures.url("detector_samples/0_red_green.png"))
    let all = try ObjectDetector(contentsOf: folder).detect(image).detections
    XCTAssertEqual(Set(all.compactMap { $0.categories.first?.label }), ["red", "green"])
    let two = try ObjectDetector(contentsOf: folder, options: ObjectDetectorOptions(maxResults: 2)).detect(image)
      .detections
    XCTAssertEqual(two, Array(all.prefix(2)))
    let high = try ObjectDetector(contentsOf: folder, options: ObjectDetectorOptions(scoreThreshold: 0.9)).detect(image)
      .detections
    XCTAssertTrue(high.allSatisfy { $0.categories[0].score >= 0.9 })
    XCTAssertLessThan(high.count, all.count)
    let green = try ObjectDetector(contentsOf: folder, options: ObjectDetectorOptions(categoryAllowlist: ["green"]))
      .detect(image).detections
    XCTAssertTrue(!green.isEmpty && green.allSatisfy { $0.categories[0].label == "green" })
    let noGreen = try ObjectDetector(contentsOf: folder, options: ObjectDetectorOptions(categoryDenylist: ["green"]))
      .detect(image).detections
    XCTAssertTrue(!noGreen.isEmpty && noGreen.allSatisfy { $0.categories[0].label != "green" })
  }

  /// The fixture uses Google's export keys (`inputShape`, `class_confidences`); the spellings
  /// other exports use (`imageWidth`/`imageHeight`, `class_confidence`) find the same outputs.
  func testAutoMLKeySpellings() throws {
    let google = try ObjectDetector(contentsOf: folder)
    XCTAssertEqual(google.automl?.inputShape, [1, 32, 32, 3])
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("tb-automl-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: folder, to: copy)
    defer { try? FileManager.default.removeItem(at: copy) }
    let url = copy.appendingPathComponent(AutoMLMetadata.fileName)
    var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    json["inputShape"] = nil
    json["imageWidth"] = 32
    json["imageHeight"] = 32
    // Reversed, so a detector that assumed the order would read the wrong tensors.
    json["outputTensorRepresentation"] = ["num_of_boxes", "class_confidence", "class_labels", "bounding_boxes"]
    json["outputTensors"] = [
      "TFLite_Detection_PostProcess:3", "TFLite_Detection_PostProcess:2",
      "TFLite_Detection_PostProcess:1", "TFLite_Detection_PostProcess",
    ]
    try JSONSerialization.data(withJSONObject: json).write(to: url)
    let other = try ObjectDetector(contentsOf: copy)
    let image = try PixelBuffer(contentsOf: VisionFixtures.url("detector_samples/0_red_green.png"))
    XCTAssertEqual(try other.detect(image).detections, try google.detect(image).detections)
    XCTAssertFalse(try google.detect(image).detections.isEmpty)
  }

  func testDetectorFromALoadedModelMatchesTheFolder() throws {
    let fromFolder = try ObjectDetector(contentsOf: folder)
    let model = try Model(contentsOf: folder.appendingPathComponent("model.tflite"))
    let fromModel = try ObjectDetector(
      model: model, inputFormat: fromFolder.inputFormat, head: fromFolder.head,
      labels: fromFolder.labels, automl: fromFolder.automl, options: fromFolder.options)
    let image = try PixelBuffer(contentsOf: VisionFixtures.url("detector_samples/0_red_green.png"))
    XCTAssertFalse(try fromFolder.detect(image).detections.isEmpty)
    XCTAssertEqual(try fromModel.detect(image), try fromFolder.detect(image))
    XCTAssertThrowsError(try ObjectDetector(model: model, inputLayer: "nope", head: fromFolder.head, labels: nil)) {
      error in
      guard case VisionError.missingTensor = error else { return XCTFail("\(error)") }
    }
  }

  func testBadLabelsKeepTheBundleErrorTyped() throws {
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("tb-automl-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: folder, to: copy)
    defer { try? FileManager.default.removeItem(at: copy) }
    let dict = copy.appendingPathComponent("dict.txt")
    try Data([0xFF, 0xFE, 0x00, 0xC3]).write(to: dict)
    XCTAssertThrowsError(try ObjectDetector(contentsOf: copy)) { error in
      guard case VisionError.labels(let path, let inner) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(path, dict.path)
      XCTAssertEqual(inner, .unreadable(path: "dict.txt", reason: "the labels file is not UTF-8 text"))
      XCTAssertEqual("\(error)", "The description is invalid at \(dict.path): \(inner.description).")
    }
  }

  func testBadAutoMLMetadataIsTypedError() throws {
    for (json, key) in [
      (#"{"imageWidth": "wide"}"#, "imageWidth"),
      (#"{"outputTensors": ["a"], "outputTensorRepresentation": []}"#, "outputTensorRepresentation"),
      (#"{"std": [0]}"#, "std"), ("[1]", AutoMLMetadata.fileName),
    ] {
      XCTAssertThrowsError(try AutoMLMetadata(data: Data(json.utf8))) { error in
        guard case VisionError.invalidDescription(let path, _) = error else { return XCTFail("\(error)") }
        XCTAssertTrue(path.contains(key), path)
      }
    }
    // A metadata size that contradicts the model.
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("tb-automl-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: folder, to: copy)
    defer { try? FileManager.default.removeItem(at: copy) }
    try Data(#"{"imageWidth": 320, "imageHeight": 320}"#.utf8).write(
      to: copy.appendingPathComponent(AutoMLMetadata.fileName))
    XCTAssertThrowsError(try ObjectDetector(contentsOf: copy)) { error in
      guard case VisionError.invalidDescription(_, let reason) = error else { return XCTFail("\(error)") }
      XCTAssertTrue(reason.contains("32x32"), reason)
    }
    // An input shape that contradicts the model.
    try Data(#"{"inputShape": [1, 32, 48, 3]}"#.utf8).write(to: copy.appendingPathComponent(AutoMLMetadata.fileName))
    XCTAssertThrowsError(try ObjectDetector(contentsOf: copy)) { error in
      guard case VisionError.invalidDescription(let path, let reason) = error else { return XCTFail("\(error)") }
      XCTAssertTrue(path.hasSuffix("inputShape") && reason.contains("32x32x3"), "\(path): \(reason)")
    }
    XCTAssertThrowsError(try AutoMLMetadata(data: Data(#"{"inputShape": [1, 32, 3]}"#.utf8))) { error in
      guard case VisionError.invalidDescription(let path, _) = error else { return XCTFail("\(error)") }
      XCTAssertTrue(path.hasSuffix("inputShape"), path)
    }
    // A model without SSD outputs.
    XCTAssertThrowsError(try ObjectDetector(contentsOf: VisionFixtures.url("shapes.tiobundle"))) { error in
      guard case VisionError.missingTensor = error else { return XCTFail("\(error)") }
    }
  }
}
