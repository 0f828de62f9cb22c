import Foundation
import XCTest
@testable import TensorBridgeVision

/// `tensorbridge classify` and `tensorbridge detect`, run as a process.
final class VisionCLITests: XCTestCase {
  private struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  private var cli: URL {
    let bundle = Bundle(for: VisionCLITests.self).bundleURL
    let candidates = [bundle.appendingPathComponent("tensorbridge"), bundle.deletingLastPathComponent().appendingPathComponent("tensorbridge")]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
  }

  private func run(_ arguments: [String]) throws -> Result {
    let process = Process()
    process.executableURL = cli
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationReason, .exit, "tensorbridge \(arguments) died by a signal")
    return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                  stderr: String(decoding: stderr, as: UTF8.self))
  }

  func testClassifyJSONAndTop() throws {
    let samples = ["0_red_circle.png", "1_green_square.png", "4_blue_triangle.jpg"].map { VisionFixtures.url("samples/\($0)").path }
    let result = try run(["classify", VisionFixtures.url("shapes_metadata.tflite").path] + samples + ["--top", "2", "--json"])
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
    let result = try run(["detect", VisionFixtures.url("ssd_colors.automl").path, image.path, "--threshold", "0.9", "--json", "--annotate", out.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let detections = try XCTUnwrap(object["detections"] as? [[String: Any]])
    XCTAssertFalse(detections.isEmpty)
    let annotated = try PixelBuffer(contentsOf: out)
    let original = try PixelBuffer(contentsOf: image)
    XCTAssertEqual(annotated.width, original.width)
    XCTAssertNotEqual(annotated.converted(to: .rgb8), original, "boxes were drawn")
  }
}
