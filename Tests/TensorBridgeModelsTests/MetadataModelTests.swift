import Foundation
import TensorBridge
import TensorBridgeModels
import XCTest

/// Zero-config models: a `.tflite` with TFLite metadata runs labelled with no JSON at all, and
/// where a `model.json` exists too, the JSON wins field by field.
///
/// Tolerances: float model 1e-5; uint8 model one output quantization step (1/256) plus 1e-6.
final class MetadataModelTests: XCTestCase {
  struct Reference: Decodable {
    struct Output: Decodable {
      let values: [Float]
      let labels: [String: Float]
    }
    struct Case: Decodable {
      let inputs: [String: [Double]]
      let outputs: [String: Output]
      let tensor_inputs: [String: [Double]]
    }
    let labelled_cases: [Case]
  }

  func reference(_ name: String) throws -> Reference {
    let url = BundleTestSupport.fixtures.appendingPathComponent("models/\(name).reference.json")
    return try JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
  }

  func testMetadataModelsRunLabelledWithoutJSON() throws {
    for (name, tolerance) in [
      ("metadata_classifier", Float(1e-5)), ("metadata_classifier_uint8", Float(1.0 / 256 + 1e-6)),
    ] {
      let model = try Model(contentsOf: BundleTestSupport.model(name))
      XCTAssertEqual(model.description.name, "TensorBridge metadata classifier")
      XCTAssertEqual(model.description.author, "TensorBridge")
      XCTAssertEqual(model.description.license, "Apache-2.0")
      XCTAssertEqual(model.description.inputs.map(\.name), ["features"])
      XCTAssertEqual(model.description.outputs.map(\.name), ["probabilities"])
      XCTAssertEqual(model.description.outputs[0].labels, ["apple", "banana", "cherry"])
      let reference = try reference(name)
      XCTAssertFalse(reference.labelled_cases.isEmpty)
      for testCase in reference.labelled_cases {
        let outputs = try model.run(on: testCase.inputs.mapValues { ModelValue($0) })
        // The normalized (and for uint8, quantized) values LiteRT saw.
        let seen = try XCTUnwrap(model.interpreter.input(at: 0).floatValues())
        for (a, b) in zip(seen, try XCTUnwrap(testCase.tensor_inputs["features"])) {
          XCTAssertEqual(Double(a), b, accuracy: 1e-5, "\(name) tensor input")
        }
        let probabilities = try XCTUnwrap(outputs["probabilities"])
        let expected = try XCTUnwrap(testCase.outputs["probabilities"])
        for (a, b) in zip(probabilities.values, expected.values) { XCTAssertEqual(a, b, accuracy: tolerance, name) }
        for (label, value) in expected.labels {
          XCTAssertEqual(probabilities.labelled?[label] ?? .nan, value, accuracy: tolerance, "\(name) \(label)")
        }
      }
    }
  }

  func testJSONWinsFieldByFieldOverMetadata() throws {
    let outputs = #"[{ "name": "probabilities", "type": "array", "shape": [1, 3] }]"#
    let inputs = #"[{ "name": "features", "type": "array", "shape": [1, 4] }]"#
    // No labels or transform in the JSON: both come from the metadata.
    let inherited = try Model(
      contentsOf: BundleTestSupport.makeBundle(
        json: BundleTestSupport.twoVectorJSON(inputs: inputs, outputs: outputs), model: "metadata_classifier",
        testCase: self))
    XCTAssertEqual(inherited.description.name, "Example Model", "top-level fields come from the JSON")
    XCTAssertEqual(inherited.description.outputs[0].labels, ["apple", "banana", "cherry"])
    XCTAssertNotNil(inherited.description.inputs[0].quantize)
    let withMetadata = try Model(contentsOf: BundleTestSupport.model("metadata_classifier"))
    let input: ModelValue = [0.5, 1, -1, 2]
    XCTAssertEqual(try inherited.run(on: input), try withMetadata.run(on: input))

    // The JSON's own labels and transform replace the metadata's.
    let overriding = try Model(
      contentsOf: BundleTestSupport.makeBundle(
        json: BundleTestSupport.twoVectorJSON(
          inputs: #"[{ "name": "features", "type": "array", "shape": [1, 4], "quantize": { "scale": 1, "bias": 0 } }]"#,
          outputs: #"[{ "name": "probabilities", "type": "array", "shape": [1, 3], "labels": "mine.txt" }]"#),
        model: "metadata_classifier", assets: ["mine.txt": Data("x\ny\nz\n".utf8)], testCase: self))
    XCTAssertEqual(overriding.description.outputs[0].labels, ["x", "y", "z"])
    XCTAssertEqual(overriding.description.inputs[0].quantize, AffineTransform(scale: 1, bias: 0))
    _ = try overriding.run(on: input)
    XCTAssertEqual(try overriding.interpreter.input(at: 0).values(as: Float.self), [0.5, 1, -1, 2])
  }

  func testBundleInitFromMetadataWritesLabelsAndTransforms() throws {
    let bundle = try ModelBundle(modelFile: BundleTestSupport.model("metadata_classifier"))
    let text = bundle.description.jsonText()
    XCTAssertTrue(text.contains(#""labels": "labels.txt""#), text)
    XCTAssertTrue(text.contains(#""quantize": { "scale": [0.5, 2, 1, 0.25], "bias": [-0.5, -1, 1, -2] }"#), text)
  }

  func testModelsWithoutMetadataAreDescribedFromTensors() throws {
    let model = try Model(contentsOf: BundleTestSupport.model("two_vectors_uint8"))
    XCTAssertEqual(model.description.inputs.map(\.name), ["foo_features", "bar_features"])
    XCTAssertTrue(model.description.model.quantized)
    // Float values in, float values out: the tensors' own quantization applies.
    let outputs = try model.run(on: [
      "foo_features": [0.1, 0.2, 0.3, 0.4], "bar_features": [-0.1, 0.2, 0.3, 0.4, -0.5, 0.6, -0.7, 0.8],
    ])
    let float = try Model(contentsOf: BundleTestSupport.model("two_vectors"))
    let expected = try float.run(on: [
      "foo_features": [0.1, 0.2, 0.3, 0.4], "bar_features": [-0.1, 0.2, 0.3, 0.4, -0.5, 0.6, -0.7, 0.8],
    ])
    for name in ["baz_outputs", "qux_outputs"] {
      for (a, b) in zip(try XCTUnwrap(outputs[name]?.values), try XCTUnwrap(expected[name]?.values)) {
        XCTAssertEqual(a, b, accuracy: 0.05, "quantized model approximates the float one (\(name))")
      }
    }
  }
}
