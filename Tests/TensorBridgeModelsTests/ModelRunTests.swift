import Foundation
import TensorBridge
import TensorBridgeModels
import XCTest

/// Model.run(on:) input forms, outputs, and input errors, on a seed-style two-vector bundle.
final class ModelRunTests: XCTestCase {
  func makeModel(_ json: String = BundleTestSupport.twoVectorJSON(), model: String = "two_vectors") throws -> Model {
    try Model(contentsOf: BundleTestSupport.makeBundle(json: json, model: model, testCase: self))
  }

  /// Direct interpreter results for the same inputs (the reference for these API tests).
  func direct(_ foo: [Float], _ bar: [Float]) throws -> (baz: [Float], qux: [Float]) {
    let interpreter = try Interpreter(modelPath: BundleTestSupport.model("two_vectors").path)
    try interpreter.copy(foo, toInputAt: 0)
    try interpreter.copy(bar, toInputAt: 1)
    try interpreter.invoke()
    return (try interpreter.output(at: 1).values(as: Float.self), try interpreter.output(at: 0).values(as: Float.self))
  }

  func testDictionaryArrayAndNestedInputsAgree() throws {
    let model = try makeModel()
    let foo: [Float] = [1, 2, 3, 4]
    let bar: [Float] = [1, 2, 3, 4, 5, 6, 7, 8]
    let expected = try direct(foo, bar)
    let byName = try model.run(on: ["foo-features": [1, 2, 3, 4], "bar-features": [1, 2, 3, 4, 5, 6, 7, 8]])
    XCTAssertEqual(byName["baz-outputs"]?.values, expected.baz, "layers bind by name: baz is the model's output 1")
    XCTAssertEqual(byName["qux-outputs"]?.values, expected.qux)
    let byOrder = try model.run(on: [ModelValue(foo), ModelValue(bar)])
    XCTAssertEqual(byOrder, byName)
    let nested = try model.run(on: ["foo-features": [[1, 2, 3, 4]], "bar-features": ModelValue(bar)])
    XCTAssertEqual(nested.layers.map(\.name), ["baz-outputs", "qux-outputs"])
    XCTAssertEqual(nested["baz-outputs"]?.values, expected.baz)
    let raw = try model.run(on: ["foo-features": .data(Data(copyingBufferOf: foo)), "bar-features": ModelValue(bar)])
    XCTAssertEqual(raw["qux-outputs"]?.values, expected.qux)
    XCTAssertEqual(byName["baz-outputs"]?.shape, [3])
    XCTAssertNil(byName["baz-outputs"]?.scalar)
    XCTAssertNil(byName["nope"])
  }

  func testSingleInputModelTakesAFlatArrayAndScalarOutputs() throws {
    let json = BundleTestSupport.twoVectorJSON(
      inputs: #"[{ "name": "x", "type": "array", "shape": [1] }]"#,
      outputs: #"[{ "name": "y", "type": "array", "shape": [1] }]"#)
    let model = try makeModel(json, model: "linear")
    XCTAssertEqual(try model.run(on: 10)["y"]?.scalar, 19)
    XCTAssertEqual(try model.run(on: [10])["y"]?.scalar, 19)
    XCTAssertEqual(try model.run(on: [[10]])["y"]?.scalar, 19)
    XCTAssertEqual(try model.run(on: ["x": -3.5])["y"]?.scalar, -8)
  }

  func testDynamicBatchFollowsTheValue() throws {
    let json = BundleTestSupport.twoVectorJSON(
      inputs: #"[{ "name": "x", "type": "array", "shape": [-1, 3] }]"#,
      outputs: #"[{ "name": "y", "type": "array", "shape": [-1, 2] }]"#)
    let model = try makeModel(json, model: "dynamic_batch")
    let two = try model.run(on: [[1, 2, 3], [4, 5, 6]])
    XCTAssertEqual(two["y"]?.shape, [2, 2])
    let one = try model.run(on: [[4, 5, 6]])
    XCTAssertEqual(one["y"]?.values, Array(try XCTUnwrap(two["y"]?.values)[2...]))
    XCTAssertEqual(try model.run(on: ModelValue([Float](repeating: 1, count: 9)))["y"]?.shape, [3, 2])
  }

  func testInputErrors() throws {
    let model = try makeModel()
    let bar = ModelValue([Float](repeating: 0, count: 8))
    XCTAssertThrowsError(try model.run(on: ["foo-features": [1, 2, 3, 4]])) {
      XCTAssertEqual($0 as? ModelError, .missingInput(layer: "bar-features"))
    }
    XCTAssertThrowsError(try model.run(on: ["foo": [1, 2, 3, 4], "bar-features": bar])) {
      XCTAssertEqual($0 as? ModelError, .unknownLayer(name: "foo", available: ["foo-features", "bar-features"]))
    }
    XCTAssertThrowsError(try model.run(on: ["foo-features": [1, 2, 3], "bar-features": bar])) {
      XCTAssertEqual($0 as? ModelError, .elementCount(layer: "foo-features", expected: 4, actual: 3, shape: [4]))
    }
    XCTAssertThrowsError(try model.run(on: ["foo-features": [[1, 2], [3]], "bar-features": bar])) {
      XCTAssertEqual($0 as? ModelError, .raggedValue(layer: "foo-features", index: 1, expected: [2], actual: [1]))
    }
    XCTAssertThrowsError(try model.run(on: ["foo-features": [[1], [2], [3], [4]], "bar-features": bar])) {
      XCTAssertEqual($0 as? ModelError, .shapeMismatch(layer: "foo-features", expected: [4], actual: [4, 1]))
    }
    XCTAssertThrowsError(try model.run(on: ["foo-features": .data(Data(count: 3)), "bar-features": bar])) {
      XCTAssertEqual($0 as? ModelError, .byteCount(layer: "foo-features", expected: 16, actual: 3))
    }
    XCTAssertThrowsError(try model.run(on: [1, 2, 3])) {
      XCTAssertEqual($0 as? ModelError, .inputCount(expected: 2, actual: 3, layers: ["foo-features", "bar-features"]))
    }
    XCTAssertThrowsError(try model.run(on: 1.0)) {
      XCTAssertEqual($0 as? ModelError, .inputCount(expected: 2, actual: 1, layers: ["foo-features", "bar-features"]))
    }
    // The model still runs after every refused input.
    XCTAssertNoThrow(try model.run(on: ["foo-features": [1, 2, 3, 4], "bar-features": bar]))
  }

  func testIntegerTensorsRefuseFractionsWithoutATransform() throws {
    let json = BundleTestSupport.twoVectorJSON(
      inputs: #"[{ "name": "tokens", "type": "array", "dtype": "int32", "shape": [1, 16] }]"#,
      outputs: #"[{ "name": "probabilities", "type": "array", "shape": [1, 2] }]"#)
    let model = try makeModel(json, model: "token_classifier")
    let good = try model.run(on: ModelValue((0..<16).map { $0 }))
    XCTAssertEqual(try XCTUnwrap(good["probabilities"]?.values).reduce(0, +), 1, accuracy: 1e-5)
    XCTAssertThrowsError(try model.run(on: ModelValue([Double](repeating: 1.5, count: 16)))) {
      XCTAssertEqual(
        $0 as? ModelError, .interpreter(.valueNotRepresentable(tensor: "tokens", index: 0, value: 1.5, type: .int32)))
    }
  }

  func testModelMismatchIsAnErrorAtLoad() throws {
    let json = BundleTestSupport.twoVectorJSON(
      outputs:
        #"[{ "name": "baz-outputs", "type": "array", "shape": [4] }, { "name": "qux-outputs", "type": "array", "shape": [6] }]"#
    )
    XCTAssertThrowsError(try makeModel(json)) { error in
      guard case ModelError.bundle(.modelMismatch(let problems)) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(
        problems.map(\.description), ["outputs[0].shape: [4] does not match the model's PartitionedCall:0 [3]"])
    }
  }

  func testTopKAndLabelled() {
    let output = ModelOutput(
      name: "c", dataType: .float32, shape: [1, 4], values: [0.1, 0.5, 0.3, 0.5], labels: ["a", "b", "c", "d"])
    XCTAssertEqual(
      output.top(2), [Category(index: 1, label: "b", score: 0.5), Category(index: 3, label: "d", score: 0.5)])
    XCTAssertEqual(output.top(10, threshold: 0.3).map(\.index), [1, 3, 2])
    XCTAssertEqual(output.top(0), [])
    XCTAssertEqual(output.labelled, ["a": 0.1, "b": 0.5, "c": 0.3, "d": 0.5])
  }
}
