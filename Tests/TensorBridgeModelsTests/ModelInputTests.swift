import Foundation
import TensorBridge
import TensorBridgeModels
import XCTest

/// One `ModelInput` protocol: numeric arrays of every element type (variables, not only
/// literals) go through the same `Model.run(on:)`, and a conforming type's own typed error
/// survives inside `ModelError.input`.
final class ModelInputTests: XCTestCase {
  func makeModel(input: String, output: String, model: String) throws -> Model {
    let json = BundleTestSupport.twoVectorJSON(inputs: "[\(input)]", outputs: "[\(output)]")
    return try Model(contentsOf: BundleTestSupport.makeBundle(json: json, model: model, testCase: self))
  }

  func testNumericVariablesOfEveryElementTypeRunTheSameModel() throws {
    let model = try makeModel(
      input: #"{ "name": "x", "type": "array", "shape": [1] }"#,
      output: #"{ "name": "y", "type": "array", "shape": [1] }"#, model: "linear")
    let float: [Float] = [10]
    let double: [Double] = [10]
    let int: [Int] = [10]
    let int32: [Int32] = [10]
    let byte: [UInt8] = [10]
    XCTAssertEqual(try model.run(on: float)["y"]?.scalar, 19)
    XCTAssertEqual(try model.run(on: double)["y"]?.scalar, 19)
    XCTAssertEqual(try model.run(on: int)["y"]?.scalar, 19)
    XCTAssertEqual(try model.run(on: int32)["y"]?.scalar, 19)
    XCTAssertEqual(try model.run(on: byte)["y"]?.scalar, 19)
    let scalar: Float = -3.5
    XCTAssertEqual(try model.run(on: scalar)["y"]?.scalar, -8)
    let byName: [String: any ModelInput] = ["x": double]
    XCTAssertEqual(try model.run(on: byName)["y"]?.scalar, 19)
  }

  func testInt32TokensMatchTheModelValuePath() throws {
    let model = try makeModel(
      input: #"{ "name": "tokens", "type": "array", "dtype": "int32", "shape": [1, 16] }"#,
      output: #"{ "name": "probabilities", "type": "array", "shape": [1, 2] }"#, model: "token_classifier")
    let tokens: [Int32] = (0..<16).map { Int32($0 * 3 % 7) }
    let expected = try model.run(on: ModelValue(tokens.map(Double.init)))
    XCTAssertEqual(try model.run(on: tokens), expected)
    XCTAssertEqual(try model.run(on: tokens.map(UInt8.init)), expected)
    XCTAssertEqual(try model.run(on: [tokens]), expected, "a [1, 16] nesting fits the [1, 16] layer")
    XCTAssertThrowsError(try model.run(on: Array(tokens.prefix(5)))) {
      XCTAssertEqual($0 as? ModelError, .elementCount(layer: "tokens", expected: 16, actual: 5, shape: [1, 16]))
    }
  }

  func testPositionalNumbersFillEachLayer() throws {
    let model = try Model(
      contentsOf: BundleTestSupport.makeBundle(
        json: BundleTestSupport.twoVectorJSON(), model: "two_vectors", testCase: self))
    let foo: [Float] = [1, 2, 3, 4]
    let bar: [Double] = [1, 2, 3, 4, 5, 6, 7, 8]
    let byName = try model.run(on: ["foo-features": foo, "bar-features": bar])
    XCTAssertEqual(try model.run(on: [ModelValue(foo), ModelValue(bar)]), byName)
    XCTAssertThrowsError(try model.run(on: foo)) {
      XCTAssertEqual($0 as? ModelError, .inputCount(expected: 2, actual: 4, layers: ["foo-features", "bar-features"]))
    }
  }

  /// A third-party input that fails with its own error type.
  struct RefusingInput: ModelInput {
    struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
      let reason: String
      var description: String { "refused: \(reason)" }
    }

    func write(into model: Model, inputs: [Model.BoundInput]) throws(ModelError) {
      throw .input(layer: inputs.first?.layer.name ?? "", ModelInputFailure(Refusal(reason: "no")))
    }
  }

  func testAnInputsTypedErrorSurvivesWrapping() throws {
    let model = try makeModel(
      input: #"{ "name": "x", "type": "array", "shape": [1] }"#,
      output: #"{ "name": "y", "type": "array", "shape": [1] }"#, model: "linear")
    XCTAssertThrowsError(try model.run(on: RefusingInput())) { error in
      guard case ModelError.input(let layer, let failure) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(layer, "x")
      XCTAssertEqual(failure.error as? RefusingInput.Refusal, RefusingInput.Refusal(reason: "no"))
      XCTAssertEqual(failure, ModelInputFailure(RefusingInput.Refusal(reason: "no")))
      XCTAssertNotEqual(failure, ModelInputFailure(RefusingInput.Refusal(reason: "yes")))
      XCTAssertEqual("\(error)", "The value for layer 'x' is not supported: refused: no.")
    }
    XCTAssertEqual(try model.run(on: 10)["y"]?.scalar, 19, "the model still runs")
  }
}
