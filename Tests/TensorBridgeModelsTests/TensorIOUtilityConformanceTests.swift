import Foundation
import XCTest

@testable import TensorBridgeModels

/// tensorio-android's utility tests (doc-ai/tensorio-android @ `98b6fee`), each method as a test of
/// the same name: `core/src/test/java/ai/doc/tensorio/core/utilities/ClassificationHelperTest.java`
/// (``ClassificationSmoother``), `core/src/test/java/ai/doc/tensorio/core/model/IOTest.java`
/// (layers by index and name on ``ModelDescription``: its inputs and outputs; Tensor/IO's third
/// list, training placeholders, is not part of our descriptions),
/// `core/src/androidTest/java/ai/doc/tensorio/core/model/ManagerTest.java` (``ModelBundleCatalog``
/// over our rewrites of its bundles in Tests/Fixtures/tensorio), and the three custom-validation
/// cases of `TensorIO/Tests/Core/TIOModelBundleValidatorTests.mm` (doc-ai/tensorio-ios).
final class TensorIOUtilityConformanceTests: XCTestCase {
  // MARK: ClassificationHelperTest

  func testSmoothingPreservesCurrentValues() {
    let out = ClassificationSmoother.smooth(
      previous: ["foo": 1, "bar": 10, "baz": 100], current: [:], decay: 1, threshold: 0)
    XCTAssertEqual(out, ["foo": 1, "bar": 10, "baz": 100])
  }

  func testSmoothingTakesNewValues() {
    let out = ClassificationSmoother.smooth(
      previous: [:], current: ["foo": 1, "bar": 10, "baz": 100], decay: 0, threshold: 0)
    XCTAssertEqual(out, ["foo": 1, "bar": 10, "baz": 100])
  }

  func testSmoothingCombinesValues() throws {
    let out = ClassificationSmoother.smooth(
      previous: ["foo": 1, "bar": 10, "baz": 100], current: ["foo": 1000, "bar": 10000, "baz": 100000],
      decay: 0.8, threshold: 0)
    XCTAssertEqual(Set(out.keys), ["foo", "bar", "baz"])
    XCTAssertEqual(try XCTUnwrap(out["foo"]), 200.8, accuracy: 0.01)
    XCTAssertEqual(try XCTUnwrap(out["bar"]), 2008, accuracy: 0.01)
    XCTAssertEqual(try XCTUnwrap(out["baz"]), 20080, accuracy: 0.01)
  }

  func testSmoothingAppliesThreshold() throws {
    var smoother = ClassificationSmoother(decay: 0.8, threshold: 2000, values: ["foo": 1, "bar": 10, "baz": 100])
    let out = smoother.update(with: ["foo": 1000, "bar": 10000, "baz": 100000])
    XCTAssertEqual(Set(out.keys), ["bar", "baz"])
    XCTAssertEqual(try XCTUnwrap(out["bar"]), 2008, accuracy: 0.01)
    XCTAssertEqual(try XCTUnwrap(out["baz"]), 20080, accuracy: 0.01)
    XCTAssertEqual(smoother.values, out, "the smoother keeps what it returned")
    // Tensor/IO's defaults: decay 0.8, threshold 0.1.
    XCTAssertEqual(ClassificationSmoother(), ClassificationSmoother(decay: 0.8, threshold: 0.1))
  }

  // MARK: IOTest

  // These six are also tensorio-ios's `TensorIO/Tests/Core/TIOModelIOTests.m` @ `46e6b51`, which
  // IOTest ports method for method (there `testModelIOReturnsAllObject` and
  // `testReturnsIndexForName`).

  private let io = (
    inputs: [LayerDescription(name: "foo", shape: [1]), LayerDescription(name: "bar", shape: [1])],
    outputs: [LayerDescription(name: "foo", shape: [1]), LayerDescription(name: "bar", shape: [1])]
  )

  func testModelIOPreservesIndex() {
    XCTAssertEqual(io.inputs[0].name, "foo")
    XCTAssertEqual(io.inputs[1].name, "bar")
    XCTAssertEqual(io.outputs[0].name, "foo")
    XCTAssertEqual(io.outputs[1].name, "bar")
  }

  func testModelIOPreservesName() {
    XCTAssertEqual(io.inputs[named: "foo"], io.inputs[0])
    XCTAssertEqual(io.inputs[named: "bar"], io.inputs[1])
    XCTAssertEqual(io.outputs[named: "foo"], io.outputs[0])
    XCTAssertEqual(io.outputs[named: "bar"], io.outputs[1])
    XCTAssertNil(io.inputs[named: "baz"])
  }

  func testModelIOReturnsAllObjects() {
    XCTAssertEqual(io.inputs.map(\.name), ["foo", "bar"])
    XCTAssertEqual(io.outputs.map(\.name), ["foo", "bar"])
  }

  func testModelIOReturnsAllKeys() {
    XCTAssertEqual(Set(io.inputs.names), ["foo", "bar"])
    XCTAssertEqual(Set(io.outputs.names), ["foo", "bar"])
  }

  func testModelIOCountIsCorrect() {
    XCTAssertEqual(io.inputs.count, 2)
    XCTAssertEqual(io.outputs.count, 2)
  }

  func testModelIOReturnsIndexForName() {
    XCTAssertEqual(io.inputs.index(named: "foo"), 0)
    XCTAssertEqual(io.inputs.index(named: "bar"), 1)
    XCTAssertEqual(io.outputs.index(named: "foo"), 0)
    XCTAssertEqual(io.outputs.index(named: "bar"), 1)
    XCTAssertNil(io.outputs.index(named: "baz"))
  }

  /// The lookups on a real bundle's description.
  func testLookupsOnABundle() throws {
    let bundle = try ModelBundle(
      contentsOf: TensorIOConformanceTests.folder.appendingPathComponent(
        "2_in_2_out_vectors_test.tiobundle"))
    for layers in [bundle.description.inputs, bundle.description.outputs] {
      for (index, layer) in layers.enumerated() {
        XCTAssertEqual(layers.index(named: layer.name), index)
        XCTAssertEqual(layers[named: layer.name], layer)
      }
    }
  }

  // MARK: ManagerTest

  /// `testLoadsModelBundlesInFileDirectory`: every bundle folder of the fixtures loads, by id
  /// (Tensor/IO's 13 include two MobileNets whose model files are not public; ours are the 14
  /// folders with a bundle extension, `deprecated.tfbundle` among them, `no-extension` left out).
  func testLoadsModelBundlesInFileDirectory() throws {
    let folder = TensorIOConformanceTests.folder
    let catalog = try ModelBundleCatalog(folder: folder)
    let folders = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { ModelBundle.folderExtensions.contains(($0 as NSString).pathExtension) }
    XCTAssertEqual(catalog.ids.count, folders.count, "\(catalog.problems)")
    XCTAssertTrue(catalog.problems.isEmpty, "\(catalog.problems)")
    XCTAssertTrue(catalog.ids.contains("deprecated_tfbundle_test"))
    XCTAssertTrue(catalog.ids.contains("placeholder_test"))
    let bundle = try XCTUnwrap(catalog.bundle(id: "1_in_1_out_number_test"))
    XCTAssertEqual(bundle.folder.lastPathComponent, "1_in_1_out_number_test.tiobundle")
    XCTAssertEqual(catalog.bundles(ids: ["scalar_test", "nope"]).map { $0?.description.id }, ["scalar_test", nil])
  }

  /// A bad bundle does not hide the others: it is left out with its error, and so is a second
  /// folder with a taken id; a folder that cannot be listed is an error.
  func testABadBundleIsLeftOutWithItsError() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let source = TensorIOConformanceTests.folder
    for name in ["1_in_1_out_number_test.tiobundle", "scalar_test.tiobundle"] {
      try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
    }
    try FileManager.default.copyItem(
      at: source.appendingPathComponent("scalar_test.tiobundle"), to: folder.appendingPathComponent("copy.tiobundle"))
    let broken = folder.appendingPathComponent("broken.tiobundle")
    try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
    try Data(#"{ "name": "#.utf8).write(to: broken.appendingPathComponent("model.json"))
    let catalog = try ModelBundleCatalog(folder: folder)
    XCTAssertEqual(catalog.ids, ["1_in_1_out_number_test", "scalar_test"])
    guard case .invalidJSON? = catalog.problems["broken.tiobundle"] else {
      return XCTFail("\(catalog.problems)")
    }
    XCTAssertEqual(catalog.problems["scalar_test.tiobundle"]?.problems.first?.path, "id", "sorted: copy comes first")
    XCTAssertThrowsError(try ModelBundleCatalog(folder: folder.appendingPathComponent("missing"))) { error in
      guard case .unreadable? = error as? ModelBundleError else { return XCTFail("\(error)") }
    }
  }

  // MARK: TIOModelBundleValidatorTests, custom validation

  private var validBundle: URL {
    TensorIOConformanceTests.folder.appendingPathComponent("1_in_1_out_number_test.tiobundle")
  }

  func testInvalidCustomValidationDoesNotValidate() {
    let problems = ModelBundle.validate(validBundle) { _, _ in [BundleProblem("custom", "not valid")] }
    XCTAssertEqual(problems, [BundleProblem("custom", "not valid")])
  }

  /// The problem the check returns is the one reported (Tensor/IO passes its block's error on).
  func testInvalidCustomValidationReturnsError() {
    let problems = ModelBundle.validate(validBundle) { folder, json in
      guard case .object(let fields) = json, fields["id"] == .string("1_in_1_out_number_test") else {
        return [BundleProblem("id", "the check did not get the bundle's model.json")]
      }
      return [BundleProblem("custom", "rejected \(folder.lastPathComponent)")]
    }
    XCTAssertEqual(problems, [BundleProblem("custom", "rejected 1_in_1_out_number_test.tiobundle")])
  }

  func testValidCustomValidatorValidates() {
    XCTAssertEqual(ModelBundle.validate(validBundle) { _, _ in [] }, [])
    // Built-in problems are still reported next to the custom check's.
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("none-\(UUID().uuidString).tiobundle")
    XCTAssertFalse(ModelBundle.validate(missing) { _, _ in [] }.isEmpty)
  }
}
