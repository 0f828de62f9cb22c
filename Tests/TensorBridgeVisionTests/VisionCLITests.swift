import Foundation
import TestSupport
import XCTest

@testable import TensorBridgeVision

/// `tensorbridge classify` and `tensorbridge detect`, run as a process.
final class VisionCLITests: XCTestCase {
  private func run(_ arguments: [String]) throws -> ProcessResult { try CLIRun.run(arguments) }

  func testClassifyJSONAndTop() throws {
    let samples = ["0_red_circle.png", "1_green_square.png", "4_blue_triangle.jpg"].map {
      VisionFixtures.url("samples/\($0)").path
    }
    let result = try run(
      ["classify", VisionFixtures.url("shapes_metadata.tflite").path] + samples + ["--top", "2", "--json"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let lines = result.stdout.split(separator: "\n")
    XCTAssertEqual(lines.count, 3)
    let expected = ["red circle", "green square", "blue triangle"]
    for (line, label) in zip(lines, expected) {
      let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let categories = try XCTUnwrap(object["categories"] as? [[String: Any]])
      XCTAssertEqual(categories.count, 2)
      XCTAssertEqual(categories.first?["label"] as? String, label)
    }
    let text = try run(["classify", VisionFixtures.url("shapes.tiobundle").path, samples[0], "--threshold", "0.5"])
    XCTAssertEqual(text.status, 0)
    XCTAssertTrue(text.stdout.contains("red circle"))
    XCTAssertFalse(text.stdout.contains("nothing"))
  }

  /// `--exact-resize` gives the scores of `reducingGap: nil` (Pillow's plain resize), the default
  /// those of block averaging first; on a 5x downscale they differ.
  func testClassifyExactResize() throws {
    let model = VisionFixtures.url("shapes_metadata.tflite")
    let photo = VisionFixtures.image("photo_160x120.png")
    func scores(_ extra: [String]) throws -> [Double] {
      let result = try run(["classify", model.path, photo.path, "--json", "--top", "4"] + extra)
      XCTAssertEqual(result.status, 0, result.stderr)
      let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      let categories = try XCTUnwrap(object["categories"] as? [[String: Any]])
      return try categories.sorted { ($0["index"] as? Int ?? 0) < ($1["index"] as? Int ?? 0) }.map {
        try XCTUnwrap($0["score"] as? Double)
      }
    }
    func library(_ gap: Double?) throws -> [Double] {
      let classifier = try ImageClassifier(contentsOf: model, options: ImageClassifierOptions(reducingGap: gap))
      return try classifier.classify(PixelBuffer(contentsOf: photo)).categories.sorted { $0.index < $1.index }.map {
        Double($0.score)
      }
    }
    let exact = try scores(["--exact-resize"])
    let fast = try scores([])
    XCTAssertEqual(exact.count, 4)
    XCTAssertNotEqual(exact, fast)
    for (cli, lib) in zip(exact, try library(nil)) { XCTAssertEqual(cli, lib, accuracy: 1e-6) }
    for (cli, lib) in zip(fast, try library(ResizeFilter.defaultReducingGap)) {
      XCTAssertEqual(cli, lib, accuracy: 1e-6)
    }
  }

  func testClassifyBadImageExitsOneWithSentence() throws {
    let result = try run(["classify", VisionFixtures.url("shapes.tiobundle").path, "/etc/hostname"])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("not a JPEG or PNG"), result.stderr)
    let usage = try run(["classify", VisionFixtures.url("shapes.tiobundle").path])
    XCTAssertEqual(usage.status, 2)
  }

  func testDetectAnnotates() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tb-detect-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("boxes.png")
    let image = VisionFixtures.url("detector_samples/0_red_green.png")
    let result = try run([
      "detect", VisionFixtures.url("ssd_colors.automl").path, image.path, "--threshold", "0.9", "--json", "--annotate",
      out.path,
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let detections = try XCTUnwrap(object["detections"] as? [[String: Any]])
    XCTAssertFalse(detections.isEmpty)
    let annotated = try PixelBuffer(contentsOf: out)
    let original = try PixelBuffer(contentsOf: image)
    XCTAssertEqual(annotated.width, original.width)
    XCTAssertNotEqual(annotated.converted(to: .rgb8), original, "boxes were drawn")
  }

  func testRunTakesImagesAndSavesImageOutputs() throws {
    let result = try run([
      "run", VisionFixtures.url("shapes.tiobundle").path, "--input",
      "image=\(VisionFixtures.url("samples/1_green_square.png").path)", "--top", "1",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("green square"), result.stdout)
    // A third-party segmentation model with an image output: the mask becomes a PNG.
    guard let model = VisionFixtures.thirdParty("selfie_segmentation.tflite") else {
      throw XCTSkip("selfie_segmentation.tflite not fetched (scripts/thirdparty/fetch.sh)")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tb-selfie-\(UUID().uuidString)")
    let bundle = folder.appendingPathComponent("selfie.tiobundle")
    let out = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(at: model, to: bundle.appendingPathComponent("model.tflite"))
    let json = """
      {"name": "Selfie segmentation", "details": "MediaPipe selfie segmentation", "id": "selfie", "version": "1",
       "author": "Google", "license": "Apache 2", "model": {"file": "model.tflite", "quantized": false},
       "inputs": [{"name": "input_1", "type": "image", "shape": [256, 256, 3], "format": "RGB", "normalize": {"standard": "[0,1]"}}],
       "outputs": [{"name": "activation_10", "type": "image", "shape": [256, 256, 1], "format": "RGB", "denormalize": {"standard": "[0,1]"}}]}
      """
    try Data(json.utf8).write(to: bundle.appendingPathComponent("model.json"))
    let photo = VisionFixtures.url("detector_samples/0_red_green.png")
    let saved = try run(["run", bundle.path, "--input", "input_1=\(photo.path)", "--save-images", out.path])
    XCTAssertEqual(saved.status, 0, saved.stderr)
    let mask = try PixelBuffer(contentsOf: out.appendingPathComponent("0_activation_10.png"))
    XCTAssertEqual(mask.format, .gray8)
    XCTAssertEqual(mask.width, 256)
    XCTAssertEqual(mask.height, 256)
  }
}
