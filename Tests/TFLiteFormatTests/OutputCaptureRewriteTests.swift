import Foundation
import Testing

@testable import TFLiteFormat

/// `TFLiteModel.capturingDynamicOutputs()`: which outputs move to the capture operator, and that
/// everything else in the file survives the rewrite unchanged.
@Suite("Output capture rewrite")
struct OutputCaptureRewriteTests {
  static func fixture(_ stem: String) throws -> TFLiteModel {
    let url = RealModels.fixturesDirectory.appendingPathComponent("\(stem).tflite")
    return try TFLiteModel(data: Data(contentsOf: url))
  }

  @Test("boolean_mask: the data-dependent output moves to one capture operator")
  func booleanMask() throws {
    let original = try Self.fixture("boolean_mask")
    let rewrite = try #require(try original.capturingDynamicOutputs())
    #expect(
      rewrite.captures == [
        CapturedOutput(
          captureID: 0, subgraphIndex: 0, outputPosition: 0, tensorIndex: original.subgraphs[0].outputs[0],
          name: "PartitionedCall:0", type: .float32, signatureNames: ["serving_default": "positives"])
      ])

    let model = try TFLiteModel(data: rewrite.data)
    let main = model.subgraphs[0]
    #expect(main.outputs.isEmpty)
    #expect(main.inputs == original.subgraphs[0].inputs)
    #expect(model.signatures[0].outputs.isEmpty)
    #expect(model.signatures[0].inputs == original.signatures[0].inputs)

    // The appended operators, in order, end with the capture operator over (header, data).
    let added = main.operators.dropFirst(original.subgraphs[0].operators.count).map {
      model.operatorCode(of: $0)?.name ?? "?"
    }
    #expect(
      added == [
        "CAST", "SHAPE", "CONCATENATION", "RESHAPE", "CAST", "CONCATENATION",
        OutputCaptureRewrite.operatorName(forCapture: 0),
      ])
    let capture = try #require(main.operators.last)
    #expect(capture.inputs.count == 2 && capture.outputs.isEmpty)
    let header = main.tensors[capture.inputs[0]]
    let data = main.tensors[capture.inputs[1]]
    #expect(header.type == .int32 && header.shape == [2])
    #expect(data.type == .float32 && data.shapeSignature == [-1])
    #expect(model.operatorCodes.last?.customCode == OutputCaptureRewrite.operatorName(forCapture: 0))
    #expect(model.operatorCodes.last?.version == OutputCaptureRewrite.operatorVersion)
    try expectUntouched(original, model, rewrite)
  }

  @Test(
    "Models whose outputs all have static shapes are not rewritten",
    arguments: [
      "linear", "two_vectors", "two_vectors_int8", "token_classifier", "two_signatures",
      "float16_weights", "vector_and_scalar", "metadata_classifier", "with_metadata",
    ])
  func staticOutputs(stem: String) throws {
    #expect(try Self.fixture(stem).capturingDynamicOutputs() == nil)
  }

  /// In a subgraph with a dynamic tensor every capturable output is captured, static shape or
  /// not: TensorFlow Lite may compute a static output like `count` at run time outside its
  /// bound buffer (corpus case `boolean_mask`, whose `count` LiteRT returned as garbage).
  @Test("Signatures: only the signature whose subgraph has a dynamic tensor changes, all its outputs")
  func signatures() throws {
    let original = try Self.fixture("dynamic_signatures")
    let rewrite = try #require(try original.capturingDynamicOutputs())
    let model = try TFLiteModel(data: rewrite.data)
    let select = try #require(original.signatures.first { $0.key == "select" })
    let names = rewrite.captures.map { $0.signatureNames["select"] ?? "" }
    #expect(Set(names) == ["indices", "selected", "count"])
    #expect(rewrite.captures.allSatisfy { $0.subgraphIndex == select.subgraphIndex })
    #expect(Set(rewrite.captures.map(\.captureID)) == [0, 1, 2])
    #expect(rewrite.captures.map(\.outputPosition) == [0, 1, 2])

    let newSelect = try #require(model.signatures.first { $0.key == "select" })
    #expect(newSelect.outputs.isEmpty)
    #expect(model.subgraphs[select.subgraphIndex].outputs.isEmpty)
    // The other signature and its subgraph are the original objects.
    let double = try #require(original.signatures.first { $0.key == "double" })
    #expect(model.signatures.first { $0.key == "double" } == double)
    #expect(
      model.subgraphs[double.subgraphIndex].operators.count == original.subgraphs[double.subgraphIndex].operators.count)
    try expectUntouched(original, model, rewrite)
  }

  @Test("Buffer offsets counted from the start of the file move with the old bytes")
  func bufferOffsets() throws {
    let original = try Self.fixture("buffer_offset")
    #expect(original.buffers.contains { $0.isOutOfLine })
    let rewrite = try #require(try original.capturingDynamicOutputs())
    let model = try TFLiteModel(data: rewrite.data)
    let shift = rewrite.data.count - original.byteCount
    #expect(shift > 0 && shift % 64 == 0)
    for (index, buffer) in original.buffers.enumerated() where buffer.isOutOfLine {
      let moved = try #require(model.buffers[index].byteRange)
      #expect(moved.lowerBound == (buffer.byteRange?.lowerBound ?? -1) + shift, "buffers[\(index)]")
      #expect(model.bufferData(at: index) == original.bufferData(at: index), "buffers[\(index)]")
    }
    #expect(Set(rewrite.captures.map(\.name)).count == 2)
    try expectUntouched(original, model, rewrite)
  }

  @Test("Every element type the capture operator carries, and a rank-2 output")
  func captureTypes() throws {
    let original = try Self.fixture("capture_types")
    let rewrite = try #require(try original.capturingDynamicOutputs())
    #expect(Set(rewrite.captures.map(\.type)) == [.bool, .int8, .uint8, .int16, .int32, .int64, .float16, .float32])
    #expect(rewrite.captures.count == original.subgraphs[0].outputs.count)
    let model = try TFLiteModel(data: rewrite.data)
    // An int32 output reuses its id as padding: one CAST fewer.
    let appended = model.subgraphs[0].operators.count - original.subgraphs[0].operators.count
    #expect(appended == 7 * rewrite.captures.count - 1)
    try expectUntouched(original, model, rewrite)
  }

  @Test(
    "Every fixture that is rewritten verifies and keeps its original objects",
    arguments: RealModels.paths)
  func everyFixture(path: String) throws {
    let original = try TFLiteModel(data: Data(contentsOf: URL(fileURLWithPath: path)))
    guard let rewrite = try original.capturingDynamicOutputs() else { return }
    let model = try TFLiteModel(data: rewrite.data)
    try expectUntouched(original, model, rewrite)
    // Once captured, nothing is left to capture.
    #expect(try model.capturingDynamicOutputs() == nil)
  }

  /// Every part of `original` the rewrite does not change is in `model` as it was.
  private func expectUntouched(_ original: TFLiteModel, _ model: TFLiteModel, _ rewrite: OutputCaptureRewrite) throws {
    #expect(model.version == original.version)
    #expect(model.description == original.description)
    #expect(model.metadata == original.metadata)
    for entry in original.metadata {
      #expect(model.metadata(named: entry.name) == original.metadata(named: entry.name), "metadata \(entry.name)")
    }
    #expect(Array(model.operatorCodes.prefix(original.operatorCodes.count)) == original.operatorCodes)
    #expect(model.buffers.count >= original.buffers.count)
    for index in original.buffers.indices {
      #expect(model.bufferData(at: index) == original.bufferData(at: index), "buffers[\(index)]")
    }
    #expect(model.subgraphs.count == original.subgraphs.count)
    for (index, (new, old)) in zip(model.subgraphs, original.subgraphs).enumerated() {
      #expect(new.name == old.name)
      #expect(new.inputs == old.inputs)
      #expect(Array(new.tensors.prefix(old.tensors.count)) == old.tensors, "subgraphs[\(index)].tensors")
      let kept = old.operators.map(Self.summary)
      #expect(
        Array(new.operators.prefix(old.operators.count).map(Self.summary)) == kept, "subgraphs[\(index)].operators")
      let removed = Set(rewrite.captures(inSubgraph: index).map(\.outputPosition))
      #expect(new.outputs == old.outputs.enumerated().filter { !removed.contains($0.offset) }.map(\.element))
    }
    #expect(model.signatures.map(\.key) == original.signatures.map(\.key))
    for (new, old) in zip(model.signatures, original.signatures) {
      #expect(new.inputs == old.inputs && new.subgraphIndex == old.subgraphIndex)
      let removed = Set(rewrite.captures(inSubgraph: old.subgraphIndex).map(\.tensorIndex))
      #expect(new.outputs == old.outputs.filter { !removed.contains($0.tensorIndex) })
    }
  }

  /// The public description of an operator (its options table's position moves with the file).
  private static func summary(_ op: OperatorInfo) -> String {
    "\(op.opcodeIndex) \(op.inputs) \(op.outputs) \(op.intermediates) \(op.builtinOptionsType) \(op.builtinOptions2Type) \(op.customOptionsByteCount) \(op.subgraphReferences)"
  }
}
