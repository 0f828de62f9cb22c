import Foundation
import TensorBridge
import TensorBridgeModels
import XCTest

/// `Model` over a model LiteRT prepares only once its dynamic inputs are sized
/// (Tests/Fixtures/dynamic/sized_at_run.tflite): nested arrays give the sizes, and the outputs
/// match Python LiteRT's.
final class SizedAtRunModelTests: XCTestCase {
  struct Reference: Decodable {
    struct Input: Decodable {
      let name: String
      let data: [Float]
    }
    struct Output: Decodable {
      let shape: [Int]
      let data: [Float]
    }
    struct Case: Decodable {
      let inputs: [Input]
      let output: Output
    }
    let cases: [Case]
    let tolerance: Float
  }

  static let directory = BundleTestSupport.fixtures.appendingPathComponent("dynamic")

  func testNestedArraysSizeTheInputsThenTheOutputsMatchPython() throws {
    let reference = try JSONDecoder().decode(
      Reference.self, from: Data(contentsOf: Self.directory.appendingPathComponent("sized_at_run.reference.json")))
    for testCase in reference.cases {
      let model = try Model(contentsOf: Self.directory.appendingPathComponent("sized_at_run.tflite"))
      var inputs: [String: any ModelInput] = [:]
      for input in testCase.inputs {
        // serving_default_a:0 is the signature's `a`.
        let layer = String(input.name.dropFirst("serving_default_".count).prefix { $0 != ":" })
        inputs[layer] = [input.data]
      }
      // By layer name, and (on a fresh model) positionally in layer order.
      let positional: [[[Float]]] = model.description.inputs.compactMap { layer in
        testCase.inputs.first { $0.name == "serving_default_\(layer.name):0" }.map { [$0.data] }
      }
      XCTAssertEqual(positional.count, 2)
      let fresh = try Model(contentsOf: Self.directory.appendingPathComponent("sized_at_run.tflite"))
      for outputs in [try model.run(on: inputs), try fresh.run(on: positional)] {
        let layer = try XCTUnwrap(outputs.layers.first)
        XCTAssertEqual(layer.shape, testCase.output.shape)
        XCTAssertEqual(layer.values.count, testCase.output.data.count)
        for (swift, python) in zip(layer.values, testCase.output.data) {
          XCTAssertEqual(Float(swift), python, accuracy: reference.tolerance)
        }
      }
    }
  }
}
