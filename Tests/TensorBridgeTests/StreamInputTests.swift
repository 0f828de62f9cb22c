import Foundation
import TensorBridge
import TestSupport
import XCTest

/// Models, inputs and images read from streams rather than files: `/dev/stdin`, a shell's
/// `<(…)` and a named pipe, which Foundation's `Data(contentsOf:)` refuses on Linux.
final class StreamInputTests: XCTestCase {
  /// `cat model | tensorbridge run /dev/stdin --input 0=<(…)`, as a shell user writes it.
  private func bash(_ script: String, _ arguments: [String]) throws -> ProcessResult {
    try ProcessRun.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script, "tensorbridge"] + arguments)
  }

  func testTheCLIRunsAPipedModelOnAProcessSubstitutedJSONInput() throws {
    let result = try bash(
      #"cat "$2" | "$1" run /dev/stdin --input 0=<(printf '[1, -1, 2, 3]') --json"#,
      [BuiltProducts.cli.path, Fixtures.model("boolean_mask")])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains(#""data":[1,2,3]"#), result.stdout)
  }

  func testAnInputWithoutExtensionIsToldByItsContent() throws {
    let folder = try TestPaths.temporaryDirectory(for: self, "tb-stream")
    let npy = folder.appendingPathComponent("x.npy")
    try npyFile(float32: [4, -1, -2, 8]).write(to: npy)
    let piped = try bash(
      #""$1" run "$2" --input 0=/dev/stdin --json < <(cat "$3")"#,
      [BuiltProducts.cli.path, Fixtures.model("boolean_mask"), npy.path])
    XCTAssertEqual(piped.status, 0, piped.stderr)
    XCTAssertTrue(piped.stdout.contains(#""data":[4,8]"#), piped.stdout)
    let text = try bash(
      #""$1" run "$2" --input 0=<(printf 'one two')"#, [BuiltProducts.cli.path, Fixtures.model("boolean_mask")])
    XCTAssertEqual(text.status, 1)
    XCTAssertTrue(text.stderr.contains("unknown input format"), text.stderr)
    XCTAssertTrue(text.stderr.contains("without an extension, the content must be .npy or JSON"), text.stderr)
  }

  func testTheCLIClassifiesAPipedImage() throws {
    let image = Fixtures.root.appendingPathComponent("vision/images/orientation_1.jpg").path
    let model = Fixtures.root.appendingPathComponent("vision/shapes_metadata.tflite").path
    let piped = try bash(#"cat "$3" | "$1" classify "$2" /dev/stdin --top 1"#, [BuiltProducts.cli.path, model, image])
    let direct = try CLIRun.run(["classify", model, image, "--top", "1"])
    XCTAssertEqual(piped.status, 0, piped.stderr)
    XCTAssertEqual(direct.status, 0, direct.stderr)
    XCTAssertEqual(
      piped.stdout.replacingOccurrences(of: "/dev/stdin", with: image), direct.stdout, "the same scores either way")
  }

  func testAnInterpreterLoadsAModelFromANamedPipe() throws {
    let folder = try TestPaths.temporaryDirectory(for: self, "tb-fifo")
    let fifo = folder.appendingPathComponent("model.fifo").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: Fixtures.model("boolean_mask")))
    let writer = Thread {
      guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
      handle.write(bytes)
      try? handle.close()
    }
    writer.start()
    let interpreter = try Interpreter(modelPath: fifo)
    XCTAssertEqual(interpreter.inputTensorCount, 1)
  }

  /// A NumPy 1.0 `.npy` file of a vector of little-endian float32 values.
  private func npyFile(float32 values: [Float]) -> Data {
    var header = "{'descr': '<f4', 'fortran_order': False, 'shape': (\(values.count),), }"
    while (10 + header.utf8.count + 1) % 64 != 0 { header += " " }
    header += "\n"
    var file = Data([0x93] + Array("NUMPY".utf8) + [1, 0])
    file.append(contentsOf: [UInt8(header.utf8.count & 0xFF), UInt8(header.utf8.count >> 8)])
    file.append(Data(header.utf8))
    for value in values { withUnsafeBytes(of: value.bitPattern.littleEndian) { file.append(contentsOf: $0) } }
    return file
  }
}
