import Foundation
import TensorBridgeModels
import XCTest

@testable import TensorBridgeTraining

/// The batched cases of Tensor/IO's TensorIO/Tests/TFLite/TIOTFLiteModelIntegrationTests.mm
/// (doc-ai/tensorio-ios @ c41e303) on our rewrites of its bundles (Tests/Fixtures/tensorio,
/// scripts/fixtures/make_tensorio_fixtures.py).
final class TensorIOBatchedRunTests: XCTestCase {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/tensorio")

  private func bytes(_ values: [Float]) -> Data { values.withUnsafeBytes { Data($0) } }

  /// `testBatched1In1OutNumberModel`: a batch of one item `{"input": 2}` gives 25, with the
  /// value as a number, as float32 bytes and as a one-element vector.
  func testBatched1In1OutNumberModel() throws {
    let model = try Model(contentsOf: Self.folder.appendingPathComponent("1_in_1_out_number_test.tiobundle"))
    XCTAssertEqual(model.description.inputs.count, 1)
    XCTAssertEqual(model.description.outputs.count, 1)
    for value in [ModelValue.number(2), .data(bytes([2])), [2]] {
      let outputs = try model.run(Batch(item: ["input": value]))
      XCTAssertEqual(outputs.count, 1, "\(value)")
      XCTAssertEqual(outputs.first?.layers.count, 1, "\(value)")
      XCTAssertEqual(outputs.first?["output"]?.scalar, 25, "\(value)")
    }
  }

  /// `testBatched2x2VectorsModel`: one item with two vectors gives 240 and 64, from numbers and
  /// from bytes.
  func testBatched2x2VectorsModel() throws {
    let model = try Model(contentsOf: Self.folder.appendingPathComponent("2_in_2_out_vectors_test.tiobundle"))
    XCTAssertEqual(model.description.inputs.count, 2)
    XCTAssertEqual(model.description.outputs.count, 2)
    let items: [[String: ModelValue]] = [
      ["input1": [1, 2, 3, 4], "input2": [10, 20, 30, 40]],
      ["input1": .data(bytes([1, 2, 3, 4])), "input2": .data(bytes([10, 20, 30, 40]))],
    ]
    for item in items {
      let outputs = try model.run(Batch(item: item))
      XCTAssertEqual(outputs.first?.layers.count, 2)
      XCTAssertEqual(outputs.first?["output1"]?.scalar, 240)
      XCTAssertEqual(outputs.first?["output2"]?.scalar, 64)
    }
    // Several items run one after the other, each with its own outputs.
    let batch = try Batch(items: [items[0], ["input1": [2, 0, 0, 0], "input2": [0, 5, 0, 0]]])
    XCTAssertEqual(try model.run(batch).map { $0["output1"]?.scalar }, [240, 10])
    // A batch keyed by a name that is no input layer is refused, naming it.
    XCTAssertThrowsError(try model.run(Batch(item: ["input1": [1, 2, 3, 4], "x": [1]]))) { error in
      guard case .unknownLayer(let name, _)? = error as? ModelError else { return XCTFail("\(error)") }
      XCTAssertEqual(name, "x")
    }
  }
}
