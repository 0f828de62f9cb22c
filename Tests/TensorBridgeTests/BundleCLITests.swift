import Foundation
import TestSupport
import XCTest

/// `tensorbridge bundle init|validate` and `run` on bundle folders, end to end.
final class BundleCLITests: XCTestCase {
  func folder() throws -> URL { try TestPaths.temporaryDirectory(for: self, "tb-cli") }

  func write(_ text: String, _ name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  func testInitWritesAValidBundleThatRunsWithLabels() throws {
    let work = try folder()
    let labels = try write("pedestrian\ncar\nmotorcycle\n", "labels.txt", in: work)
    let bundle = work.appendingPathComponent("tv.tiobundle").path
    let initResult = try CLIRun.run([
      "bundle", "init", Fixtures.model("two_vectors"), "--labels", labels, "--out", bundle,
    ])
    XCTAssertEqual(initResult.status, 0, initResult.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: bundle + "/model.json"))
    XCTAssertTrue(FileManager.default.fileExists(atPath: bundle + "/assets/labels.txt"))
    XCTAssertTrue(FileManager.default.fileExists(atPath: bundle + "/two_vectors.tflite"))

    let validate = try CLIRun.run(["bundle", "validate", bundle])
    XCTAssertEqual(validate.status, 0, validate.stderr)
    XCTAssertTrue(validate.stdout.hasSuffix(": OK\n"), validate.stdout)

    let foo = try write("[1, 2, 3, 4]", "foo.json", in: work)
    let bar = try write("[1, 2, 3, 4, 5, 6, 7, 8]", "bar.json", in: work)
    let run = try CLIRun.run([
      "run", bundle, "--input", "foo_features=\(foo)", "--input", "bar_features=\(bar)", "--json", "--top", "2",
    ])
    XCTAssertEqual(run.status, 0, run.stderr)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let outputs = try XCTUnwrap(object["outputs"] as? [String: Any])
    let baz = try XCTUnwrap(outputs["baz_outputs"] as? [String: Any])
    let labelled = try XCTUnwrap(baz["labels"] as? [String: Double])
    XCTAssertEqual(Set(labelled.keys), ["pedestrian", "car", "motorcycle"])
    XCTAssertEqual((baz["top"] as? [[String: Any]])?.count, 2)
    XCTAssertNil((outputs["qux_outputs"] as? [String: Any])?["labels"])

    // Running again refuses to overwrite without --force.
    let again = try CLIRun.run(["bundle", "init", Fixtures.model("two_vectors"), "--out", bundle])
    XCTAssertEqual(again.status, 1)
    XCTAssertTrue(again.stderr.contains("already exists"), again.stderr)
    XCTAssertEqual(
      try CLIRun.run(["bundle", "init", Fixtures.model("two_vectors"), "--out", bundle, "--force"]).status, 0)
  }

  func testInitRefusesLabelsThatFitNoOutput() throws {
    let work = try folder()
    let labels = try write("a\nb\n", "labels.txt", in: work)
    let result = try CLIRun.run([
      "bundle", "init", Fixtures.model("two_vectors"), "--labels", labels, "--out",
      work.appendingPathComponent("x.tiobundle").path,
    ])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("has 2 labels but no output has 2 classes"), result.stderr)
  }

  /// Tensor/IO's validator rule (TIOModelBundleValidatorTests.mm,
  /// `testBundleWithoutTIOBundleExtensionDoesNotValidate`): the folder needs a bundle extension.
  func testValidateRefusesAFolderWithoutABundleExtension() throws {
    let work = try folder()
    let plain = work.appendingPathComponent("plain")
    let tensorio = Fixtures.root.appendingPathComponent("tensorio")
    try FileManager.default.copyItem(at: tensorio.appendingPathComponent("no-extension"), to: plain)
    let refused = try CLIRun.run(["bundle", "validate", plain.path])
    XCTAssertEqual(refused.status, 1)
    XCTAssertTrue(refused.stdout.contains("plain: a bundle folder needs a bundle extension"), refused.stdout)
    let renamed = work.appendingPathComponent("plain.tiobundle")
    try FileManager.default.moveItem(at: plain, to: renamed)
    XCTAssertEqual(try CLIRun.run(["bundle", "validate", renamed.path]).status, 0)
    let deprecated = try CLIRun.run(["bundle", "validate", tensorio.appendingPathComponent("deprecated.tfbundle").path])
    XCTAssertEqual(deprecated.status, 0, deprecated.stdout)
  }

  func testValidatePrintsEveryProblem() throws {
    let work = try folder()
    let bundle = work.appendingPathComponent("bad.tiobundle")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    _ = try write(
      #"{ "name": "x", "model": { "file": "missing.tflite", "quantized": false }, "inputs": [ { "name": "a", "type": "array", "shape": [4], "quantize": { "standard": "[0,2]" } } ], "outputs": [] }"#,
      "model.json", in: bundle)
    let result = try CLIRun.run(["bundle", "validate", bundle.path])
    XCTAssertEqual(result.status, 1)
    for expected in [
      "details: is required", "id: is required", "version: is required", "author: is required", "license: is required",
      #"inputs[0].quantize.standard: "[0,2]" is not "[0,1]" or "[-1,1]""#,
    ] {
      XCTAssertTrue(result.stdout.contains(expected), "missing '\(expected)' in \(result.stdout)")
    }
    XCTAssertTrue(result.stderr.contains("error: \(bundle.path) has 6 problems"), result.stderr)
  }

  func testRunBundleInputErrors() throws {
    let work = try folder()
    let bundle = work.appendingPathComponent("tv.tiobundle").path
    XCTAssertEqual(try CLIRun.run(["bundle", "init", Fixtures.model("two_vectors"), "--out", bundle]).status, 0)
    let foo = try write("[1, 2, 3]", "foo.json", in: work)
    let bar = try write("[1, 2, 3, 4, 5, 6, 7, 8]", "bar.json", in: work)
    let short = try CLIRun.run(["run", bundle, "--input", "foo_features=\(foo)", "--input", "bar_features=\(bar)"])
    XCTAssertEqual(short.status, 1)
    XCTAssertTrue(
      short.stderr.contains("Input layer 'foo_features' takes 4 values (shape [4]) but 3 were given."), short.stderr)
    let unknown = try CLIRun.run(["run", bundle, "--input", "nope=\(foo)"])
    XCTAssertEqual(unknown.status, 1)
    XCTAssertTrue(unknown.stderr.contains("no input layer 'nope'"), unknown.stderr)
    let missing = try CLIRun.run(["run", bundle, "--input", "bar_features=\(bar)"])
    XCTAssertTrue(missing.stderr.contains("No value was given for input layer 'foo_features'."), missing.stderr)
  }
}

/// A `.tflite` with TFLite metadata: inspected and run labelled with no JSON.
final class MetadataCLITests: XCTestCase {
  func testInspectShowsMetadata() throws {
    let result = try CLIRun.run(["inspect", Fixtures.model("metadata_classifier_uint8")])
    XCTAssertEqual(result.status, 0, result.stderr)
    for expected in [
      "TensorBridge metadata classifier v1.0 by TensorBridge (Apache-2.0)",
      "input [0] features  feature  normalize mean [127.5] std [127.5]",
      "output [0] probabilities", "labels.txt (tensorAxisLabels)", "packed files: labels.txt",
    ] {
      XCTAssertTrue(result.stdout.contains(expected), "missing '\(expected)' in \(result.stdout)")
    }
    let json = try CLIRun.run(["inspect", Fixtures.model("metadata_classifier"), "--json"])
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let meta = try XCTUnwrap(object["tfliteMetadata"] as? [String: Any])
    XCTAssertEqual(meta["archive"] as? [String], ["labels.txt"])
  }

  func testBundleInitFromAMetadataModelCopiesItsLabels() throws {
    let folder = try TestPaths.temporaryDirectory(for: self, "tb-cli")
    let bundle = folder.appendingPathComponent("m.tiobundle")
    let result = try CLIRun.run(["bundle", "init", Fixtures.model("metadata_classifier"), "--out", bundle.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(
      try String(contentsOf: bundle.appendingPathComponent("assets/labels.txt"), encoding: .utf8),
      "apple\nbanana\ncherry\n")
    XCTAssertTrue(result.stdout.contains(#""name": "TensorBridge metadata classifier""#), result.stdout)
    XCTAssertEqual(try CLIRun.run(["bundle", "validate", bundle.path]).status, 0)
  }

  func testRunIsLabelledWithoutJSONAndRawOnRequest() throws {
    let folder = try TestPaths.temporaryDirectory(for: self, "tb-cli")
    let input = folder.appendingPathComponent("features.json")
    try Data("[12.25, 100.75, 200.25, 250.75]".utf8).write(to: input)
    let result = try CLIRun.run([
      "run", Fixtures.model("metadata_classifier_uint8"), "--input", "features=\(input.path)", "--json",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(
      result.stdout.contains(#""labels":{"apple":0.25,"banana":0.48046875,"cherry":0.26953125}"#), result.stdout)
    let raw = try CLIRun.run([
      "run", Fixtures.model("metadata_classifier_uint8"), "--raw", "--input", "0=\(input.path)",
    ])
    XCTAssertEqual(raw.status, 1, "12.25 is not a uint8 value for the raw tensor")
    XCTAssertTrue(raw.stderr.contains("cannot be represented as uint8"), raw.stderr)
  }
}
