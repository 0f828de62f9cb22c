import Foundation
import TensorBridgeMLKit
import TestSupport
import XCTest

/// Seed 003 (the Tensor/IO iOS README), its bundle flow transcribed: open a `.tiobundle`
/// ("Using Model Bundles"), run it on native values as an array or a dictionary keyed by layer
/// name ("Basic Usage", "The Inputs Field"), and read the labelled output ("The Labels Field":
/// the self-driving car example, whose model.json fragment labels.tiobundle embeds as-is).
/// Checked against Tests/Fixtures/bundles/labels.reference.json (Python LiteRT); a comment marks
/// every changed line.
final class Seed003TensorIOBundleTests: XCTestCase {
  private struct Reference: Decodable {
    struct Output: Decodable {
      let values: [Float]
      let labels: [String: Float]
    }
    struct Case: Decodable {
      let inputs: [String: [Float]]
      let outputs: [String: Output]
    }
    let cases: [Case]
  }

  private static let tolerance: Float = 1e-5
  private let path = TestPaths.fixtures.appendingPathComponent("bundles/labels.tiobundle").path

  private func reference() throws -> Reference {
    let url = TestPaths.fixtures.appendingPathComponent("bundles/labels.reference.json")
    return try JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
  }

  /// "Using Model Bundles": `[[TIOModelBundle alloc] initWithPath:path]`, then `[bundle newModel]`
  /// as a factory; each call gives a new model instance.
  func testTheBundleIsAModelFactory() throws {
    let bundle = try ModelBundle(contentsOf: URL(fileURLWithPath: path))  // Changed: was TIOModelBundle(path:)
    let model = try Model(bundle: bundle)  // Changed: was bundle.newModel()
    let another = try Model(bundle: bundle)  // Changed: was bundle.newModel()
    XCTAssertFalse(model === another, "each call produces a new model instance")
    XCTAssertEqual(
      bundle.description.outputs.first?.labels, ["pedestrian", "car", "motorcycle"],
      "labels.txt's trailing newline is not a fourth label")
  }

  /// "Basic Usage" with "The Labels Field": run on an array of numbers, and the labelled layer
  /// comes back as label → value.
  func testTheLabelsExampleRunsOnNativeValues() throws {
    let model = try Model(contentsOf: URL(fileURLWithPath: path))  // Changed: was TIOTFLiteModel.withBundleAtPath(path)!
    for testCase in try reference().cases {
      let features = try XCTUnwrap(testCase.inputs["features"])
      let expected = try XCTUnwrap(testCase.outputs["classification-output"])

      // NSArray *input = @[ ... ]; NSDictionary *inference = (NSDictionary *)[model runOn:input];
      let input = features  // Changed: was an NSArray of NSNumbers
      let inference = try model.run(on: input)  // Changed: returns typed outputs, not an NSDictionary to cast
      // NSDictionary<NSString*, NSNumber*> *classifications = inference[@"classification-output"];
      let classifications = try XCTUnwrap(inference["classification-output"]?.labelled)  // Changed: `.labelled`, not a cast
      XCTAssertEqual(Set(classifications.keys), Set(expected.labels.keys))
      for (label, value) in expected.labels {
        XCTAssertEqual(classifications[label] ?? .nan, value, accuracy: Self.tolerance, label)  // classifications[@"car"] == 0.75
      }
      let values = try XCTUnwrap(inference["classification-output"]?.values)
      XCTAssertEqual(values.count, expected.values.count)
      for (actual, wanted) in zip(values, expected.values) { XCTAssertEqual(actual, wanted, accuracy: Self.tolerance) }

      // The README's Swift example: `(inference["classification"] as! NSDictionary).topN(5, threshold: 0.1)`.
      let classification = try XCTUnwrap(inference["classification-output"]).top(5, threshold: 0.1)  // Changed: no force casts
      let wanted = expected.labels.filter { $0.value >= 0.1 }.sorted { $0.value > $1.value }
      XCTAssertEqual(classification.compactMap(\.label), wanted.map(\.key))
    }
  }

  /// "The Inputs Field": the same inputs as a dictionary keyed by layer name.
  func testADictionaryOfInputsByLayerName() throws {
    let model = try Model(contentsOf: URL(fileURLWithPath: path))  // Changed: was TIOTFLiteModel.withBundleAtPath(path)!
    for testCase in try reference().cases {
      let features = try XCTUnwrap(testCase.inputs["features"])
      // NSDictionary *dictionaryInputs = @{ @"features": vectorInput }; [model runOn:dictionaryInputs];
      let dictionaryInputs: [String: any ModelInput] = ["features": features]  // Changed: a typed dictionary
      let inference = try model.run(on: dictionaryInputs)
      let classifications = try XCTUnwrap(inference["classification-output"]?.labelled)
      for (label, value) in try XCTUnwrap(testCase.outputs["classification-output"]).labels {
        XCTAssertEqual(classifications[label] ?? .nan, value, accuracy: Self.tolerance, label)
      }
    }
    // Tensor/IO matched inputs by name and failed at run time on a wrong one; TensorBridge
    // throws an error naming the layer.
    XCTAssertThrowsError(try model.run(on: ["feature": [Float](repeating: 0, count: 4)] as [String: any ModelInput]))
  }
}
