import Foundation
import XCTest

@testable import TensorBridgeModels

/// TensorIO/Tests/Core/TIOModelBundleValidatorTests.mm (doc-ai/tensorio-ios), each case
/// rewritten as our own bundle: Tensor/IO's bundles of the same names, with our model.json
/// text and our fixture model. The three custom-validation cases do not apply (they pass an
/// Objective-C block to the validator).
final class TensorIOValidatorConformanceTests: XCTestCase {
  private func bundle(json: String, model: String? = "two_vectors") throws -> URL {
    try BundleTestSupport.makeBundle(json: json, model: model, testCase: self)
  }

  /// `testBundleAtInvalidPathDoesNotValidate`.
  func testBundleAtInvalidPathDoesNotValidate() {
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("qwerty-\(UUID().uuidString).tiobundle")
    XCTAssertFalse(ModelBundle.validate(missing).isEmpty)
    XCTAssertThrowsError(try ModelBundle(contentsOf: missing))
  }

  /// `testBundleWithoutJSONDoesNotValidate` (invalid-model-no-json.tiobundle).
  func testBundleWithoutJSONDoesNotValidate() throws {
    let folder = try bundle(json: "{}")
    try FileManager.default.removeItem(at: folder.appendingPathComponent("model.json"))
    let problems = ModelBundle.validate(folder)
    XCTAssertTrue(problems.contains { $0.path.hasSuffix("model.json") }, "\(problems)")
  }

  /// `testBundleWithBadJSONDoesNotValidate` (invalid-model-bad-json.tiobundle).
  func testBundleWithBadJSONDoesNotValidate() throws {
    let folder = try bundle(json: #"{ "name": "bad json", "#)
    XCTAssertFalse(ModelBundle.validate(folder).isEmpty)
    XCTAssertThrowsError(try ModelBundle(contentsOf: folder)) { error in
      guard case .invalidJSON? = error as? ModelBundleError else { return XCTFail("\(error)") }
    }
  }

  /// `testAnIncorrectlyNamedModelFileDoesNotValidate` (invalid-model-incorrect-model-file).
  func testAnIncorrectlyNamedModelFileDoesNotValidate() throws {
    let json = BundleTestSupport.twoVectorJSON(model: #"{ "file": "qwerty.tflite", "quantized": false }"#)
    let problems = ModelBundle.validate(try bundle(json: json))
    XCTAssertEqual(problems.map(\.path), ["model.file"], "\(problems)")
    XCTAssertTrue(problems.first?.message.contains("qwerty.tflite") ?? false)
  }

  /// `testAnIncorrectNamedLabelsFileDoesNotValidate` (invalid-model-incorrect-labels-file).
  func testAnIncorrectNamedLabelsFileDoesNotValidate() throws {
    let json = BundleTestSupport.twoVectorJSON(
      outputs:
        #"[{ "name": "baz-outputs", "type": "array", "shape": [3], "labels": "qwerty.txt" }, { "name": "qux-outputs", "type": "array", "shape": [6] }]"#
    )
    let problems = ModelBundle.validate(try bundle(json: json))
    XCTAssertEqual(problems.map(\.path), ["outputs[0].labels"], "\(problems)")
  }

  /// `testValidModelsValidate`, on our rewrites of the bundles it names (1_in_1_out_number_test,
  /// 1_in_1_out_string_test, 2_in_2_out_matrices_test), and of the other test bundles;
  /// mobilenet_v2_1.4_224 is left out: its 24 MB model is not in our fixtures.
  func testValidModelsValidate() throws {
    for name in [
      "1_in_1_out_number_test", "1_in_1_out_string_test", "2_in_2_out_matrices_test", "scalar_test",
      "1_in_1_out_vectors_test", "2_in_2_out_vectors_test", "1_in_1_out_tensors_test",
      "1_in_1_out_pixelbuffer_identity_test", "1_in_1_out_pixelbuffer_normalization_test",
    ] {
      XCTAssertEqual(ModelBundle.validate(TensorIOConformanceTests.bundle("\(name).tiobundle")), [], name)
    }
    XCTAssertEqual(ModelBundle.validate(try bundle(json: BundleTestSupport.twoVectorJSON())), [])
  }

  /// `testModelWithoutBackendValidates` (no-backend.tiobundle).
  func testModelWithoutBackendValidates() throws {
    XCTAssertEqual(ModelBundle.validate(TensorIOConformanceTests.bundle("no-backend.tiobundle")), [])
  }

  /// `testModelWithoutModesValidates` (no-modes.tiobundle).
  func testModelWithoutModesValidates() throws {
    let json = BundleTestSupport.twoVectorJSON(
      model: #"{ "file": "model.tflite", "quantized": false, "backend": "tflite" }"#)
    let folder = try bundle(json: json)
    XCTAssertEqual(ModelBundle.validate(folder), [])
    XCTAssertEqual(try ModelBundle(contentsOf: folder).description.model.modes, ["predict"])
  }
}
