import Foundation
import XCTest

@testable import TensorBridgeModels

/// Tensor/IO's core tests that are not about running a model (doc-ai/tensorio-ios), each
/// reproduced against our API and naming its source file and method:
/// `TensorIO/Tests/Core/TIOModelModesTests.m` @ `46e6b51` (``ModelDescription/ModelSection``'s
/// `predicts`, `trains`, `evals`), `TensorIO/Tests/Core/TIOModelIdentifierTests.m` @ `a608a1c`
/// (``ModelIdentifier``), `TensorIO/Tests/Core/TIOModelBundleManagerTests.mm` @ `b6ed45c`
/// (``ModelBundleCatalog``) and `TensorIO/Tests/TFLite/TIOModelBackendTests.mm` @ `b6ed45c`
/// (``ModelBackend``). What does not apply is listed in CONFORMANCE.md.
final class TensorIOCoreConformanceTests: XCTestCase {
  // MARK: TIOModelModesTests.m

  /// The model section parsed from `{"file", "quantized"}` plus `modes` when given.
  private func section(modes json: String?) throws -> ModelDescription.ModelSection {
    var parser = DescriptionParser()
    let modes = json.map { #", "modes": \#($0)"# } ?? ""
    let section = parser.parseModelSection(
      try JSONValue.parse(Data(#"{"file": "model.tflite", "quantized": false\#(modes)}"#.utf8)))
    XCTAssertEqual(parser.problems, [])
    return try XCTUnwrap(section)
  }

  /// TIOModelModesTests.m, `testNoModesDefaultsToPredict` (`initWithArray:nil`): no `modes`
  /// predicts; so does a section built with an empty list.
  func testNoModesDefaultsToPredict() throws {
    XCTAssertTrue(try section(modes: nil).predicts)
    XCTAssertTrue(ModelDescription.ModelSection(file: "model.tflite", modes: []).predicts)
  }

  /// TIOModelModesTests.m, `testParsesOnlyPredict`.
  func testParsesOnlyPredict() throws {
    let model = try section(modes: #"["predict"]"#)
    XCTAssertEqual([model.predicts, model.trains, model.evals], [true, false, false])
  }

  /// TIOModelModesTests.m, `testParsesOnlyTraing` (sic).
  func testParsesOnlyTraing() throws {
    let model = try section(modes: #"["train"]"#)
    XCTAssertEqual([model.predicts, model.trains, model.evals], [false, true, false])
  }

  /// TIOModelModesTests.m, `testParsesOnlyEval`.
  func testParsesOnlyEval() throws {
    let model = try section(modes: #"["eval"]"#)
    XCTAssertEqual([model.predicts, model.trains, model.evals], [false, false, true])
  }

  /// TIOModelModesTests.m, `testParsesMultipleModes`.
  func testParsesMultipleModes() throws {
    let model = try section(modes: #"["predict", "train"]"#)
    XCTAssertEqual([model.predicts, model.trains, model.evals], [true, true, false])
  }

  // MARK: TIOModelIdentifierTests.m

  /// TIOModelIdentifierTests.m, `testModelIdentifierInitializerSetsProperties`.
  func testModelIdentifierInitializerSetsProperties() {
    let identifier = ModelIdentifier(modelId: "model-id", hyperparametersId: "hyp-id", checkpointId: "ch-id")
    XCTAssertEqual(identifier.modelId, "model-id")
    XCTAssertEqual(identifier.hyperparametersId, "hyp-id")
    XCTAssertEqual(identifier.checkpointId, "ch-id")
  }

  /// TIOModelIdentifierTests.m, `testModelIdentifierInitializesWithCorrectlyFormattedBundleId`;
  /// the identifier gives the same bundle id back.
  func testModelIdentifierInitializesWithCorrectlyFormattedBundleId() throws {
    let bundleId = "tio:///models/model-id/hyperparameters/hyp-id/checkpoints/ch-id"
    let identifier = try ModelIdentifier(bundleId: bundleId)
    XCTAssertEqual(identifier.modelId, "model-id")
    XCTAssertEqual(identifier.hyperparametersId, "hyp-id")
    XCTAssertEqual(identifier.checkpointId, "ch-id")
    XCTAssertEqual(identifier.bundleId, bundleId)
  }

  /// TIOModelIdentifierTests.m, `testModelIdentifierDoesNotInitializeWithIncorrectlyFormattedBundleId`
  /// (`tio:///models/model-id/` and `mobilenet-v2`; Tensor/IO returns nil, we throw a typed error
  /// saying what is wrong), and more strings that are not identifiers.
  func testModelIdentifierDoesNotInitializeWithIncorrectlyFormattedBundleId() {
    let reasons = [
      "tio:///models/model-id/": "its path is not models/<model>/hyperparameters/<set>/checkpoints/<checkpoint>",
      "mobilenet-v2": #"it does not start with "tio:///""#,
      "tio:///models/m/hyperparameters//checkpoints/c": #"the id after "hyperparameters/" is empty"#,
      "tio:///models/m/hyperparams/h/checkpoints/c": #"part 3 is "hyperparams", not "hyperparameters""#,
      "tio:///models/m/hyperparameters/h/checkpoints/c/": "its path is not "
        + "models/<model>/hyperparameters/<set>/checkpoints/<checkpoint>",
      "https:///models/m/hyperparameters/h/checkpoints/c": #"it does not start with "tio:///""#,
    ]
    for (bundleId, reason) in reasons {
      XCTAssertThrowsError(try ModelIdentifier(bundleId: bundleId), bundleId) { error in
        XCTAssertEqual(error as? ModelIdentifierError, .malformed(bundleId: bundleId, reason: reason))
      }
    }
  }

  // MARK: TIOModelBundleManagerTests.mm

  /// TIOModelBundleManagerTests.mm, `testManagerReturnsErrorWhenPathDoesNotExist` (`/zxcv`).
  func testManagerReturnsErrorWhenPathDoesNotExist() {
    XCTAssertThrowsError(try ModelBundleCatalog(folder: URL(fileURLWithPath: "/zxcv"))) { error in
      guard case .unreadable(let path, _)? = error as? ModelBundleError else { return XCTFail("\(error)") }
      XCTAssertEqual(path, "/zxcv")
    }
  }

  /// TIOModelBundleManagerTests.mm, `testManagerReturnsErrorWhenNoValidBundlesFound`: Tensor/IO
  /// searches its test app's bundle folder, which holds no bundle directly; ours is the fixtures
  /// folder. A folder whose only bundles are broken is an error too, naming each one's problem.
  func testManagerReturnsErrorWhenNoValidBundlesFound() throws {
    XCTAssertThrowsError(try ModelBundleCatalog(folder: BundleTestSupport.fixtures)) { error in
      XCTAssertEqual(
        error as? ModelBundleError,
        .unreadable(path: BundleTestSupport.fixtures.path, reason: "it holds no .tfbundle or .tiobundle folder"))
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
    let broken = folder.appendingPathComponent("broken.tiobundle")
    try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    XCTAssertThrowsError(try ModelBundleCatalog(folder: folder)) { error in
      guard case .unreadable(let path, let reason)? = error as? ModelBundleError else { return XCTFail("\(error)") }
      XCTAssertEqual(path, folder.path)
      XCTAssertTrue(reason.hasPrefix("none of its 1 bundle folder opens (broken.tiobundle: Cannot read "), reason)
      XCTAssertTrue(reason.contains("model.json"), reason)
    }
  }

  // MARK: TIOModelBackendTests.mm

  /// TIOModelBackendTests.mm, `testReturnsTFLiteBackendClassName` (`TIOTFLiteModel`): `tflite`
  /// is the backend whose models run, and a bundle naming it runs as a ``Model``.
  func testReturnsTFLiteBackendClassName() throws {
    XCTAssertEqual(ModelBackend(rawValue: "tflite"), .tflite)
    XCTAssertTrue(ModelBackend.tflite.runs)
    let model = try Model(contentsOf: TensorIOConformanceTests.bundle("1_in_1_out_number_test.tiobundle"))
    XCTAssertEqual(model.description.model.backend, "tflite")
    XCTAssertEqual(try model.run(on: [Float(2)])["output"]?.scalar, 25)
  }

  /// TIOModelBackendTests.mm, `testReturnsTensorFlowBackendClassName` (`TIOTensorFlowModel`):
  /// not applicable — there is no TensorFlow backend here. `tensorflow` is a backend name we
  /// know, and a bundle naming it is refused with the way to convert it.
  func testTensorFlowBackendIsKnownAndRefused() throws {
    XCTAssertEqual(ModelBackend(rawValue: "tensorflow"), .tensorflow)
    XCTAssertFalse(ModelBackend.tensorflow.runs)
    let folder = try BundleTestSupport.makeBundle(
      json: BundleTestSupport.twoVectorJSON(
        model: #"{ "file": "model.tflite", "backend": "tensorflow", "quantized": false }"#),
      testCase: self)
    XCTAssertThrowsError(try ModelBundle(contentsOf: folder)) { error in
      guard case .unsupported(let path, _)? = error as? ModelBundleError else { return XCTFail("\(error)") }
      XCTAssertEqual(path, "model.backend")
    }
  }

  /// TIOModelBackendTests.mm, `testReturnsNilClassNameForUnknownBackend` (`""`): no backend,
  /// and a bundle naming it has a problem at `model.backend`.
  func testReturnsNilClassNameForUnknownBackend() throws {
    XCTAssertNil(ModelBackend(rawValue: ""))
    let folder = try BundleTestSupport.makeBundle(
      json: BundleTestSupport.twoVectorJSON(model: #"{ "file": "model.tflite", "backend": "", "quantized": false }"#),
      testCase: self)
    XCTAssertEqual(
      ModelBundle.validate(folder), [BundleProblem("model.backend", "\"\" is not \"tflite\" or \"tensorflow\"")])
  }

  /// TIOModelBackendTests.mm, `testAvailableBackendIsTFLite`; a bundle that names no backend
  /// gets it.
  func testAvailableBackendIsTFLite() throws {
    XCTAssertEqual(ModelBackend.available, .tflite)
    XCTAssertEqual(ModelBackend.allCases.filter(\.runs), [.tflite])
    let bundle = try ModelBundle(contentsOf: TensorIOConformanceTests.bundle("no-backend.tiobundle"))
    XCTAssertEqual(bundle.description.model.backend, ModelBackend.available.rawValue)
  }
}
