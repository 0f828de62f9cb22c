import Foundation
import TensorBridge
import TensorBridgeModels
import XCTest

@testable import TFLiteFormat
@testable import TensorBridgeTraining

/// Export when two weights start from one constant, as the converter writes identical initial
/// values (two zero biases of one shape): from one buffer, or from one tensor. TensorFlow is not
/// installed here to convert such a model, so the case is made from the `conv_net` fixture by
/// rewriting its flatbuffer in place: the constant assigned to `kernel_bias` (float32 [2]) is
/// made to read `b`'s buffer (or `b`'s tensor). Export must give each weight its own bytes: the
/// exported file loads with exactly the trained weights and infers as the trained model does.
final class SharedConstantExportTests: XCTestCase, TrainingFixtureTests {
  /// The two `ASSIGN_VARIABLE` value inputs (subgraph, operator, tensor) that initialize
  /// `kernel_bias` and `b`, both float32 [2], found on the runtime as export finds them.
  struct Assignments {
    var subgraph: Int
    var first: (operatorIndex: Int, tensor: Int)
    var second: (operatorIndex: Int, tensor: Int)
  }

  func assignments(_ model: TFLiteModel) throws -> Assignments {
    let inputs = WeightExport.assignedConstants(model).filter {
      model.subgraphs[$0.subgraph].tensors[model.subgraphs[$0.subgraph].operators[$0.operatorIndex].inputs[1]].shape
        == [2]
    }
    XCTAssertEqual(inputs.count, 2, "conv_net assigns two float32 [2] constants (kernel_bias, b)")
    let first = try XCTUnwrap(inputs.first)
    let second = try XCTUnwrap(inputs.last)
    XCTAssertEqual(first.subgraph, second.subgraph)
    let operators = model.subgraphs[first.subgraph].operators
    return Assignments(
      subgraph: first.subgraph, first: (first.operatorIndex, operators[first.operatorIndex].inputs[1]),
      second: (second.operatorIndex, operators[second.operatorIndex].inputs[1]))
  }

  /// `data` with the `buffer` field of tensor `tensor` of subgraph `subgraph` set to `buffer`.
  func pointingTensor(_ data: Data, subgraph: Int, tensor: Int, atBuffer buffer: Int) throws -> Data {
    let position = try data.withUnsafeBytes { raw -> Int in
      let reader = FlatBufferReader(bytes: raw)
      let subgraphs = try XCTUnwrap(
        try reader.vector(try reader.rootTable(), slot: ModelDecoder.Slot.Model.subgraphs, elementSize: 4, ""))
      let subgraphTable = try reader.table(at: try reader.element(of: subgraphs, at: subgraph, ""), path: "")
      let tensors = try XCTUnwrap(
        try reader.vector(subgraphTable, slot: ModelDecoder.Slot.SubGraph.tensors, elementSize: 4, ""))
      let tensorTable = try reader.table(at: try reader.element(of: tensors, at: tensor, ""), path: "")
      return try XCTUnwrap(try reader.fieldPosition(tensorTable, slot: ModelDecoder.Slot.Tensor.buffer, width: 4, ""))
    }
    var patched = data
    withUnsafeBytes(of: UInt32(buffer).littleEndian) { patched.replaceSubrange(position..<(position + 4), with: $0) }
    return patched
  }

  /// `data` with input `input` of operator `operatorIndex` of subgraph `subgraph` set to `tensor`.
  func pointingInput(_ data: Data, subgraph: Int, operatorIndex: Int, input: Int, atTensor tensor: Int) throws -> Data {
    let position = try data.withUnsafeBytes { raw -> Int in
      let reader = FlatBufferReader(bytes: raw)
      let subgraphs = try XCTUnwrap(
        try reader.vector(try reader.rootTable(), slot: ModelDecoder.Slot.Model.subgraphs, elementSize: 4, ""))
      let subgraphTable = try reader.table(at: try reader.element(of: subgraphs, at: subgraph, ""), path: "")
      let operators = try XCTUnwrap(
        try reader.vector(subgraphTable, slot: ModelDecoder.Slot.SubGraph.operators, elementSize: 4, ""))
      let operatorTable = try reader.table(at: try reader.element(of: operators, at: operatorIndex, ""), path: "")
      let inputs = try XCTUnwrap(
        try reader.vector(operatorTable, slot: ModelDecoder.Slot.Operator.inputs, elementSize: 4, ""))
      return inputs.offset(of: input)
    }
    var patched = data
    withUnsafeBytes(of: Int32(tensor).littleEndian) { patched.replaceSubrange(position..<(position + 4), with: $0) }
    return patched
  }

  /// A copy of the conv_net bundle whose model file is `data`.
  func bundle(with data: Data) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tb-shared-\(UUID().uuidString).tiobundle")
    try FileManager.default.copyItem(at: Self.folder.appendingPathComponent("conv_net.tiobundle"), to: folder)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    try data.write(to: folder.appendingPathComponent("model.tflite"))
    return folder
  }

  /// Trains the bundle at `folder`, exports it, and checks the export against the trained model.
  func trainExportAndCompare(_ folder: URL, _ label: String) async throws {
    let model = try TrainableModel(contentsOf: folder)
    let initial = try await model.weights()
    XCTAssertEqual(initial["kernel_bias"]?.floatValues(), initial["b"]?.floatValues(), "\(label): one start")
    for try await _ in model.train(dataSource: try data("conv_net"), epochs: 2, batchSize: 4) {}
    let trained = try await model.weights()
    XCTAssertNotEqual(
      trained["kernel_bias"]?.floatValues(), trained["b"]?.floatValues(), "\(label): the two weights diverge")
    let exportedFolder = try bundle(with: Data())
    try await model.export(to: exportedFolder.appendingPathComponent("model.tflite"))
    let exported = try TrainableModel(contentsOf: exportedFolder)
    let weights = try await exported.weights()
    XCTAssertEqual(Set(weights.keys), Set(trained.keys), label)
    for (name, tensor) in trained {
      XCTAssertEqual(weights[name]?.floatValues(), tensor.floatValues(), "\(label): \(name)")
    }
    let all = try data("conv_net")
    let probe = try Batch(keys: ["x"], items: (0..<2).map { ["x": try XCTUnwrap(all[$0]["x"])] })
    let expected = try await model.infer(probe)["output"]
    let actual = try await exported.infer(probe)["output"]
    XCTAssertEqual(actual, expected, label)
    XCTAssertNotNil(actual, label)
  }

  /// Two weight tensors read one buffer.
  func testWeightsStartingFromOneBufferExportEachTheirOwn() async throws {
    let original = try Data(contentsOf: Self.folder.appendingPathComponent("conv_net.tiobundle/model.tflite"))
    let found = try assignments(try TFLiteModel(data: original))
    let source = try TFLiteModel(data: original).subgraphs[found.subgraph].tensors[found.second.tensor]
    let shared = try pointingTensor(
      original, subgraph: found.subgraph, tensor: found.first.tensor, atBuffer: source.bufferIndex)
    let model = try TFLiteModel(data: shared)
    XCTAssertEqual(
      model.subgraphs[found.subgraph].tensors[found.first.tensor].bufferIndex, source.bufferIndex,
      "the case is made: two assigned constants read one buffer")
    try await trainExportAndCompare(try bundle(with: shared), "one buffer")
  }

  /// Two assignments read one tensor.
  func testWeightsStartingFromOneTensorExportEachTheirOwn() async throws {
    let original = try Data(contentsOf: Self.folder.appendingPathComponent("conv_net.tiobundle/model.tflite"))
    let found = try assignments(try TFLiteModel(data: original))
    let shared = try pointingInput(
      original, subgraph: found.subgraph, operatorIndex: found.first.operatorIndex, input: 1,
      atTensor: found.second.tensor)
    let model = try TFLiteModel(data: shared)
    XCTAssertEqual(
      model.subgraphs[found.subgraph].operators[found.first.operatorIndex].inputs[1], found.second.tensor,
      "the case is made: two assignments read one tensor")
    try await trainExportAndCompare(try bundle(with: shared), "one tensor")
  }

  /// The rewrite alone: the copies are new tensors and buffers; the model computes the same.
  func testGivingOwnConstantsKeepsTheModel() throws {
    let original = try Data(contentsOf: Self.folder.appendingPathComponent("conv_net.tiobundle/model.tflite"))
    let model = try TFLiteModel(data: original)
    let inputs = WeightExport.assignedConstants(model)
    XCTAssertEqual(inputs.count, 4)
    let rewritten = try TFLiteModel(data: try model.givingOwnConstants(to: inputs))
    XCTAssertEqual(rewritten.buffers.count, model.buffers.count + 4)
    for input in inputs {
      let before = model.subgraphs[input.subgraph]
      let after = rewritten.subgraphs[input.subgraph]
      let old = before.tensors[before.operators[input.operatorIndex].inputs[input.input]]
      let new = after.tensors[after.operators[input.operatorIndex].inputs[input.input]]
      XCTAssertEqual(new.name, old.name)
      XCTAssertEqual(new.shape, old.shape)
      XCTAssertGreaterThanOrEqual(new.bufferIndex, model.buffers.count)
      let oldRange = try XCTUnwrap(model.buffers[old.bufferIndex].byteRange)
      let newRange = try XCTUnwrap(rewritten.buffers[new.bufferIndex].byteRange)
      XCTAssertEqual(rewritten.data[newRange], model.data[oldRange])
    }
    XCTAssertThrowsError(try model.givingOwnConstants(to: [ConstantInput(subgraph: 0, operatorIndex: 999, input: 0)])) {
      error in
      guard case .notAConstantInput? = error as? ConstantCopyError else { return XCTFail("\(error)") }
    }
  }
}
