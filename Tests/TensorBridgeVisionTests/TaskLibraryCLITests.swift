import Foundation
import XCTest

@testable import TensorBridgeVision

/// `tensorbridge detect`, `classify` and `segment` on the Task Library's models, run as a process.
final class TaskLibraryCLITests: XCTestCase {
  private struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
    var lines: [[String: Any]] {
      stdout.split(separator: "\n").compactMap {
        try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      }
    }
  }

  private func run(_ arguments: [String]) throws -> Output {
    let bundle = Bundle(for: TaskLibraryCLITests.self).bundleURL
    let candidates = [
      bundle.appendingPathComponent("tensorbridge"),
      bundle.deletingLastPathComponent().appendingPathComponent("tensorbridge"),
    ]
    let process = Process()
    process.executableURL = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationReason, .exit, "tensorbridge \(arguments) died by a signal")
    return Output(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  private func path(_ name: String) -> String { TaskLibraryFixtures.url(name).path }

  /// The command: it used to fail before running ("outputs[0].shape: [] does not match").
  func testDetectCocoSSDWithMaxResultsAndItsAlias() throws {
    var outputs: [[String]] = []
    for flag in ["--max-results", "--max"] {
      let result = try run([
        "detect", TaskLibraryFixtures.ssd.path, path("cats_and_dogs.jpg"), flag, "4",
        "--resize", "task-library", "--unclipped", "--json",
      ])
      XCTAssertEqual(result.status, 0, result.stderr)
      let detections = try XCTUnwrap(result.lines.first?["detections"] as? [[String: Any]])
      let labels = detections.compactMap { ($0["categories"] as? [[String: Any]])?.first?["label"] as? String }
      XCTAssertEqual(labels, ["cat", "cat", "cat", "dog"])
      outputs.append(labels)
    }
    XCTAssertEqual(outputs[0], outputs[1])
    let plain = try run(["detect", TaskLibraryFixtures.ssd.path, path("cats_and_dogs.jpg")])
    XCTAssertEqual(plain.status, 0, plain.stderr)
    XCTAssertTrue(plain.stdout.contains("cat"), plain.stdout)
  }

  func testClassifyMaxResultsAliasAndOrientation() throws {
    let upright = try run([
      "classify", TaskLibraryFixtures.mobileNetQuant.path, path("burger.jpg"), "--max-results", "1", "--json",
    ])
    let alias = try run([
      "classify", TaskLibraryFixtures.mobileNetQuant.path, path("burger.jpg"), "--top", "1", "--json",
    ])
    XCTAssertEqual(upright.status, 0, upright.stderr)
    XCTAssertEqual(upright.stdout, alias.stdout)
    let rotated = try run([
      "classify", TaskLibraryFixtures.mobileNetQuant.path, path("burger_rotation180.jpg"),
      "--max-results", "1", "--orientation", "3", "--json",
    ])
    XCTAssertEqual(rotated.status, 0, rotated.stderr)
    for output in [upright, rotated] {
      let category = (output.lines.first?["categories"] as? [[String: Any]])?.first
      XCTAssertEqual(category?["label"] as? String, "cheeseburger", output.stdout)
    }
    let bad = try run(["classify", TaskLibraryFixtures.mobileNetQuant.path, path("burger.jpg"), "--orientation", "9"])
    XCTAssertEqual(bad.status, 2, "an orientation outside 1…8 is a usage error: \(bad.stderr)")
  }

  func testClassifyReportsDisplayNamesInTheRequestedLocale() throws {
    let model = TaskLibraryFixtures.url("mobilenet_v1_0.25_224_quant_calibrated.tflite").path
    let french = try run([
      "classify", model, path("burger.jpg"), "--max-results", "1", "--display-names-locale", "fr", "--json",
    ])
    XCTAssertEqual(french.status, 0, french.stderr)
    let category = (french.lines.first?["categories"] as? [[String: Any]])?.first
    XCTAssertEqual(category?["displayName"] as? String, "fr:cheeseburger")
    let english = try run(["classify", model, path("burger.jpg"), "--max-results", "1", "--json"])
    XCTAssertNil(((english.lines.first?["categories"] as? [[String: Any]])?.first)?["displayName"], english.stdout)
  }

  func testSegmentWritesMaskOverlayAndJSON() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segment-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let mask = folder.appendingPathComponent("mask.png")
    let overlay = folder.appendingPathComponent("overlay.png")
    let result = try run([
      "segment", TaskLibraryFixtures.deeplab.path, path("segmentation_input_rotation0.jpg"),
      "--mask", mask.path, "--overlay", overlay.path, "--json",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    let line = try XCTUnwrap(result.lines.first)
    XCTAssertEqual(line["maskWidth"] as? Int, 257)
    let classes = try XCTUnwrap(line["classes"] as? [[String: Any]])
    XCTAssertEqual(Set(classes.compactMap { $0["label"] as? String }), ["background", "person", "horse"])
    let shares = classes.compactMap { $0["share"] as? Double }
    XCTAssertEqual(shares.reduce(0, +), 1, accuracy: 1e-9)
    // The mask file holds class indices; against the golden (index × 10) fewer than 1% differ.
    let written = try PixelBufferLoader.gray(mask)
    let golden = try PixelBufferLoader.gray(TaskLibraryFixtures.url("segmentation_golden_rotation0.png"))
    XCTAssertEqual(written.count, golden.count)
    let differing = zip(written, golden).filter { Int($0) * 10 != Int($1) }.count
    XCTAssertLessThan(Double(differing) / Double(golden.count), 1e-2)
    XCTAssertTrue(FileManager.default.fileExists(atPath: overlay.path))
    XCTAssertEqual(line["decodeScale"] as? Int, 1, "257x257 is the input size: nothing to reduce")
  }

  /// `--confidence` writes a single-class model's scores as gray (MediaPipe's selfie segmenter:
  /// a soft mask) and leaves the category mask as it is without it; a model of several classes
  /// (DeepLab, whose scores are logits) is refused, naming its class count.
  func testSegmentWritesAConfidencePictureAndTheSameMask() throws {
    let model = try VisionFixtures.requiredThirdParty("selfie_segmentation.tflite")
    let photo = try VisionFixtures.photo("coffee")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segment-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (plain, withScores, confidence) = (
      folder.appendingPathComponent("plain.png"), folder.appendingPathComponent("scores.png"),
      folder.appendingPathComponent("confidence.png")
    )
    let first = try run(["segment", model.path, photo.path, "--mask", plain.path])
    XCTAssertEqual(first.status, 0, first.stderr)
    let second = try run([
      "segment", model.path, photo.path, "--mask", withScores.path, "--confidence", confidence.path,
    ])
    XCTAssertEqual(second.status, 0, second.stderr)
    XCTAssertEqual(try PixelBufferLoader.gray(plain), try PixelBufferLoader.gray(withScores))
    let picture = try PixelBuffer(contentsOf: confidence)
    XCTAssertEqual(picture.format, .gray8)
    XCTAssertEqual([picture.width, picture.height], [600, 400])
    XCTAssertGreaterThan(Set(picture.bytes).count, 100, "a soft mask, not a binary one")
    let deeplab = try run([
      "segment", TaskLibraryFixtures.deeplab.path, path("segmentation_input_rotation0.jpg"), "--confidence",
      confidence.path,
    ])
    XCTAssertEqual(deeplab.status, 1)
    XCTAssertTrue(deeplab.stderr.contains("this model has 21 classes"), deeplab.stderr)
  }

  /// `--resize mediapipe --mask-upsampling mediapipe` gives MediaPipe Tasks' own category mask:
  /// the landscape selfie segmenter on chelsea has MediaPipe 1.2.3's foreground share exactly
  /// (mediapipe.reference.json), where the Task Library's nearest neighbour is 0.2 points off.
  func testSegmentWithMediaPipesResizeAndUpsamplingGivesMediaPipesShare() throws {
    let model = try VisionFixtures.requiredThirdParty("selfie_segmentation_landscape.tflite")
    let photo = try VisionFixtures.photo("chelsea")
    let reference = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: VisionFixtures.url("mediapipe.reference.json")))
        as? [String: Any])
    let shares = try XCTUnwrap(reference["foreground_shares"] as? [String: [String: Double]])
    let expected = try XCTUnwrap(shares["selfie_segmentation_landscape"]?["chelsea"])
    func foreground(_ upsampling: String) throws -> Double {
      let result = try run([
        "segment", model.path, photo.path, "--resize", "mediapipe", "--mask-upsampling", upsampling, "--json",
      ])
      XCTAssertEqual(result.status, 0, result.stderr)
      let classes = try XCTUnwrap(result.lines.first?["classes"] as? [[String: Any]])
      return try XCTUnwrap(classes.first { $0["index"] as? Int == 0 }?["share"] as? Double)
    }
    XCTAssertEqual(try foreground("mediapipe"), expected, accuracy: 1e-12)
    XCTAssertGreaterThan(abs(try foreground("nearest") - expected), 0.001)
  }

  /// Without --overlay, a large JPEG (1200x600, EXIF 6: 600x1200 upright) is decoded at 1/2;
  /// the mask file still covers the upright full-size image, as with the full-size decode
  /// --overlay needs.
  func testSegmentDecodesLargeJPEGsReducedWithMasksAtFullSize() throws {
    let photo = try TaskLibraryEXIFTests.tagged("cats_and_dogs.jpg", orientation: .right)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segment-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer {
      try? FileManager.default.removeItem(at: folder)
      try? FileManager.default.removeItem(at: photo)
    }
    let reducedMask = folder.appendingPathComponent("reduced.png")
    let fullMask = folder.appendingPathComponent("full.png")
    let reduced = try run([
      "segment", TaskLibraryFixtures.deeplab.path, photo.path, "--mask", reducedMask.path, "--json",
    ])
    let full = try run([
      "segment", TaskLibraryFixtures.deeplab.path, photo.path, "--mask", fullMask.path,
      "--overlay", folder.appendingPathComponent("overlay.png").path, "--json",
    ])
    for (output, scale) in [(reduced, 2), (full, 1)] {
      XCTAssertEqual(output.status, 0, output.stderr)
      let line = try XCTUnwrap(output.lines.first, output.stdout)
      XCTAssertEqual(line["decodeScale"] as? Int, scale)
      XCTAssertEqual(line["width"] as? Int, 600)
      XCTAssertEqual(line["height"] as? Int, 1200)
    }
    let reducedImage = try PixelBuffer(contentsOf: reducedMask)
    XCTAssertEqual([reducedImage.width, reducedImage.height], [600, 1200])
    let written = try PixelBufferLoader.gray(reducedMask)
    let reference = try PixelBufferLoader.gray(fullMask)
    XCTAssertEqual(written.count, reference.count)
    let differing = zip(written, reference).filter { $0 != $1 }.count
    XCTAssertLessThan(Double(differing) / Double(reference.count), 0.05)
  }
}

/// Reads a PNG's gray values through the library's decoder, row by row.
enum PixelBufferLoader {
  static func gray(_ url: URL) throws -> [UInt8] {
    let image = try PixelBuffer(contentsOf: url).converted(to: .gray8)
    var values: [UInt8] = []
    for y in 0..<image.height {
      for x in 0..<image.width { values.append(image.bytes[image.offset(x: x, y: y)]) }
    }
    return values
  }
}
