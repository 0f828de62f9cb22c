import Foundation
import TensorBridge
import XCTest

@testable import TensorBridgeModels

/// Tensor/IO's own test cases (doc-ai/tensorio-ios), each rewritten on our fixture bundles in
/// Tests/Fixtures/tensorio (made by scripts/fixtures/make_tensorio_fixtures.py; references
/// from Python LiteRT in tensorio.reference.json). Each test names the Tensor/IO file and
/// method it reproduces.
final class TensorIOConformanceTests: XCTestCase {
  static let folder = BundleTestSupport.fixtures.appendingPathComponent("tensorio")
  static func bundle(_ name: String) -> URL { folder.appendingPathComponent(name) }

  /// The Python LiteRT output recorded for `run`.
  private func reference(_ run: String) throws -> [Double] {
    let data = try Data(contentsOf: Self.folder.appendingPathComponent("tensorio.reference.json"))
    let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let runs = try XCTUnwrap(root["runs"] as? [String: Any])
    let entry = try XCTUnwrap(runs[run] as? [String: Any])
    return try XCTUnwrap(entry["output"] as? [Double])
  }

  /// TensorIO/Tests/TFLite/TIOTFLiteModelIntegrationTests.mm, `testScalarModel`: a scalar
  /// layer runs on a number, on bytes, on a one-element vector and through a dictionary; 2 → 25.
  func testScalarModel() throws {
    let model = try Model(contentsOf: Self.bundle("scalar_test.tiobundle"))
    XCTAssertEqual(model.description.inputs.map(\.kind), [.scalar])
    XCTAssertEqual(model.description.outputs.map(\.kind), [.scalar])
    let expected = Float(try reference("scalar_test")[0])
    XCTAssertEqual(expected, 25)
    XCTAssertEqual(try model.run(on: ModelValue.number(2))["output"]?.scalar, expected)
    let bytes = withUnsafeBytes(of: Float(2)) { Data($0) }
    XCTAssertEqual(try model.run(on: ModelValue.data(bytes))["output"]?.scalar, expected)
    XCTAssertEqual(try model.run(on: [Float(2)])["output"]?.scalar, expected)
    XCTAssertEqual(try model.run(on: ["input": ModelValue.number(2)])["output"]?.scalar, expected)
  }

  /// TensorIO/Tests/TFLite/TIOTFLiteModelIntegrationTests.mm, `test1In1OutNumberModel` and
  /// `testModelWithoutSpecifiedBackendUsesAvailableBackend` (the same model, no `backend`):
  /// a number, bytes, a one-element vector and a dictionary each give 25 for 2.
  func test1In1OutNumberModel() throws {
    let expected = Float(try reference("1_in_1_out_string_test")[0])
    for name in ["1_in_1_out_number_test.tiobundle", "no-backend.tiobundle"] {
      let model = try Model(contentsOf: Self.bundle(name))
      XCTAssertEqual(model.description.inputs.count, 1, name)
      XCTAssertEqual(model.description.outputs.count, 1, name)
      XCTAssertEqual(model.description.model.backend, "tflite", name)
      XCTAssertEqual(try model.run(on: ModelValue.number(2))["output"]?.scalar, expected, name)
      let bytes = withUnsafeBytes(of: Float(2)) { Data($0) }
      XCTAssertEqual(try model.run(on: ModelValue.data(bytes))["output"]?.scalar, expected, name)
      XCTAssertEqual(try model.run(on: [Float(2)])["output"]?.scalar, expected, name)
      XCTAssertEqual(try model.run(on: ["input": ModelValue.number(2)])["output"]?.scalar, expected, name)
    }
  }

  /// TensorIO/Tests/TFLite/TIOTFLiteModelIntegrationTests.mm, `test1In1OutStringModel`: a
  /// `string` layer takes float32 bytes and gives the output tensor's bytes; 2 → 25.
  func test1In1OutStringModel() throws {
    let model = try Model(contentsOf: Self.bundle("1_in_1_out_string_test.tiobundle"))
    XCTAssertEqual(model.description.inputs.map(\.kind), [.string])
    let input = withUnsafeBytes(of: Float(2)) { Data($0) }
    let output = try XCTUnwrap(try model.run(on: ModelValue.data(input))["output"]?.bytes)
    XCTAssertEqual(output.count, 4)
    let value = output.withUnsafeBytes { $0.loadUnaligned(as: Float.self) }
    XCTAssertEqual(Double(value), try reference("1_in_1_out_string_test")[0])
    // Numbers are not bytes: the layer is named.
    XCTAssertThrowsError(try model.run(on: ModelValue.number(2))) { error in
      guard case .unsupportedValue(let layer, _)? = error as? ModelError else { return XCTFail("\(error)") }
      XCTAssertEqual(layer, "input")
    }
  }

  /// TensorIO/Tests/TFLite/TIOTFLiteModelIntegrationTests.mm, `testPlaceholderModel`: a
  /// placeholder bundle (`"file": null`) loads; running it says the model file is missing.
  func testPlaceholderModel() throws {
    let bundle = try ModelBundle(contentsOf: Self.bundle("placeholder.tiobundle"))
    XCTAssertTrue(bundle.description.placeholder)
    XCTAssertTrue(bundle.isAwaitingModelFile)
    XCTAssertEqual(bundle.description.inputs.map(\.name), ["input_x"])
    XCTAssertEqual(bundle.description.outputs.map(\.name), ["output_z"])
    XCTAssertThrowsError(try Model(bundle: bundle)) { error in
      XCTAssertEqual(error as? ModelError, .placeholder(bundle: "placeholder.tiobundle", file: ""))
    }
  }

  /// TensorIO/Tests/Core/TIOModelBundleValidatorTests.mm, `testPlaceholderModelValidates`.
  func testPlaceholderModelValidates() {
    XCTAssertEqual(ModelBundle.validate(Self.bundle("placeholder.tiobundle")), [])
  }

  /// A placeholder naming a file that has not arrived says which file.
  func testPlaceholderNamingAFileSaysWhichIsMissing() throws {
    let json = BundleTestSupport.twoVectorJSON(model: #"{ "file": "later.tflite", "quantized": false }"#)
      .replacingOccurrences(of: #""license": "Apache 2","#, with: #""license": "Apache 2", "placeholder": true,"#)
    let folder = try BundleTestSupport.makeBundle(json: json, model: nil, testCase: self)
    let bundle = try ModelBundle(contentsOf: folder)
    XCTAssertThrowsError(try Model(bundle: bundle)) { error in
      XCTAssertEqual(error as? ModelError, .placeholder(bundle: folder.lastPathComponent, file: "later.tflite"))
      XCTAssertTrue(String(describing: error).contains("later.tflite"), "\(error)")
    }
    XCTAssertEqual(ModelBundle.validate(folder), [])
  }

  /// TensorIO/Tests/Core/TIOModelBundleValidatorTests.mm,
  /// `testBundleWithDeprecatedExtensionStillValidates` and `testPlaceholderModelValidates`
  /// (Tensor/IO's deprecated.tfbundle is a placeholder in a `.tfbundle` folder).
  func testBundleWithDeprecatedExtensionStillValidates() throws {
    let url = Self.bundle("deprecated.tfbundle")
    XCTAssertEqual(ModelBundle.validate(url), [])
    let bundle = try ModelBundle(contentsOf: url)
    XCTAssertEqual(bundle.description.id, "deprecated_tfbundle_test")
    XCTAssertTrue(bundle.isAwaitingModelFile)
  }

  /// TensorIO/Tests/Core/TIOModelBundleValidatorTests.mm,
  /// `testBundleWithoutTIOBundleExtensionDoesNotValidate`: a bundle folder needs a bundle
  /// extension.
  func testBundleWithoutTIOBundleExtensionDoesNotValidate() throws {
    let problems = ModelBundle.validate(Self.bundle("no-extension"))
    XCTAssertEqual(problems.count, 1, "\(problems)")
    XCTAssertTrue(problems.first?.message.contains("bundle extension") ?? false, "\(problems)")
    // The same files in a .tiobundle folder are valid.
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("tb-\(UUID().uuidString).tiobundle")
    try FileManager.default.copyItem(at: Self.bundle("no-extension"), to: copy)
    addTeardownBlock { try? FileManager.default.removeItem(at: copy) }
    XCTAssertEqual(ModelBundle.validate(copy), [])
  }

  /// A scalar layer over a rank-1 tensor of one element also binds (Tensor/IO declares
  /// scalars with shape [1]); a scalar layer over a larger tensor does not.
  func testScalarLayerShapeRule() throws {
    let json = BundleTestSupport.twoVectorJSON(
      inputs: #"[{ "name": "a", "type": "scalar", "shape": [1] }, { "name": "b", "type": "array", "shape": [8] }]"#)
    let folder = try BundleTestSupport.makeBundle(json: json, testCase: self)
    let problems = ModelBundle.validate(folder)
    XCTAssertEqual(problems.map(\.path), ["inputs[0].shape"], "\(problems)")
  }
}
