import Foundation
import TensorBridge
import TensorBridgeModels
import XCTest

/// model.json parsing and validation: every bad bundle gives its precise, located error.
final class BundleParsingTests: XCTestCase {
  func problems(_ json: String, model: String? = "two_vectors", assets: [String: Data] = [:]) throws -> [String] {
    let folder = try BundleTestSupport.makeBundle(json: json, model: model, assets: assets, testCase: self)
    return ModelBundle.validate(folder).map(\.description)
  }

  func testSeedStyleBundleIsValidAndParsed() throws {
    let folder = try BundleTestSupport.makeBundle(json: BundleTestSupport.twoVectorJSON(), testCase: self)
    XCTAssertEqual(ModelBundle.validate(folder), [])
    let bundle = try ModelBundle(contentsOf: folder)
    XCTAssertEqual(bundle.description.name, "Example Model")
    XCTAssertEqual(bundle.description.model.file, "model.tflite")
    XCTAssertEqual(bundle.description.model.backend, "tflite")
    XCTAssertEqual(bundle.description.inputs.map(\.name), ["foo-features", "bar-features"])
    XCTAssertEqual(bundle.description.outputs.map(\.shape), [[3], [6]])
  }

  func testTrailingCommasAsInRealTensorIOBundles() throws {
    let json = BundleTestSupport.twoVectorJSON(
      outputs:
        #"[{ "name": "baz-outputs", "type": "array", "shape": [3], }, { "name": "qux-outputs", "type": "array", "shape": [6] },]"#
    )
    XCTAssertEqual(try problems(json), [])
  }

  func testUnknownStandardNamesKeyPathAndAllowedValues() throws {
    let json = BundleTestSupport.twoVectorJSON(
      inputs:
        #"[{ "name": "foo-features", "type": "array", "shape": [4] }, { "name": "bar-features", "type": "array", "shape": [8], "quantize": { "standard": "[0,2]" } }]"#
    )
    XCTAssertEqual(try problems(json), [#"inputs[1].quantize.standard: "[0,2]" is not "[0,1]" or "[-1,1]""#])
  }

  func testEveryProblemIsReportedAtOnce() throws {
    let json = """
      { "name": 3, "id": "x", "version": 1, "author": "a", "license": "l",
        "model": { "file": "model.tflite", "quantized": "yes", "modes": ["predict", "fly"] },
        "inputs": [ { "name": "a", "type": "tensor", "shape": [4] }, { "type": "array", "shape": [0] } ],
        "outputs": { "name": "y" },
        "options": { "device_position": "side" } }
      """
    XCTAssertEqual(
      try problems(json).sorted(),
      [
        "details: is required (a string)",
        #"inputs[0].type: "tensor" is not "array", "scalar", "image", "text" or "string""#,
        "inputs[1].name: is required (a string)",
        "inputs[1].shape[0]: 0 is not a positive whole number or -1",
        "model.modes[1]: \"fly\" is not \"predict\", \"train\" or \"eval\"",
        "model.quantized: must be true or false, not \"yes\"",
        "name: must be a string, not a number",
        #"options.device_position: "side" is not "front" or "back""#,
        "outputs: must be an array, not an object",
      ])
  }

  func testTransformPlacementAndShapeRules() throws {
    let json = BundleTestSupport.twoVectorJSON(
      inputs:
        #"[{ "name": "foo-features", "type": "array", "shape": [4], "dequantize": { "standard": "[0,1]" } }, { "name": "bar-features", "type": "array", "shape": [8], "quantize": { "scale": 0, "bias": 1 }, "labels": "x.txt" }]"#,
      outputs:
        #"[{ "name": "baz-outputs", "type": "image", "shape": [3], "quantize": { "scale": 2 } }, { "name": "qux-outputs", "type": "array", "shape": [6], "normalize": { "standard": "[0,1]" } }]"#
    )
    // Transforms where they do not apply, and labels on inputs, are ignored as Tensor/IO
    // ignores them (TensorIOJSONParsingTests); the rest are problems.
    XCTAssertEqual(
      try problems(json).sorted(),
      [
        "inputs[1].quantize.scale: must not be 0",
        "outputs[0].format: is required for image layers (\"RGB\" or \"BGR\")",
        "outputs[0].shape: [3] is not an image shape [height, width, channels] (a batch dimension first, or -1 last, allowed) with 1 or 3 channels",
      ])
  }

  func testMissingFolderFileAndBadJSON() throws {
    XCTAssertThrowsError(try ModelBundle(contentsOf: URL(fileURLWithPath: "/nonexistent.tiobundle"))) { error in
      guard case ModelBundleError.unreadable(let path, let reason) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(path, "/nonexistent.tiobundle/model.json")
      XCTAssertEqual(reason, "No such file or directory")
    }
    let folder = try BundleTestSupport.makeBundle(json: #"{ "name": "x", "#, testCase: self)
    XCTAssertThrowsError(try ModelBundle(contentsOf: folder)) { error in
      guard case ModelBundleError.invalidJSON = error else { return XCTFail("\(error)") }
    }
  }

  func testOpenSaysWhetherAPathIsNothingOrAFolderWithoutDescription() throws {
    let nothing = URL(fileURLWithPath: "/nonexistent/mobilenet.tflite")
    XCTAssertThrowsError(try ModelBundle.open(nothing)) { error in
      guard case ModelBundleError.unreadable(let path, let reason) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(path, nothing.path)
      XCTAssertEqual(reason, "no such file or folder: a model is a .tflite file or a bundle folder with model.json")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tb-empty-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    XCTAssertThrowsError(try Model(contentsOf: folder)) { error in
      guard case ModelError.bundle(.unreadable(let path, let reason)) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(path, folder.appendingPathComponent("model.json").path)
      XCTAssertEqual(reason, "\(folder.path) is a folder but not a bundle: it has no model.json")
    }
  }

  func testMissingModelFileAndEscapingPaths() throws {
    let missing = try problems(BundleTestSupport.twoVectorJSON(), model: nil)
    XCTAssertEqual(missing.count, 1)
    XCTAssertTrue(missing[0].hasPrefix(#"model.file: "model.tflite" does not exist in tb-bundle-"#), missing[0])
    let escaping = try problems(
      BundleTestSupport.twoVectorJSON(model: #"{ "file": "../../etc/passwd", "quantized": false }"#))
    XCTAssertEqual(escaping, [#"model.file: "../../etc/passwd" must be a file inside the bundle"#])
    let absolute = try problems(
      BundleTestSupport.twoVectorJSON(model: #"{ "file": "/etc/passwd", "quantized": false }"#))
    XCTAssertEqual(absolute, [#"model.file: "/etc/passwd" must be a file inside the bundle"#])
  }

  func testTensorFlowBackendSaysToConvert() throws {
    let folder = try BundleTestSupport.makeBundle(
      json: BundleTestSupport.twoVectorJSON(
        model: #"{ "file": "train", "backend": "tensorflow", "quantized": false, "modes": ["train"] }"#),
      testCase: self)
    XCTAssertThrowsError(try ModelBundle(contentsOf: folder)) { error in
      XCTAssertTrue(String(describing: error).contains("convert the SavedModel to TensorFlow Lite"), "\(error)")
    }
  }

  func testTrainModeIsAcceptedAndReported() throws {
    let folder = try BundleTestSupport.makeBundle(
      json: BundleTestSupport.twoVectorJSON(
        model: #"{ "file": "model.tflite", "quantized": false, "modes": ["predict", "train"] }"#
      )
      .replacingOccurrences(of: #""outputs":"#, with: #""train": { "ops": ["train"] }, "outputs":"#),
      testCase: self)
    let bundle = try ModelBundle(contentsOf: folder)
    XCTAssertEqual(bundle.description.model.modes, ["predict", "train"])
    XCTAssertEqual(bundle.description.train?.ops, ["train"])
  }

  func testShapeTypeAndLayerCountMismatchesAgainstTheModel() throws {
    let json = BundleTestSupport.twoVectorJSON(
      inputs: #"[{ "name": "foo-features", "type": "array", "dtype": "uint8", "shape": [5] }]"#,
      outputs:
        #"[{ "name": "baz-outputs", "type": "array", "shape": [3] }, { "name": "qux-outputs", "type": "array", "shape": [2, 3] }]"#
    )
    XCTAssertEqual(
      try problems(json),
      [
        "inputs: describes 1 layer but the model has 2",
        "inputs[0].shape: [5] does not match the model's serving_default_foo_features:0 [4]",
        #"inputs[0].dtype: "uint8" but the model's serving_default_foo_features:0 is float32"#,
        "outputs[1].shape: [2, 3] does not match the model's PartitionedCall:1 [6]",
      ])
  }

  func testLabelsFilesTrailingNewlineCRLFAndCountMismatch() throws {
    let outputs =
      #"[{ "name": "baz-outputs", "type": "array", "shape": [3], "labels": "labels.txt" }, { "name": "qux-outputs", "type": "array", "shape": [6] }]"#
    for text in ["a\nb\nc\n", "a\r\nb\r\nc\r\n", "a\nb\nc"] {
      let folder = try BundleTestSupport.makeBundle(
        json: BundleTestSupport.twoVectorJSON(outputs: outputs), assets: ["labels.txt": Data(text.utf8)], testCase: self
      )
      XCTAssertEqual(ModelBundle.validate(folder), [])
      XCTAssertEqual(try ModelBundle(contentsOf: folder).description.outputs[0].labels, ["a", "b", "c"])
    }
    XCTAssertEqual(
      try problems(BundleTestSupport.twoVectorJSON(outputs: outputs), assets: ["labels.txt": Data("a\nb\n".utf8)]),
      ["outputs[0].labels: labels.txt has 2 labels but the model's PartitionedCall:0 has 3 classes"])
    XCTAssertEqual(try problems(BundleTestSupport.twoVectorJSON(outputs: outputs)).count, 1)
    XCTAssertEqual(
      try problems(
        BundleTestSupport.twoVectorJSON(outputs: outputs), assets: ["labels.txt": Data([0xFF, 0xFE, 0x00])]),
      ["outputs[0].labels: the labels file is not UTF-8 text"])
  }

  func testLabelsParsing() throws {
    XCTAssertEqual(try Labels.parse(Data("a\n\nc\n".utf8), file: "l"), ["a", "", "c"])
    XCTAssertEqual(try Labels.parse(Data("a\rb".utf8), file: "l"), ["a", "b"])
    XCTAssertEqual(try Labels.parse(Data("\u{FEFF}a\nb".utf8), file: "l"), ["a", "b"])
    XCTAssertEqual(try Labels.parse(Data(), file: "l"), [])
  }
}
