import Foundation
import Testing

@testable import TFLiteFormat

/// The rewrite on synthetic models: control flow, file offsets, unusual outputs and refusals.
@Suite("Output capture rewrite: edge cases")
struct OutputCaptureEdgeCaseTests {
  /// `TestModel.minimal()` (ADD over [1, 4]) with a dynamic batch on input and output.
  static func dynamicMinimal() -> TestModel {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].shapeSignature = [-1, 4]
    model.subgraphs[0].tensors[2].shapeSignature = [-1, 4]
    return model
  }

  static func rewrite(_ model: TestModel) throws -> (TFLiteModel, OutputCaptureRewrite?) {
    let original = try TFLiteModel(data: model.data)
    return (original, try original.capturingDynamicOutputs())
  }

  @Test("Subgraphs that control-flow operators call keep their outputs")
  func controlFlow() throws {
    var model = Self.dynamicMinimal()
    model.opcodes.append(.builtin(Op.while))
    model.subgraphs[0].operators.append(
      TestOperator(
        opcodeIndex: 1, inputs: [2], outputs: [3], optionsType: Op.whileOptions, options: [0: .int32(1), 1: .int32(2)]))
    model.subgraphs[0].tensors.append(TestTensor(name: "looped", shape: [1, 4], shapeSignature: [-1, 4]))
    model.subgraphs[0].outputs = [2, 3]
    let passthrough = TestSubgraph(
      name: "body", tensors: [TestTensor(name: "x", shape: [1, 4], shapeSignature: [-1, 4])],
      inputs: [0], outputs: [0])
    model.subgraphs += [passthrough, passthrough]
    // A signature over a called subgraph does not make it an entry point either.
    model.signatures.append(TestSignature(key: "body", subgraphIndex: 2, inputs: [("x", 0)], outputs: [("y", 0)]))
    model.signatures[0].outputs = [("y", 2), ("looped", 3)]

    let (original, rewrite) = try Self.rewrite(model)
    let result = try #require(rewrite)
    #expect(result.captures.map(\.subgraphIndex) == [0, 0])
    #expect(result.captures.map(\.signatureNames) == [["serving_default": "y"], ["serving_default": "looped"]])
    let rewritten = try TFLiteModel(data: result.data)
    #expect(rewritten.subgraphs[1] == original.subgraphs[1])
    #expect(rewritten.subgraphs[2] == original.subgraphs[2])
    #expect(rewritten.signatures[1] == original.signatures[1])
  }

  @Test("Custom options stored after the flatbuffer move with the file")
  func largeCustomOptions() throws {
    var model = Self.dynamicMinimal()
    let options: [UInt8] = Array("options after the flatbuffer".utf8)
    model.opcodes.append(.custom("Opaque"))
    model.subgraphs[0].tensors.append(TestTensor(name: "opaque", shape: [1, 4]))
    var op = TestOperator(opcodeIndex: 1, inputs: [0], outputs: [3])
    // The flatbuffer's size does not depend on the offset's value, so measure it first.
    op.extra[S.Operator.largeCustomOptionsOffset] = .uint64(0)
    op.extra[S.Operator.largeCustomOptionsSize] = .uint64(UInt64(options.count))
    model.subgraphs[0].operators.append(op)
    let offset = (model.flatBufferSize + 15) / 16 * 16
    model.subgraphs[0].operators[1].extra[S.Operator.largeCustomOptionsOffset] = .uint64(UInt64(offset))
    model.trailing = Array(repeating: 0, count: offset - model.flatBufferSize) + options

    let (original, rewrite) = try Self.rewrite(model)
    let result = try #require(rewrite)
    let rewritten = try TFLiteModel(data: result.data)
    let range = try #require(rewritten.subgraphs[0].operators[1].largeCustomOptions)
    #expect(range.lowerBound == offset + result.data.count - original.byteCount)
    #expect(Array(result.data[range]) == options)
  }

  @Test("Computed tensors get an empty buffer when buffer 0 holds data")
  func nonEmptyBufferZero() throws {
    var model = Self.dynamicMinimal()
    model.buffers[0] = TestBuffer(data: [1, 2, 3, 4])
    let (original, rewrite) = try Self.rewrite(model)
    let rewritten = try TFLiteModel(data: try #require(rewrite).data)
    let added = rewritten.subgraphs[0].tensors.dropFirst(original.subgraphs[0].tensors.count)
    let computed = added.filter { !$0.hasConstantData }
    #expect(!computed.isEmpty)
    #expect(computed.allSatisfy { $0.bufferIndex != 0 && rewritten.buffers[$0.bufferIndex].byteCount == 0 })
  }

  @Test("A tensor listed twice as an output is captured once, under one id")
  func duplicateOutput() throws {
    var model = Self.dynamicMinimal()
    model.subgraphs[0].outputs = [2, 2]
    model.signatures = []
    let (original, rewrite) = try Self.rewrite(model)
    let result = try #require(rewrite)
    #expect(result.captures.map(\.outputPosition) == [0, 1])
    #expect(result.captures.map(\.captureID) == [0, 0])
    let rewritten = try TFLiteModel(data: result.data)
    let captureOps = rewritten.subgraphs[0].operators.filter {
      rewritten.operatorCode(of: $0)?.customCode == OutputCaptureRewrite.operatorName(forCapture: 0)
    }
    #expect(captureOps.count == 1)
    #expect(rewritten.subgraphs[0].operators.count == original.subgraphs[0].operators.count + 7)
  }

  @Test("Unranked outputs are captured; strings and static shapes are not")
  func outputKinds() throws {
    var unranked = TestModel.minimal()
    unranked.subgraphs[0].tensors[2].shape = []
    unranked.subgraphs[0].tensors[2].extra[S.Tensor.hasRank] = .bool(false)
    let result = try #require(try Self.rewrite(unranked).1)
    let rewritten = try TFLiteModel(data: result.data)
    let capture = try #require(rewritten.subgraphs[0].operators.last)
    #expect(rewritten.subgraphs[0].tensors[capture.inputs[0]].shapeSignature == [-1])

    #expect(try Self.rewrite(TestModel.minimal()).1 == nil)
    var strings = Self.dynamicMinimal()
    strings.subgraphs[0].tensors[2].type = 5  // STRING
    #expect(try Self.rewrite(strings).1 == nil)
  }

  @Test("An output nothing writes is left alone (found by fuzzing)")
  func unproducedOutput() throws {
    var model = Self.dynamicMinimal()
    model.subgraphs[0].tensors.append(TestTensor(name: "orphan", shape: [1, 4], shapeSignature: [-1, 4]))
    model.subgraphs[0].outputs = [3, 2]
    model.signatures = []
    let (_, rewrite) = try Self.rewrite(model)
    let result = try #require(rewrite)
    #expect(result.captures.map(\.tensorIndex) == [2])
    #expect(try TFLiteModel(data: result.data).subgraphs[0].outputs == [3])
  }

  @Test("Refuses a model with a table field it does not know")
  func unknownField() throws {
    var model = Self.dynamicMinimal()
    model.extra[12] = .uint32(7)
    let original = try TFLiteModel(data: model.data)
    #expect(throws: OutputCaptureError.rewrite(.unknownField(path: "model", slot: 12))) {
      try original.capturingDynamicOutputs()
    }
  }

  @Test("Refuses a model that already uses a capture operator's name")
  func nameTaken() throws {
    var model = Self.dynamicMinimal()
    model.opcodes.append(.custom(OutputCaptureRewrite.operatorName(forCapture: 3)))
    model.subgraphs[0].tensors.append(TestTensor(name: "other", shape: [1, 4]))
    model.subgraphs[0].operators.append(TestOperator(opcodeIndex: 1, inputs: [0], outputs: [3]))
    let original = try TFLiteModel(data: model.data)
    #expect(throws: OutputCaptureError.operatorNameTaken(name: "TensorBridgeCapture_3")) {
      try original.capturingDynamicOutputs()
    }
  }
}

extension OutputCaptureRewrite: Equatable {
  public static func == (lhs: OutputCaptureRewrite, rhs: OutputCaptureRewrite) -> Bool {
    lhs.data == rhs.data && lhs.captures == rhs.captures
  }
}
