import Foundation
import TensorBridge
import XCTest

@testable import TensorBridgeModels

/// The vector, matrix and tensor cases of Tensor/IO's
/// TensorIO/Tests/TFLite/TIOTFLiteModelIntegrationTests.mm (doc-ai/tensorio-ios @ c41e303), on
/// our rewrites of its test bundles (Tests/Fixtures/tensorio, made by
/// scripts/fixtures/make_tensorio_fixtures.py: models computing what Tensor/IO's notebooks
/// compute). The expected values are Tensor/IO's own, and equal Python LiteRT's in
/// tensorio.reference.json. Each test names the method it reproduces.
final class TensorIOIntegrationTests: XCTestCase {
  private func model(_ name: String) throws -> Model {
    try Model(contentsOf: TensorIOConformanceTests.bundle("\(name).tiobundle"))
  }

  /// Python LiteRT's output `key` of reference run `run`.
  private func reference(_ run: String, _ key: String) throws -> [Float] {
    let data = try Data(
      contentsOf: TensorIOConformanceTests.folder.appendingPathComponent("tensorio.reference.json"))
    let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let entry = try XCTUnwrap((root["runs"] as? [String: Any])?[run] as? [String: Any], run)
    return try XCTUnwrap(entry[key] as? [Double], "\(run).\(key)").map(Float.init)
  }

  private func bytes(_ values: [Float]) -> Data { values.withUnsafeBytes { Data($0) } }

  /// `test1x1VectorsModel`: [1, 2, 3, 4] → [2, 2, 4, 4], from numbers and from float32 bytes.
  /// The layer declares shape [4] over a [1, 4] tensor (the batch dimension left out).
  func test1x1VectorsModel() throws {
    let model = try model("1_in_1_out_vectors_test")
    XCTAssertEqual(model.description.inputs.count, 1)
    XCTAssertEqual(model.description.outputs.count, 1)
    let expected: [Float] = [2, 2, 4, 4]
    XCTAssertEqual(try reference("1_in_1_out_vectors_test", "output"), expected)
    let vector = try model.run(on: [Float]([1, 2, 3, 4]))
    XCTAssertEqual(vector.layers.count, 1)
    XCTAssertEqual(vector["output"]?.values, expected)
    let fromBytes = try model.run(on: ModelValue.data(bytes([1, 2, 3, 4])))
    XCTAssertEqual(fromBytes.layers.count, 1)
    XCTAssertEqual(fromBytes["output"]?.values, expected)
  }

  /// `test2x2VectorsModel`: two [1, 4] inputs give output1 = 240 and output2 = 64, from
  /// positional numbers, positional bytes and a dictionary.
  func test2x2VectorsModel() throws {
    let model = try model("2_in_2_out_vectors_test")
    XCTAssertEqual(model.description.inputs.count, 2)
    XCTAssertEqual(model.description.outputs.count, 2)
    XCTAssertEqual(try reference("2_in_2_out_vectors_test", "output1"), [240])
    XCTAssertEqual(try reference("2_in_2_out_vectors_test", "output2"), [64])
    let runs = [
      try model.run(on: ModelValue.array([[1, 2, 3, 4], [10, 20, 30, 40]])),
      try model.run(on: [ModelValue.data(bytes([1, 2, 3, 4])), ModelValue.data(bytes([10, 20, 30, 40]))]),
      try model.run(on: [
        "input1": ModelValue([1, 2, 3, 4] as [Float]), "input2": ModelValue([10, 20, 30, 40] as [Float]),
      ]),
    ]
    for (index, outputs) in runs.enumerated() {
      XCTAssertEqual(outputs.layers.count, 2, "run \(index)")
      XCTAssertEqual(outputs["output1"]?.scalar, 240, "run \(index)")
      XCTAssertEqual(outputs["output2"]?.scalar, 64, "run \(index)")
    }
  }

  /// `test2x2MatricesModel`: two 4×4 matrices, from positional numbers and positional bytes.
  /// (Tensor/IO's byte half checks the number run's results again; here it checks its own.)
  func test2x2MatricesModel() throws {
    let model = try model("2_in_2_out_matrices_test")
    XCTAssertEqual(model.description.inputs.count, 2)
    XCTAssertEqual(model.description.outputs.count, 2)
    let expected1: [Float] = [
      56, 72, 56, 72, 5600, 7200, 5600, 7200, 560_000, 720_000, 560_000, 720_000,
      56_000_000, 72_000_000, 56_000_000, 72_000_000,
    ]
    let expected2: [Float] = [18, 18, 18, 18, 180, 180, 180, 180, 1800, 1800, 1800, 1800, 18000, 18000, 18000, 18000]
    XCTAssertEqual(try reference("2_in_2_out_matrices_test", "output1"), expected1)
    XCTAssertEqual(try reference("2_in_2_out_matrices_test", "output2"), expected2)
    let input1: [Float] = [1, 2, 3, 4, 10, 20, 30, 40, 100, 200, 300, 400, 1000, 2000, 3000, 4000]
    let input2: [Float] = [5, 6, 7, 8, 50, 60, 70, 80, 500, 600, 700, 800, 5000, 6000, 7000, 8000]
    let runs = [
      try model.run(on: ModelValue.array([ModelValue(input1), ModelValue(input2)])),
      try model.run(on: [ModelValue.data(bytes(input1)), ModelValue.data(bytes(input2))]),
    ]
    for (index, outputs) in runs.enumerated() {
      XCTAssertEqual(outputs.layers.count, 2, "run \(index)")
      XCTAssertEqual(outputs["output1"]?.values, expected1, "run \(index)")
      XCTAssertEqual(outputs["output2"]?.values, expected2, "run \(index)")
    }
  }

  /// `test3x3MatricesModel` (its bundle is 1_in_1_out_tensors_test): a 3×3×3 tensor whose
  /// slices get 1, 2 and 3 added, from numbers and from bytes.
  func test3x3MatricesModel() throws {
    let model = try model("1_in_1_out_tensors_test")
    XCTAssertEqual(model.description.inputs.count, 1)
    XCTAssertEqual(model.description.outputs.count, 1)
    let expected: [Float] = [
      2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 22, 32, 42, 52, 62, 72, 82, 92,
      103, 203, 303, 403, 503, 603, 703, 803, 903,
    ]
    XCTAssertEqual(try reference("1_in_1_out_tensors_test", "output"), expected)
    let input: [Float] = [
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 30, 40, 50, 60, 70, 80, 90,
      100, 200, 300, 400, 500, 600, 700, 800, 900,
    ]
    let vector = try model.run(on: input)
    XCTAssertEqual(vector.layers.count, 1)
    XCTAssertEqual(vector["output"]?.values, expected)
    XCTAssertEqual(vector["output"]?.shape, [3, 3, 3])
    let fromBytes = try model.run(on: ModelValue.data(bytes(input)))
    XCTAssertEqual(fromBytes["output"]?.values, expected)
  }

  /// The bytes of a [4]-layer must be 16 bytes: a short buffer is refused, naming the layer.
  func testVectorBytesOfTheWrongLengthNameTheLayer() throws {
    let model = try model("1_in_1_out_vectors_test")
    XCTAssertThrowsError(try model.run(on: ModelValue.data(bytes([1, 2, 3])))) { error in
      XCTAssertTrue(String(describing: error).contains("input"), "\(error)")
    }
  }
}
