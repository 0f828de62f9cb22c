import Foundation
import TestSupport
import XCTest

/// The `tensorbridge` executable end to end: output, files written, exit codes.
final class CLITests: XCTestCase {
  func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
    try CLIRun.run(arguments, environment: environment)
  }

  func temporaryFolder() throws -> URL { try TestPaths.temporaryDirectory(for: self, "tb-cli") }

  func testInspectText() throws {
    let result = try run(["inspect", Fixtures.model("two_vectors_uint8")])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(
      result.stdout.contains(
        "[0] serving_default_foo_features:0  uint8  [4]  (signature: foo_features)  quantized: scale"), result.stdout)
    XCTAssertTrue(result.stdout.contains("FULLY_CONNECTED"), result.stdout)
    XCTAssertTrue(result.stdout.contains("min_runtime_version"), result.stdout)
    XCTAssertTrue(result.stdout.contains("LiteRT loads and prepares the model"), result.stdout)
  }

  func testInspectJSON() throws {
    let result = try run(["inspect", Fixtures.model("two_signatures"), "--json"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let signatures = try XCTUnwrap(object["signatures"] as? [[String: Any]])
    XCTAssertEqual(Set(signatures.compactMap { $0["key"] as? String }), ["add", "scale"])
    XCTAssertEqual(object["subgraphs"] as? Int, 2)
    let inputs = try XCTUnwrap(object["inputs"] as? [[String: Any]])
    XCTAssertEqual(inputs.count, 2)
  }

  func testInspectNamesAnUnsupportedOperator() throws {
    let result = try run(["inspect", Fixtures.model("custom_op")])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("TensorBridgeTestOp (custom)"), result.stdout)
    XCTAssertTrue(
      result.stdout.contains("LiteRT cannot run it: The model uses operator 'TensorBridgeTestOp'"), result.stdout)
  }

  func testRunWithJSONAndNPYInputsWritesNPYOutputs() throws {
    let folder = try temporaryFolder()
    let foo = folder.appendingPathComponent("foo.json")
    try Data("[0.1, 0.2, 0.3, 0.4]".utf8).write(to: foo)
    let bar = folder.appendingPathComponent("bar.bin")
    try Data(copyingFloats: [-0.1, 0.2, 0.3, 0.4, -0.5, 0.6, -0.7, 0.8]).write(to: bar)
    let out = folder.appendingPathComponent("out")
    let result = try run([
      "run", Fixtures.model("two_vectors"), "--input", "foo_features=\(foo.path)",
      "--input", "1=\(bar.path)", "--output-dir", out.path,
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
    XCTAssertEqual(files, ["0_PartitionedCall_1.npy", "1_PartitionedCall_0.npy"])
    let npy = try Data(contentsOf: out.appendingPathComponent("1_PartitionedCall_0.npy"))
    XCTAssertEqual(Array(npy.prefix(6)), [0x93, 0x4E, 0x55, 0x4D, 0x50, 0x59])
    XCTAssertTrue(
      String(decoding: npy.prefix(128), as: UTF8.self).contains("'descr': '<f4', 'fortran_order': False, 'shape': (3,)")
    )
    XCTAssertEqual(npy.count % 16, 12 % 16, "header must be 64-byte aligned before 12 bytes of data")
    // The npy output feeds back in as an input of the right type and size (round trip).
    let again = try run(["run", Fixtures.model("linear"), "--input", "0=\(foo.path)"])
    XCTAssertEqual(again.status, 1)
    XCTAssertTrue(
      again.stderr.contains(
        "error: \(foo.path) gives 16 bytes (shape [4]) but input 0 'serving_default_x:0' takes 4 bytes"), again.stderr)
  }

  func testRunJSONOutputMatchesTheModel() throws {
    let folder = try temporaryFolder()
    let x = folder.appendingPathComponent("x.json")
    try Data("[[10]]".utf8).write(to: x)
    let result = try run(["run", Fixtures.model("linear"), "--input", "x=\(x.path)", "--json"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(
      result.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
      #"{"outputs":[{"data":[19],"dtype":"float32","index":0,"name":"PartitionedCall:0","shape":[1,1]}]}"#)
  }

  func testRunResizesDynamicInputToTheFileShape() throws {
    let folder = try temporaryFolder()
    let x = folder.appendingPathComponent("x.json")
    try Data("[[1,2,3],[4,5,6]]".utf8).write(to: x)
    let result = try run(["run", Fixtures.model("dynamic_batch"), "--input", "0=\(x.path)", "--json"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains(#""shape":[2,2]"#), result.stdout)
  }

  /// A model LiteRT cannot prepare at its stored sizes (Tests/Fixtures/dynamic) is sized from
  /// the input files before anything reads a tensor; without a size for every dynamic input the
  /// error names the one missing. `inspect` says it prepares once sized.
  func testRunSizesAModelThatCannotPrepareAtItsStoredSizes() throws {
    let model = Fixtures.dynamicModel("sized_at_run")
    let folder = try temporaryFolder()
    let a = folder.appendingPathComponent("a.json")
    let b = folder.appendingPathComponent("b.json")
    try Data("[[1, 2, 3, 4, 5, 6]]".utf8).write(to: a)
    try Data("[[0, 0, 0, 0, 0, 0]]".utf8).write(to: b)
    let result = try run(["run", model, "--input", "a=\(a.path)", "--input", "b=\(b.path)", "--json"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains(#""shape":[1,1,2,2]"#), result.stdout)
    let missing = try run(["run", model, "--input", "a=\(a.path)"])
    XCTAssertNotEqual(missing.status, 0)
    XCTAssertTrue(missing.stderr.contains("give 'serving_default_b:0' [1, -1] its size"), missing.stderr)
    let inspect = try run(["inspect", model])
    XCTAssertEqual(inspect.status, 0, inspect.stderr)
    XCTAssertTrue(inspect.stdout.contains("prepares it once its"), inspect.stdout)
  }

  func testRunsASignatureThatCannotPrepareAtItsStoredSizesOnceSized() throws {
    let model = Fixtures.dynamicModel("sized_signature")
    let folder = try temporaryFolder()
    let a = folder.appendingPathComponent("a.json")
    try Data("[[1, 2, 3, 4, 5, 6, 7, 8]]".utf8).write(to: a)
    let result = try run(["run", model, "--signature", "spectrum", "--input", "a=\(a.path)", "--json"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains(#""shape":[1,1,4,2]"#), result.stdout)
    let inspect = try run(["inspect", model])
    XCTAssertEqual(inspect.status, 0, inspect.stderr)
    XCTAssertTrue(inspect.stdout.contains("'spectrum_a:0' [1, -1] (signature 'spectrum')"), inspect.stdout)
  }

  func testRunSignature() throws {
    let folder = try temporaryFolder()
    let x = folder.appendingPathComponent("x.json")
    try Data("[1, 2, 3]".utf8).write(to: x)
    let result = try run([
      "run", Fixtures.model("two_signatures"), "--signature", "scale", "--input", "x=\(x.path)", "--json",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains(#""data":[3,6,9]"#), result.stdout)
  }

  func testBadInputsExitOneWithOneErrorLine() throws {
    let folder = try temporaryFolder()
    func file(_ name: String, _ text: String) throws -> String {
      let url = folder.appendingPathComponent(name)
      try Data(text.utf8).write(to: url)
      return url.path
    }
    let stringModel = Fixtures.root.appendingPathComponent("converters/string_passthrough/model.tflite").path
    func copyFixture(_ name: String) throws -> String {
      // An int64 array from the corpus, where strings are expected.
      let source = Fixtures.root.appendingPathComponent("converters/int64_bool/inputs/0_ids.npy")
      let url = folder.appendingPathComponent(name)
      try Data(contentsOf: source).write(to: url)
      return url.path
    }
    let cases: [([String], String)] = [
      (
        ["run", "/nonexistent.tflite", "--input", "0=x.json"],
        "Cannot read the model file /nonexistent.tflite: No such file or directory."
      ),
      (["run", try file("garbage.tflite", "garbage"), "--input", "0=x.json"], "not a valid TensorFlow Lite file"),
      (["run", Fixtures.model("linear"), "--input", "0=\(try file("bad.json", "[1,"))"], "is not a JSON number"),
      (["run", Fixtures.model("linear"), "--input", "0=\(try file("ragged.json", "[[1],[2,3]]"))"], "ragged array"),
      (["run", Fixtures.model("linear"), "--input", "0=\(try file("text.json", "[\"a\"]"))"], "$[0]"),
      (["run", Fixtures.model("linear"), "--input", "0=\(try file("two.json", "[1, 2]"))"], "takes 4 bytes"),
      (
        [
          "run", Fixtures.model("token_classifier"), "--input",
          "0=\(try file("frac.json", "[" + String(repeating: "1.5,", count: 15) + "1]"))",
        ], "cannot be represented as int32"
      ),
      (["run", Fixtures.model("linear"), "--input", "5=\(try file("x.json", "[1]"))"], "no input tensor at index 5"),
      (["run", Fixtures.model("linear"), "--input", "nope=\(try file("y.json", "[1]"))"], "no input 'nope'"),
      (["run", Fixtures.model("linear")], "no --input given for input 0"),
      (["run", Fixtures.model("linear"), "--input", "0=\(try file("x.npy", "not npy"))"], "not a valid .npy file"),
      (["run", Fixtures.model("linear"), "--input", "0=\(try file("x.csv", "1"))"], "unknown input format"),
      (["run", Fixtures.model("custom_op"), "--input", "0=\(try file("z.json", "[1]"))"], "TensorBridgeTestOp"),
      (
        ["run", Fixtures.model("two_signatures"), "--signature", "nope", "--input", "x=\(try file("w.json", "[1]"))"],
        "no signature 'nope'"
      ),
      (["inspect", try file("short.tflite", "TFL3")], "not a valid TensorFlow Lite model"),
      // --steps: a malformed steps file names the JSON path; a failing step names its number.
      (["run", Fixtures.model("linear"), "--steps", try file("steps1.json", "{\"a\": 1}")], "expected a list of"),
      (
        ["run", Fixtures.model("linear"), "--steps", try file("steps2.json", "[{\"signature\": 3}]")], "$[0].signature"
      ),
      (["run", Fixtures.model("linear"), "--steps", try file("steps3.json", "[]")], "lists no steps"),
      (
        [
          "run", Fixtures.model("linear"), "--steps",
          try file("steps4.json", "[{\"signature\": null, \"inputs\": {\"0\": \"missing.json\"}}]"),
        ], "step 0: cannot read input file"
      ),
      // String inputs: numbers are refused naming the file; a numeric .npy is refused too.
      (
        ["run", stringModel, "--signature", "serving_default", "--input", "text=\(try file("n.json", "[1, 2]"))"],
        "not a JSON string or nested array of strings"
      ),
      (
        ["run", stringModel, "--signature", "serving_default", "--input", "text=\(try copyFixture("numbers.npy"))"],
        "holds numbers but input"
      ),
    ]
    for (arguments, expected) in cases {
      let result = try run(arguments)
      XCTAssertEqual(result.status, 1, "\(arguments): \(result.stderr)")
      let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
      XCTAssertEqual(lines.count, 1, "\(arguments): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains(expected), "\(arguments): expected '\(expected)' in \(result.stderr)")
    }
  }

  func testUsageErrorsExitTwo() throws {
    for arguments in [
      ["run"], ["inspect"], ["frobnicate"], ["run", Fixtures.model("linear"), "--input", "novalue"],
      ["bench", Fixtures.model("linear"), "--runs", "0"], ["run", Fixtures.model("linear"), "--threads", "0"],
      ["bench", Fixtures.model("linear"), "--shape", "0=1,x"], ["bench", Fixtures.model("linear"), "--shape", "1,1"],
    ] {
      let result = try run(arguments)
      XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
    }
    let help = try run(["--help"])
    XCTAssertEqual(help.status, 0)
    XCTAssertTrue(help.stdout.contains("inspect"))
  }

  func testMissingRuntimeIsOneClearError() throws {
    var environment = ProcessInfo.processInfo.environment
    environment["TENSORBRIDGE_LITERT_LIBRARY"] = "/nonexistent/libLiteRt.so"
    let result = try run(
      ["run", Fixtures.model("linear"), "--runtime", "/nonexistent/libLiteRt.so", "--input", "0=x"],
      environment: environment)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("bash scripts/setup.sh"), result.stderr)
  }

  func testBenchPrintsJSON() throws {
    let result = try run(["bench", Fixtures.model("linear"), "--runs", "5", "--warmup", "1", "--loads", "1", "--json"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(object["impl"] as? String, "swift")
    XCTAssertNotNil(object["invoke_median_ms"] as? Double)
    XCTAssertEqual(object["resize_ms"] as? Double, 0)
  }

  /// `--shape` resizes before timing: a fixed-length LSTM at 7 steps is lowered again as a loop
  /// (the resize is timed apart); an input the model does not have is one clear error.
  func testBenchResizesInputsFirst() throws {
    let lstm = Fixtures.root.appendingPathComponent("recurrent/lstm_batch2_tanh.tflite").path
    let result = try run([
      "bench", lstm, "--shape", "0=2,7,3", "--runs", "3", "--warmup", "1", "--loads", "1", "--json",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    XCTAssertGreaterThan(try XCTUnwrap(object["resize_ms"] as? Double), 0)
    let missing = try run(["bench", Fixtures.model("linear"), "--shape", "3=1,1", "--runs", "1", "--loads", "1"])
    XCTAssertEqual(missing.status, 1)
    XCTAssertTrue(missing.stderr.contains("index 3"), missing.stderr)
  }
}

extension Data {
  init(copyingFloats values: [Float]) {
    self = values.withUnsafeBufferPointer { Data(buffer: $0) }
  }
}
