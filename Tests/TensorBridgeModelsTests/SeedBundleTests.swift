import Foundation
import TensorBridge
import TensorBridgeModels
import XCTest

/// Every Tensor/IO seed example, as a bundle whose model.json is copied from the seed as-is,
/// gives the values Python LiteRT gives after the same math (references written by
/// scripts/fixtures/make_fixtures.py).
///
/// Tolerances: float models within 1e-5; quantized models within one output quantization step
/// plus 1e-6 (LiteRT may pick kernels by CPU type; in practice results are identical).
final class SeedBundleTests: XCTestCase {
  struct Reference: Decodable {
    struct Output: Decodable {
      let values: [Float]
      let labels: [String: Float]?
    }
    struct Case: Decodable {
      let inputs: [String: [Double]]
      let outputs: [String: Output]
    }
    let bundle: String
    let cases: [Case]
  }

  func check(_ name: String, tolerance: Float, file: StaticString = #filePath, line: UInt = #line) throws -> Model {
    let url = BundleTestSupport.fixtures.appendingPathComponent("bundles/\(name).reference.json")
    let reference = try JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    let model = try Model(contentsOf: BundleTestSupport.bundle(name))
    XCTAssertGreaterThanOrEqual(reference.cases.count, 2, file: file, line: line)
    for (number, testCase) in reference.cases.enumerated() {
      let outputs = try model.run(on: testCase.inputs.mapValues { ModelValue($0) })
      XCTAssertEqual(Set(outputs.layers.map(\.name)), Set(testCase.outputs.keys), file: file, line: line)
      for (layer, expected) in testCase.outputs {
        let actual = try XCTUnwrap(outputs[layer], file: file, line: line)
        XCTAssertEqual(
          actual.values.count, expected.values.count, "\(name) case \(number) \(layer)", file: file, line: line)
        for (index, (a, b)) in zip(actual.values, expected.values).enumerated() {
          XCTAssertEqual(a, b, accuracy: tolerance, "\(name) case \(number) \(layer)[\(index)]", file: file, line: line)
        }
        if let labels = expected.labels {
          let labelled = try XCTUnwrap(actual.labelled, file: file, line: line)
          XCTAssertEqual(Set(labelled.keys), Set(labels.keys), file: file, line: line)
          for (label, value) in labels {
            XCTAssertEqual(
              labelled[label] ?? .nan, value, accuracy: tolerance, "\(name) \(label)", file: file, line: line)
          }
        }
      }
    }
    return model
  }

  func testTwoVectorExample() throws {
    let model = try check("two-vectors", tolerance: 1e-5)
    XCTAssertEqual(model.description.name, "Example Model")
    XCTAssertEqual(model.description.options.devicePosition, "back")
    XCTAssertEqual(model.description.options.outputFormat, "image.classification.nodecay")
  }

  func testQuantizedExampleWithStandardRanges() throws {
    let model = try check("two-vectors-quantized", tolerance: 1.0 / 255 + 1e-6)
    XCTAssertTrue(model.description.model.quantized)
    XCTAssertEqual(model.description.inputs[0].quantize, .quantize(.zeroToOne))
    XCTAssertEqual(model.description.inputs[1].quantize, .quantize(.minusOneToOne))
    XCTAssertEqual(model.description.outputs[1].dequantize, .dequantize(.minusOneToOne))
  }

  func testLabelsExample() throws {
    let model = try check("labels", tolerance: 1e-5)
    XCTAssertEqual(model.description.outputs[0].labels, ["pedestrian", "car", "motorcycle"])
    let outputs = try model.run(on: [0.5, 0.1, -0.3, 0.9])
    let best = try XCTUnwrap(outputs["classification-output"]?.top(1).first)
    XCTAssertEqual(best.label, ["pedestrian", "car", "motorcycle"][best.index])
  }

  func testScalarOutputsExample() throws {
    let model = try check("scalar", tolerance: 1e-5)
    let outputs = try model.run(on: [1, 2, 3, 4])
    XCTAssertNotNil(outputs["scalar-output"]?.scalar)
    XCTAssertNil(outputs["vector-output"]?.scalar)
    XCTAssertEqual(outputs["vector-output"]?.values.count, 4)
  }

  func testSeedQuantizationRoundsHalfAwayFromZeroAndClamps() throws {
    // 0.1 * 255 = 25.5 → 26 (Tensor/IO truncates to 25); out-of-range values clamp, not wrap.
    let model = try Model(contentsOf: BundleTestSupport.bundle("two-vectors-quantized"))
    _ = try model.run(on: [
      "foo-features": [0.1, 0.3, 2.0, -1.0], "bar-features": ModelValue([Double](repeating: 3, count: 8)),
    ])
    let foo = try model.interpreter.input(at: 0).values(as: UInt8.self)
    XCTAssertEqual(foo, [26, 77, 255, 0])
    XCTAssertEqual(try model.interpreter.input(at: 1).values(as: UInt8.self), [UInt8](repeating: 255, count: 8))
  }
}
