import Foundation
import Testing

@testable import TFLiteFormat

/// Each semantic check, with the exact error it reports.
@Suite("Model validation errors")
struct ValidationErrorTests {
  // MARK: Model level

  @Test("Only schema version 3 is accepted")
  func schemaVersion() {
    var model = TestModel.minimal()
    model.version = 2
    expectRejected(model, .unsupportedSchemaVersion(found: 2, supported: 3))
  }

  @Test("A model needs at least one subgraph")
  func noSubgraphs() {
    var model = TestModel.minimal()
    model.subgraphs = []
    model.signatures = []
    expectRejected(model, .noSubgraphs)
    model.extra[S.Model.subgraphs] = .ints([])
    expectRejected(model, .noSubgraphs)
    var fields = model.rootFields
    fields[S.Model.subgraphs] = nil
    expectRejected(FlatBufferBuilder.build(root: fields).data, .noSubgraphs)
  }

  @Test("CUSTOM operator codes need a custom_code")
  func customCodeMissing() {
    var model = TestModel.minimal()
    model.opcodes.append(TestOpcode(deprecatedBuiltinCode: 32, builtinCode: nil))
    expectRejected(model, .customCodeMissing(path: "operator_codes[1]"))
    model.opcodes[1] = TestOpcode(deprecatedBuiltinCode: nil, builtinCode: 32)
    expectRejected(model, .customCodeMissing(path: "operator_codes[1]"))
    // The legacy field alone says CUSTOM even if the extended one says otherwise.
    model.opcodes[1] = TestOpcode(deprecatedBuiltinCode: 32, builtinCode: 150)
    expectRejected(model, .customCodeMissing(path: "operator_codes[1]"))
  }

  @Test("Metadata must name an existing buffer")
  func metadataBuffer() {
    var model = TestModel.minimal()
    model.metadata.append(("extra", 3))
    expectRejected(model, .indexOutOfRange(path: "metadata[1].buffer", index: 3, count: 3))
  }

  /// Relaxed rule: LiteRT never reads the deprecated `metadata_buffer` list, and
  /// ai-edge-quantizer writes indices equal to the buffer count into it (issue 13).
  @Test("The deprecated metadata_buffer list is not checked (LiteRT ignores it)")
  func metadataBufferIgnored() throws {
    var model = TestModel.minimal()
    model.extra[S.Model.metadataBuffer] = .ints([2, 3, -1, 87])
    let decoded = try expectValid(model)
    #expect(decoded.subgraphs.count == 1)
  }

  @Test("Metadata entries need a name")
  func metadataName() {
    var model = TestModel.minimal()
    model.extra[S.Model.metadata] = .vector([.table([S.Metadata.buffer: .uint32(1)])])
    expectRejected(model, .missingField(path: "metadata[0].name"))
  }

  @Test("Buffers stored out of line must lie within the file")
  func bufferOutOfBounds() {
    var model = TestModel.minimal()
    model.buffers.append(TestBuffer(data: nil, offset: 1000, size: 16))
    let size = model.bytes.count
    model.buffers[3].offset = UInt64(size - 8)
    expectRejected(model, .bufferOutOfBounds(path: "buffers[3]", offset: UInt64(size - 8), size: 16, fileSize: size))
    model.buffers[3] = TestBuffer(data: nil, offset: UInt64.max - 4, size: 16)
    expectRejected(model, .bufferOutOfBounds(path: "buffers[3]", offset: UInt64.max - 4, size: 16, fileSize: size))
    model.buffers[3] = TestBuffer(data: nil, offset: 16, size: UInt64.max)
    expectRejected(model, .bufferOutOfBounds(path: "buffers[3]", offset: 16, size: UInt64.max, fileSize: size))
  }

  @Test("Large custom options must lie within the file")
  func largeCustomOptions() {
    var model = TestModel.minimal()
    model.subgraphs[0].operators[0].extra[S.Operator.largeCustomOptionsOffset] = .uint64(1 << 33)
    model.subgraphs[0].operators[0].extra[S.Operator.largeCustomOptionsSize] = .uint64(8)
    let size = model.bytes.count
    expectRejected(
      model,
      .bufferOutOfBounds(
        path: "subgraphs[0].operators[0].large_custom_options_offset", offset: 1 << 33, size: 8, fileSize: size))
  }

  @Test("External buffers must name an existing group")
  func externalBufferGroup() {
    var model = TestModel.minimal()
    model.extra[S.Model.externalBufferGroups] = .vector([.table([0: .string("weights.bin")])])
    model.extra[S.Model.externalBuffers] = .vector([
      .table([0: .uint32(1), 1: .uint32(0)]), .table([0: .uint32(2), 1: .uint32(1)]),
    ])
    expectRejected(model, .indexOutOfRange(path: "external_buffers[1].group", index: 1, count: 1))
  }

  // MARK: Subgraphs and operators

  @Test("Subgraph inputs and outputs must be tensors of the subgraph (no -1)")
  func subgraphIO() {
    var model = TestModel.minimal()
    model.subgraphs[0].inputs = [0, 3]
    expectRejected(model, .indexOutOfRange(path: "subgraphs[0].inputs[1]", index: 3, count: 3))
    model.subgraphs[0].inputs = [-1]
    expectRejected(model, .indexOutOfRange(path: "subgraphs[0].inputs[0]", index: -1, count: 3))
    model = TestModel.minimal()
    model.subgraphs[0].outputs = [2, 7]
    expectRejected(model, .indexOutOfRange(path: "subgraphs[0].outputs[1]", index: 7, count: 3))
  }

  @Test("Operators must use an existing operator code")
  func opcodeIndex() {
    var model = TestModel.minimal()
    model.subgraphs[0].operators[0].opcodeIndex = 1
    expectRejected(model, .indexOutOfRange(path: "subgraphs[0].operators[0].opcode_index", index: 1, count: 1))
    model.opcodes = []
    model.subgraphs[0].operators[0].opcodeIndex = 0
    expectRejected(model, .indexOutOfRange(path: "subgraphs[0].operators[0].opcode_index", index: 0, count: 0))
  }

  @Test("Operator tensor indices must be in range or -1")
  func operatorTensors() {
    var model = TestModel.minimal()
    model.subgraphs[0].operators[0].inputs = [0, 3]
    expectRejected(model, .indexOutOfRange(path: "subgraphs[0].operators[0].inputs[1]", index: 3, count: 3))
    model.subgraphs[0].operators[0].inputs = [0, -2]
    expectRejected(model, .indexOutOfRange(path: "subgraphs[0].operators[0].inputs[1]", index: -2, count: 3))
    model = TestModel.minimal()
    model.subgraphs[0].operators[0].outputs = [Int32.max]
    expectRejected(
      model, .indexOutOfRange(path: "subgraphs[0].operators[0].outputs[0]", index: Int(Int32.max), count: 3))
    model = TestModel.minimal()
    model.subgraphs[0].operators[0].extra[S.Operator.intermediates] = .ints([5])
    expectRejected(model, .indexOutOfRange(path: "subgraphs[0].operators[0].intermediates[0]", index: 5, count: 3))
  }

  @Test("Options that reference subgraphs must reference existing ones")
  func subgraphReferences() {
    func rejects(_ code: Int32, type: UInt8, options: [Int: FB], second: Bool = false, _ field: String, _ index: Int) {
      var model = TestModel.minimal()
      model.opcodes = [.builtin(code)]
      model.subgraphs.append(TestSubgraph(name: "other", tensors: [TestTensor()], inputs: [0], outputs: [0]))
      var op = TestOperator(opcodeIndex: 0, inputs: [0], outputs: [2])
      if second {
        op.options2Type = type
        op.options2 = options
      } else {
        op.optionsType = type
        op.options = options
      }
      model.subgraphs[0].operators = [op]
      expectRejected(model, .indexOutOfRange(path: "subgraphs[0].operators[0]." + field, index: index, count: 2))
    }
    rejects(
      Op.while, type: Op.whileOptions, options: [0: .int32(2), 1: .int32(1)], "builtin_options.cond_subgraph_index", 2)
    rejects(
      Op.while, type: Op.whileOptions, options: [0: .int32(1), 1: .int32(-1)], "builtin_options.body_subgraph_index", -1
    )
    rejects(Op.if, type: Op.ifOptions, options: [0: .int32(1), 1: .int32(9)], "builtin_options.else_subgraph_index", 9)
    rejects(Op.callOnce, type: Op.callOnceOptions, options: [0: .int32(2)], "builtin_options.init_subgraph_index", 2)
    rejects(
      Op.call, type: Op.callOptions, options: [0: .uint32(UInt32.max)], "builtin_options.subgraph", Int(UInt32.max))
    rejects(
      Op.stablehloComposite, type: Op.compositeOptions, options: [0: .string("c"), 1: .int32(5)], second: true,
      "builtin_options_2.decomposition_subgraph_index", 5)
    rejects(
      Op.stablehloWhile, type: Op.stablehloWhileOptions, options: [0: .int32(1), 1: .int32(3)], second: true,
      "builtin_options_2.body_subgraph_index", 3)
    rejects(
      Op.stablehloCase, type: Op.caseOptions, options: [0: .ints([1, 0, 4])], second: true,
      "builtin_options_2.branch_subgraph_indices[2]", 4)
  }

  @Test("Subgraphs must not call themselves, directly or indirectly")
  func subgraphCycles() {
    var model = TestModel.minimal()
    model.opcodes = [.builtin(Op.while), .builtin(Op.callOnce)]
    model.subgraphs[0].operators = [
      TestOperator(
        opcodeIndex: 0, inputs: [0], outputs: [2], optionsType: Op.whileOptions, options: [0: .int32(0), 1: .int32(0)])
    ]
    expectRejected(
      model, .subgraphCycle(path: "subgraphs[0].operators[0].builtin_options.cond_subgraph_index", cycle: [0, 0]))

    let leaf = TestSubgraph(name: "leaf", tensors: [TestTensor(), TestTensor()], inputs: [0], outputs: [1])
    model.subgraphs += [leaf, leaf, leaf]
    model.subgraphs[0].operators = [
      TestOperator(opcodeIndex: 1, optionsType: Op.callOnceOptions, options: [0: .int32(1)])
    ]
    model.subgraphs[1].operators = [
      TestOperator(
        opcodeIndex: 0, inputs: [0], outputs: [1], optionsType: Op.whileOptions, options: [0: .int32(3), 1: .int32(2)])
    ]
    model.subgraphs[2].operators = [
      TestOperator(opcodeIndex: 1, optionsType: Op.callOnceOptions, options: [0: .int32(1)])
    ]
    expectRejected(
      model, .subgraphCycle(path: "subgraphs[2].operators[0].builtin_options.init_subgraph_index", cycle: [1, 2, 1]))
  }

  @Test("Operators must not carry another operator's options table")
  func mismatchedOptions() throws {
    var model = TestModel.minimal()
    model.subgraphs[0].operators[0].optionsType = 9  // SoftmaxOptions on ADD
    model.subgraphs[0].operators[0].options = [0: .float32(1)]
    expectRejected(
      model,
      .mismatchedOptions(
        path: "subgraphs[0].operators[0].builtin_options_type", operator: "ADD", found: "SoftmaxOptions",
        expected: "AddOptions"))
    model.subgraphs[0].operators[0].optionsType = 200
    expectRejected(
      model,
      .mismatchedOptions(
        path: "subgraphs[0].operators[0].builtin_options_type", operator: "ADD", found: "options type 200",
        expected: "AddOptions"))
    // Absent options are fine (LiteRT uses defaults).
    model.subgraphs[0].operators[0].options = nil
    try expectValid(model)
  }

  @Test("SPLIT and SPLIT_V need num_splits equal to their output count")
  func splitCount() throws {
    var model = TestModel.minimal()
    model.opcodes = [.builtin(49)]  // SPLIT
    model.subgraphs[0].tensors.append(TestTensor(name: "second"))
    model.subgraphs[0].operators[0].outputs = [2, 3]
    model.subgraphs[0].operators[0].optionsType = 35
    model.subgraphs[0].operators[0].options = [0: .int32(2)]
    try expectValid(model)
    model.subgraphs[0].operators[0].options = [0: .int32(4)]
    expectRejected(
      model,
      .invalidOperatorParameter(
        path: "subgraphs[0].operators[0]", operator: "SPLIT", reason: "num_splits is 4 but it has 2 outputs"))
    model.subgraphs[0].operators[0].options = nil
    expectRejected(
      model,
      .invalidOperatorParameter(
        path: "subgraphs[0].operators[0]", operator: "SPLIT", reason: "num_splits is 0 but it has 2 outputs"))
    model.opcodes = [.builtin(102)]  // SPLIT_V
    model.subgraphs[0].operators[0].optionsType = 79
    model.subgraphs[0].operators[0].options = [0: .int32(-2)]
    expectRejected(
      model,
      .invalidOperatorParameter(
        path: "subgraphs[0].operators[0]", operator: "SPLIT_V", reason: "num_splits is -2 but it has 2 outputs"))
  }

  @Test("DEQUANTIZE must keep the element count")
  func dequantizeShape() throws {
    var model = TestModel.minimal()
    model.opcodes = [.builtin(Op.dequantize)]
    model.subgraphs[0].tensors[1].type = TensorType.float16.rawValue
    model.subgraphs[0].tensors[1].shape = [2, 2]
    model.buffers[1] = TestBuffer(data: [UInt8](repeating: 0, count: 8))
    model.subgraphs[0].tensors[2].shape = [8]
    model.subgraphs[0].operators = [TestOperator(opcodeIndex: 0, inputs: [1], outputs: [2])]
    expectRejected(
      model, .dequantizeShapeMismatch(path: "subgraphs[0].operators[0]", inputShape: [2, 2], outputShape: [8]))
    model.subgraphs[0].tensors[2].shape = [1, 2]
    expectRejected(
      model, .dequantizeShapeMismatch(path: "subgraphs[0].operators[0]", inputShape: [2, 2], outputShape: [1, 2]))
    // Same element count in a different shape is fine.
    model.subgraphs[0].tensors[2].shape = [4]
    try expectValid(model)
  }

  @Test("-1 is rejected where the operator requires a tensor")
  func requiredTensorOmitted() {
    var model = TestModel.minimal()
    model.subgraphs[0].operators[0].inputs = [-1, 1]
    expectRejected(model, .requiredTensorOmitted(path: "subgraphs[0].operators[0].inputs[0]", operator: "ADD"))
    model.subgraphs[0].operators[0].inputs = [0, 1]
    model.subgraphs[0].operators[0].outputs = [-1]
    expectRejected(model, .requiredTensorOmitted(path: "subgraphs[0].operators[0].outputs[0]", operator: "ADD"))
    // CONV_2D may omit its bias (input 2) but not its filter (input 1).
    model = TestModel.minimal()
    model.opcodes = [.builtin(Op.conv2d)]
    model.subgraphs[0].operators[0].options = nil
    model.subgraphs[0].operators[0].inputs = [0, 1, -1]
    #expect(throws: Never.self) { try parse(model.bytes).get() }
    model.subgraphs[0].operators[0].inputs = [0, -1, 1]
    expectRejected(model, .requiredTensorOmitted(path: "subgraphs[0].operators[0].inputs[1]", operator: "CONV_2D"))
    // Recurrent layers may omit any input but the first.
    model.opcodes = [.builtin(16)]
    model.subgraphs[0].operators[0].inputs = [-1, 1]
    expectRejected(model, .requiredTensorOmitted(path: "subgraphs[0].operators[0].inputs[0]", operator: "LSTM"))
    // Only WHILE may leave outputs unused; IF dereferences them.
    model = TestModel.minimal()
    model.opcodes = [.builtin(Op.if)]
    model.subgraphs.append(
      TestSubgraph(name: "branch", tensors: [TestTensor(), TestTensor()], inputs: [0, 1], outputs: [0]))
    model.subgraphs[0].operators[0].optionsType = Op.ifOptions
    model.subgraphs[0].operators[0].options = [0: .int32(1), 1: .int32(1)]
    model.subgraphs[0].operators[0].outputs = [2, -1]
    expectRejected(model, .requiredTensorOmitted(path: "subgraphs[0].operators[0].outputs[1]", operator: "IF"))
  }

  @Test("Operators XNNPACK reads at fixed positions need enough inputs and outputs")
  func tooFewOperands() throws {
    var model = TestModel.minimal()
    model.opcodes = [.builtin(144)]  // ASSIGN_VARIABLE
    model.subgraphs[0].operators[0].options = nil
    model.subgraphs[0].operators[0].inputs = [0]
    model.subgraphs[0].operators[0].outputs = []
    expectRejected(
      model,
      .tooFewOperands(
        path: "subgraphs[0].operators[0]", operator: "ASSIGN_VARIABLE", role: "inputs", count: 1, minimum: 2))
    model.opcodes = [.builtin(45)]  // STRIDED_SLICE
    model.subgraphs[0].operators[0].inputs = [0, 1, 1, 1]
    expectRejected(
      model,
      .tooFewOperands(
        path: "subgraphs[0].operators[0]", operator: "STRIDED_SLICE", role: "outputs", count: 0, minimum: 1))
    model.subgraphs[0].operators[0].outputs = [2]
    try expectValid(model)
    #expect(
      TFLiteFormatError.tooFewOperands(path: "p", operator: "SLICE", role: "inputs", count: 1, minimum: 3).description
        == "The SLICE operator p has 1 input, but needs at least 3.")
  }

  @Test("Subgraph inputs must not be constant")
  func constantSubgraphInput() {
    var model = TestModel.minimal()
    model.subgraphs[0].inputs = [0, 1]
    expectRejected(model, .constantSubgraphInput(path: "subgraphs[0].inputs[1]", tensor: 1))
  }

  @Test("Operators may only read tensors that exist when they run")
  func tensorNotProduced() {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors.append(TestTensor(name: "dangling"))
    model.subgraphs[0].operators[0].inputs = [0, 3]
    expectRejected(model, .tensorNotProduced(path: "subgraphs[0].operators[0].inputs[1]", tensor: 3))
    // Reading a tensor that only a later operator writes.
    model = TestModel.minimal()
    model.subgraphs[0].tensors.append(TestTensor(name: "late"))
    model.subgraphs[0].operators = [
      TestOperator(opcodeIndex: 0, inputs: [0, 3], outputs: [2]),
      TestOperator(opcodeIndex: 0, inputs: [0, 1], outputs: [3]),
    ]
    expectRejected(model, .tensorNotProduced(path: "subgraphs[0].operators[0].inputs[1]", tensor: 3))
  }

  @Test("Empty, variable and constant tensors need no producer")
  func tensorSources() throws {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors.append(TestTensor(name: "empty", shape: [0]))
    model.subgraphs[0].tensors.append(TestTensor(name: "state", isVariable: true))
    model.subgraphs[0].tensors.append(TestTensor(name: "empty constant", shape: [0], buffer: 3))
    model.buffers.append(TestBuffer(data: []))
    model.subgraphs[0].tensors.append(TestTensor(name: "external", extra: [S.Tensor.externalBuffer: .uint32(1)]))
    model.subgraphs[0].operators[0].inputs = [0, 1, 3, 4, 5, 6]
    try expectValid(model)
  }

  @Test("Operators must not write constants, variables, subgraph inputs, or another operator's output")
  func invalidOutputs() {
    var model = TestModel.minimal()
    model.subgraphs[0].operators[0].outputs = [1]
    expectRejected(
      model, .invalidOperatorOutput(path: "subgraphs[0].operators[0].outputs[0]", tensor: 1, reason: "is constant"))
    model.subgraphs[0].operators[0].outputs = [0]
    expectRejected(
      model,
      .invalidOperatorOutput(
        path: "subgraphs[0].operators[0].outputs[0]", tensor: 0, reason: "is an input of the subgraph"))
    model.subgraphs[0].tensors.append(TestTensor(name: "state", isVariable: true))
    model.subgraphs[0].operators[0].outputs = [3]
    expectRejected(
      model, .invalidOperatorOutput(path: "subgraphs[0].operators[0].outputs[0]", tensor: 3, reason: "is a variable"))
    model = TestModel.minimal()
    model.subgraphs[0].operators.append(TestOperator(opcodeIndex: 0, inputs: [0, 2], outputs: [2]))
    expectRejected(
      model,
      .invalidOperatorOutput(
        path: "subgraphs[0].operators[1].outputs[0]", tensor: 2, reason: "is already written by operators[0]"))
  }

  // MARK: Tensors

  @Test("Tensor types must be known")
  func unknownType() {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[2].type = 23
    expectRejected(model, .unknownTensorType(path: "subgraphs[0].tensors[2].type", value: 23))
    model.subgraphs[0].tensors[2].type = -1
    expectRejected(model, .unknownTensorType(path: "subgraphs[0].tensors[2].type", value: -1))
  }

  @Test("Ranks above 8 are rejected in shape and shape_signature")
  func rank() {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].shape = [Int32](repeating: 1, count: 9)
    expectRejected(model, .rankTooLarge(path: "subgraphs[0].tensors[0].shape", rank: 9, limit: 8))
    model = TestModel.minimal()
    model.subgraphs[0].tensors[0].shapeSignature = [Int32](repeating: -1, count: 9)
    expectRejected(model, .rankTooLarge(path: "subgraphs[0].tensors[0].shape_signature", rank: 9, limit: 8))
  }

  @Test("Dimensions must be non-negative in shape and at least -1 in shape_signature")
  func negativeDimensions() {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].shape = [1, -1]
    expectRejected(model, .negativeDimension(path: "subgraphs[0].tensors[0].shape[1]", value: -1))
    model = TestModel.minimal()
    model.subgraphs[0].tensors[0].shapeSignature = [-1, -2]
    expectRejected(model, .negativeDimension(path: "subgraphs[0].tensors[0].shape_signature[1]", value: -2))
  }

  @Test("Element count times element size must not overflow or exceed 2^40 bytes")
  func sizeOverflow() throws {
    var model = TestModel.minimal()
    let huge: [Int32] = [Int32.max, Int32.max, Int32.max]
    model.subgraphs[0].tensors[0].shape = huge
    expectRejected(model, .sizeOverflow(path: "subgraphs[0].tensors[0]", shape: huge.map(Int.init), limit: 1 << 40))
    // 2^38 float32 elements are 2^40 bytes: at the limit.
    model.subgraphs[0].tensors[0].shape = [1 << 19, 1 << 19]
    try expectValid(model)
    model.subgraphs[0].tensors[0].shape = [1 << 19, 1 << 19, 2]
    expectRejected(model, .sizeOverflow(path: "subgraphs[0].tensors[0]", shape: [1 << 19, 1 << 19, 2], limit: 1 << 40))
    // Overflow of the element count itself, even for types without a fixed size.
    model.subgraphs[0].tensors[0].type = TensorType.string.rawValue
    model.subgraphs[0].tensors[0].shape = [Int32.max, Int32.max, Int32.max, Int32.max, 2]
    expectRejected(
      model,
      .sizeOverflow(
        path: "subgraphs[0].tensors[0]", shape: [Int(Int32.max), Int(Int32.max), Int(Int32.max), Int(Int32.max), 2],
        limit: 1 << 40))
  }

  @Test("Tensor buffer indices must be in range")
  func bufferIndex() {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[1].buffer = 3
    expectRejected(model, .indexOutOfRange(path: "subgraphs[0].tensors[1].buffer", index: 3, count: 3))
    model.subgraphs[0].tensors[1].buffer = UInt32.max
    expectRejected(model, .indexOutOfRange(path: "subgraphs[0].tensors[1].buffer", index: Int(UInt32.max), count: 3))
  }

  @Test("Variable tensors must not carry constant data")
  func variableWithData() {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[1].isVariable = true
    expectRejected(model, .variableTensorWithData(path: "subgraphs[0].tensors[1]"))
  }

  @Test("Inline constant data must have exactly the tensor's byte size")
  func constantDataSize() {
    var model = TestModel.minimal()
    model.buffers[1] = TestBuffer(data: [UInt8](repeating: 0, count: 12))
    expectRejected(
      model, .constantDataSize(path: "subgraphs[0].tensors[1]", tensor: "constant", expectedBytes: 16, actualBytes: 12))
    model.buffers[1] = TestBuffer(data: [UInt8](repeating: 0, count: 20))
    expectRejected(
      model, .constantDataSize(path: "subgraphs[0].tensors[1]", tensor: "constant", expectedBytes: 16, actualBytes: 20))
    // int4: 5 elements need 3 packed bytes (or 5 unpacked); 4 is neither.
    model.subgraphs[0].tensors[1].type = TensorType.int4.rawValue
    model.subgraphs[0].tensors[1].shape = [5]
    model.buffers[1] = TestBuffer(data: [1, 2, 3, 4])
    expectRejected(
      model, .constantDataSize(path: "subgraphs[0].tensors[1]", tensor: "constant", expectedBytes: 3, actualBytes: 4))
    // int2: 5 elements need 2 packed bytes.
    model.subgraphs[0].tensors[1].type = TensorType.int2.rawValue
    model.buffers[1] = TestBuffer(data: [1, 2, 3])
    expectRejected(
      model, .constantDataSize(path: "subgraphs[0].tensors[1]", tensor: "constant", expectedBytes: 2, actualBytes: 3))
  }

  @Test("Out-of-line constant data must hold at least the tensor's byte size")
  func outOfLineTooSmall() {
    var model = TestModel.minimal()
    model.buffers[1] = TestBuffer(data: nil, offset: 0, size: 8)
    model.buffers[1].offset = UInt64(model.flatBufferSize)
    model.trailing = [UInt8](repeating: 0, count: 8)
    expectRejected(
      model, .constantDataSize(path: "subgraphs[0].tensors[1]", tensor: "constant", expectedBytes: 16, actualBytes: 8))
  }

  @Test("Constant data checks skip tensors with external buffers, sparsity, and no fixed size")
  func constantDataExemptions() throws {
    var model = TestModel.minimal()
    model.buffers[1] = TestBuffer(data: [1, 2, 3])
    model.subgraphs[0].tensors[1].extra[S.Tensor.externalBuffer] = .uint32(1)
    try expectValid(model)
    model = TestModel.minimal()
    model.buffers[1] = TestBuffer(data: [1, 2, 3])
    model.subgraphs[0].tensors[1].type = TensorType.resource.rawValue
    try expectValid(model)
    // Buffer 0 is never read as data, even when it holds bytes.
    model = TestModel.minimal()
    model.buffers[0] = TestBuffer(data: [1, 2, 3])
    try expectValid(model)
  }

  @Test("Constant string tensors must hold a well-formed string table")
  func stringData() {
    func rejects(_ data: [UInt8], _ reason: String) {
      var model = TestModel.minimal()
      model.subgraphs[0].tensors[1].type = TensorType.string.rawValue
      model.subgraphs[0].tensors[1].shape = [2]
      model.buffers[1] = TestBuffer(data: data)
      expectRejected(model, .invalidStringData(path: "subgraphs[0].tensors[1]", reason: reason))
    }
    rejects([1, 0], "it has 2 bytes, fewer than the 4-byte string count")
    rejects(TestModel.int32Bytes([-1, 8]), "the string count -1 does not fit in its 8 bytes")
    rejects(TestModel.int32Bytes([1000, 8]), "the string count 1000 does not fit in its 8 bytes")
    rejects(TestModel.int32Bytes([2, 16, 18]), "2 strings need a 16-byte header, but the data has 12 bytes")
    rejects(TestModel.int32Bytes([2, 12, 18, 21]) + Array("hiyou".utf8), "the first string offset is 12 instead of 16")
    rejects(TestModel.int32Bytes([2, 16, 20, 18]) + Array("hiyou".utf8), "string offset 2 is 18, outside 20...21")
    rejects(TestModel.int32Bytes([2, 16, 18, 99]) + Array("hiyou".utf8), "string offset 2 is 99, outside 18...21")
    rejects(TestModel.int32Bytes([2, 16, 18, 20]) + Array("hiyou".utf8), "the last string offset is 20 instead of 21")
  }

  // MARK: Quantization

  @Test("Scales need zero points of the same length")
  func quantizationLengths() {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].quantization = [
      S.Quantization.scale: .floats([0.5]), S.Quantization.zeroPoint: .longs([0, 0]),
    ]
    expectRejected(
      model, .quantizationLengthMismatch(path: "subgraphs[0].tensors[0].quantization", scales: 1, zeroPoints: 2))
    model.subgraphs[0].tensors[0].quantization = [
      S.Quantization.scale: .floats([0.5, 0.5, 0.5, 0.5]), S.Quantization.zeroPoint: .longs([]),
    ]
    expectRejected(
      model, .quantizationLengthMismatch(path: "subgraphs[0].tensors[0].quantization", scales: 4, zeroPoints: 0))
    model.subgraphs[0].tensors[0].quantization = [S.Quantization.scale: .floats([0.5])]
    expectRejected(model, .missingField(path: "subgraphs[0].tensors[0].quantization.zero_point"))
  }

  @Test("The quantized dimension must be below the rank")
  func quantizedDimension() throws {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].quantization = [
      S.Quantization.scale: .floats([1, 1, 1, 1]), S.Quantization.zeroPoint: .longs([0, 0, 0, 0]),
      S.Quantization.quantizedDimension: .int32(2),
    ]
    expectRejected(
      model,
      .quantizedDimensionOutOfRange(
        path: "subgraphs[0].tensors[0].quantization.quantized_dimension", dimension: 2, rank: 2))
    model.subgraphs[0].tensors[0].quantization?[S.Quantization.quantizedDimension] = .int32(-1)
    expectRejected(
      model,
      .quantizedDimensionOutOfRange(
        path: "subgraphs[0].tensors[0].quantization.quantized_dimension", dimension: -1, rank: 2))
    model.subgraphs[0].tensors[0].quantization?[S.Quantization.quantizedDimension] = .int32(1)
    try expectValid(model)
  }

  @Test("Per-axis scales must match the quantized dimension's size")
  func scaleCount() {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].quantization = [
      S.Quantization.scale: .floats([1, 1, 1]), S.Quantization.zeroPoint: .longs([0, 0, 0]),
      S.Quantization.quantizedDimension: .int32(1),
    ]
    expectRejected(
      model, .quantizationScaleCount(path: "subgraphs[0].tensors[0].quantization.scale", scales: 3, expected: 4))
  }

  @Test("Scales of integer tensors must be positive normal numbers")
  func quantizationScales() throws {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].type = TensorType.int8.rawValue
    let path = "subgraphs[0].tensors[0].quantization.scale[1]"
    for bad: Float in [0, -0.5, .infinity, .leastNonzeroMagnitude] {
      model.subgraphs[0].tensors[0].quantization = [
        S.Quantization.scale: .floats([0.5, bad, 0.5, 0.5]), S.Quantization.zeroPoint: .longs([0, 0, 0, 0]),
        S.Quantization.quantizedDimension: .int32(1),
      ]
      expectRejected(model, .invalidQuantizationScale(path: path, value: bad))
    }
    // Float tensors may record any scale.
    model.subgraphs[0].tensors[0].type = TensorType.float32.rawValue
    try expectValid(model)
  }

  @Test("Zero points need scales")
  func zeroPointsWithoutScales() {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].quantization = [S.Quantization.zeroPoint: .longs([0])]
    expectRejected(model, .missingField(path: "subgraphs[0].tensors[0].quantization.scale"))
    model.subgraphs[0].tensors[0].quantization = [
      S.Quantization.scale: .floats([]), S.Quantization.zeroPoint: .longs([0]),
    ]
    expectRejected(
      model, .quantizationLengthMismatch(path: "subgraphs[0].tensors[0].quantization", scales: 0, zeroPoints: 1))
  }

  @Test("Zero points must fit the tensor's integer type")
  func zeroPointRange() throws {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].type = TensorType.int8.rawValue
    model.subgraphs[0].tensors[0].quantization = [
      S.Quantization.scale: .floats([0.5]), S.Quantization.zeroPoint: .longs([-128]),
    ]
    try expectValid(model)
    model.subgraphs[0].tensors[0].quantization?[S.Quantization.zeroPoint] = .longs([128])
    expectRejected(
      model, .zeroPointOutOfRange(path: "subgraphs[0].tensors[0].quantization.zero_point[0]", value: 128, type: "INT8"))
    model.subgraphs[0].tensors[0].type = TensorType.uint8.rawValue
    try expectValid(model)
    model.subgraphs[0].tensors[0].quantization?[S.Quantization.zeroPoint] = .longs([-1])
    expectRejected(
      model, .zeroPointOutOfRange(path: "subgraphs[0].tensors[0].quantization.zero_point[0]", value: -1, type: "UINT8"))
    // 32-bit (bias) and float tensors are not restricted.
    model.subgraphs[0].tensors[0].type = TensorType.int32.rawValue
    model.subgraphs[0].tensors[0].quantization?[S.Quantization.zeroPoint] = .longs([Int64.min])
    try expectValid(model)
  }

  @Test("Blockwise and multi-axis quantization must reference existing tensors and dimensions")
  func quantizationDetails() {
    func details(_ type: UInt8, _ fields: [Int: FB]?) -> TestModel {
      var model = TestModel.minimal()
      var quantization: [Int: FB] = [S.Quantization.detailsType: .uint8(type)]
      if let fields { quantization[S.Quantization.details] = .table(fields) }
      model.subgraphs[0].tensors[0].quantization = quantization
      return model
    }
    let path = "subgraphs[0].tensors[0].quantization.details"
    expectRejected(
      details(2, [0: .int32(3), 1: .int32(-1)]), .indexOutOfRange(path: path + ".scales", index: 3, count: 3))
    expectRejected(
      details(2, [0: .int32(1), 1: .int32(-2)]), .indexOutOfRange(path: path + ".zero_points", index: -2, count: 3))
    expectRejected(details(2, nil), .invalidQuantizationDetails(path: path, reason: "the details table is missing"))
    expectRejected(
      details(3, [0: .int32(1), 1: .int32(-1)]),
      .invalidQuantizationDetails(path: path, reason: "quantized_dimensions is missing"))
    expectRejected(
      details(3, [0: .int32(1), 1: .int32(-1), 3: .ints([])]),
      .invalidQuantizationDetails(path: path, reason: "quantized_dimensions is empty"))
    expectRejected(
      details(3, [0: .int32(1), 1: .int32(-1), 2: .int32(-4), 3: .ints([0])]),
      .invalidQuantizationDetails(path: path, reason: "block_size is -4"))
    expectRejected(
      details(3, [0: .int32(1), 1: .int32(-1), 3: .ints([0, 2])]),
      .quantizedDimensionOutOfRange(path: path + ".quantized_dimensions[1]", dimension: 2, rank: 2))
    expectRejected(
      details(3, [0: .int32(-1), 1: .int32(-1), 3: .ints([0])]),
      .indexOutOfRange(path: path + ".scales", index: -1, count: 3))
  }

  // MARK: Sparsity

  @Test("Sparsity parameters must be complete and consistent")
  func sparsity() {
    let dense: FB = .table([S.DimensionMetadata.format: .int8(0), S.DimensionMetadata.denseSize: .int32(4)])
    func rejects(_ sparsity: [Int: FB], _ expected: TFLiteFormatError) {
      var model = TestModel.minimal()
      model.subgraphs[0].tensors[1].shape = [4, 4]
      model.subgraphs[0].tensors[1].sparsity = sparsity
      expectRejected(model, expected)
    }
    let path = "subgraphs[0].tensors[1].sparsity"
    rejects(
      [S.Sparsity.dimMetadata: .vector([dense, dense])],
      .invalidSparsity(path: path, reason: "traversal_order is missing"))
    rejects(
      [S.Sparsity.traversalOrder: .ints([0, 1])], .invalidSparsity(path: path, reason: "dim_metadata is missing"))
    rejects(
      [S.Sparsity.traversalOrder: .ints([0, 1]), S.Sparsity.dimMetadata: .vector([dense])],
      .invalidSparsity(path: path, reason: "dim_metadata has 1 entries but traversal_order has 2"))
    rejects(
      [S.Sparsity.traversalOrder: .ints([0]), S.Sparsity.dimMetadata: .vector([dense])],
      .invalidSparsity(path: path, reason: "traversal_order has 1 entries for a tensor of rank 2"))
    rejects(
      [S.Sparsity.traversalOrder: .ints([0, 2]), S.Sparsity.dimMetadata: .vector([dense, dense])],
      .invalidSparsity(
        path: path + ".traversal_order",
        reason: "[0, 2] does not list each tensor dimension and then each block dimension exactly once"))
    rejects(
      [S.Sparsity.traversalOrder: .ints([1, 1]), S.Sparsity.dimMetadata: .vector([dense, dense])],
      .invalidSparsity(
        path: path + ".traversal_order",
        reason: "[1, 1] does not list each tensor dimension and then each block dimension exactly once"))
    rejects(
      [S.Sparsity.traversalOrder: .ints([0, 1, 2]), S.Sparsity.dimMetadata: .vector([dense, dense, dense])],
      .invalidSparsity(path: path, reason: "block_map has 0 entries but there are 1 block dimensions"))
    rejects(
      [
        S.Sparsity.traversalOrder: .ints([0, 1, 2]), S.Sparsity.blockMap: .ints([5]),
        S.Sparsity.dimMetadata: .vector([dense, dense, dense]),
      ],
      .indexOutOfRange(path: path + ".block_map[0]", index: 5, count: 2))
    rejects(
      [
        S.Sparsity.traversalOrder: .ints([0, 1]),
        S.Sparsity.dimMetadata: .vector([dense, .table([S.DimensionMetadata.format: .int8(7)])]),
      ],
      .invalidSparsity(path: path + ".dim_metadata[1]", reason: "format 7 is neither DENSE (0) nor SPARSE_CSR (1)"))
    rejects(
      [
        S.Sparsity.traversalOrder: .ints([0, 1]),
        S.Sparsity.dimMetadata: .vector([dense, .table([S.DimensionMetadata.format: .int8(1)])]),
      ],
      .invalidSparsity(path: path + ".dim_metadata[1]", reason: "a sparse dimension needs array_segments values"))
    rejects(
      [
        S.Sparsity.traversalOrder: .ints([0, 1]),
        S.Sparsity.dimMetadata: .vector([
          dense,
          .table([
            S.DimensionMetadata.format: .int8(1),
            S.DimensionMetadata.segmentsType: .uint8(1), S.DimensionMetadata.segments: .table([0: .ints([0, 4])]),
            S.DimensionMetadata.indicesType: .uint8(9), S.DimensionMetadata.indices: .table([0: .ints([0])]),
          ]),
        ]),
      ], .invalidSparsity(path: path + ".dim_metadata[1]", reason: "a sparse dimension needs array_indices values"))
    rejects(
      [
        S.Sparsity.traversalOrder: .ints([0, 1]),
        S.Sparsity.dimMetadata: .vector([.table([S.DimensionMetadata.denseSize: .int32(-3)]), dense]),
      ],
      .invalidSparsity(path: path + ".dim_metadata[0]", reason: "dense_size is -3 but the dimension has size 4"))
  }

  @Test("Sparse index data must describe the tensor's shape")
  func sparseIndexData() throws {
    let dense2: FB = .table([S.DimensionMetadata.format: .int8(0), S.DimensionMetadata.denseSize: .int32(2)])
    func csr(_ segments: [Int32], _ indices: [Int32]) -> FB {
      .table([
        S.DimensionMetadata.format: .int8(1),
        S.DimensionMetadata.segmentsType: .uint8(1), S.DimensionMetadata.segments: .table([0: .ints(segments)]),
        S.DimensionMetadata.indicesType: .uint8(1), S.DimensionMetadata.indices: .table([0: .ints(indices)]),
      ])
    }
    // A 4x4 float tensor in 2x2 blocks, with one non-zero block per block row: 8 stored values.
    func model(_ level1: FB, blockSize: Int32 = 2, data: Int = 32) -> TestModel {
      var model = TestModel.minimal()
      model.subgraphs[0].tensors[1].shape = [4, 4]
      model.buffers[1] = TestBuffer(data: [UInt8](repeating: 0, count: data))
      let block: FB = .table([S.DimensionMetadata.format: .int8(0), S.DimensionMetadata.denseSize: .int32(blockSize)])
      model.subgraphs[0].tensors[1].sparsity = [
        S.Sparsity.traversalOrder: .ints([0, 1, 2, 3]),
        S.Sparsity.blockMap: .ints([0, 1]),
        S.Sparsity.dimMetadata: .vector([dense2, level1, block, block]),
      ]
      return model
    }
    try expectValid(model(csr([0, 1, 2], [1, 0])))
    let path = "subgraphs[0].tensors[1].sparsity"
    expectRejected(
      model(csr([0, 1, 2], [1, 0]), blockSize: 3),
      .invalidSparsity(path: path + ".dim_metadata[2]", reason: "block size 3 does not divide dimension 0 of size 4"))
    expectRejected(
      model(csr([0, 2], [1, 0])),
      .invalidSparsity(
        path: path + ".dim_metadata[1]", reason: "array_segments has 2 values but the level above has 2 entries"))
    expectRejected(
      model(csr([0, 2, 1], [1, 0])),
      .invalidSparsity(path: path + ".dim_metadata[1].array_segments.values[2]", reason: "segment 1 is below 2"))
    expectRejected(
      model(csr([0, 1, 3], [1, 0])),
      .invalidSparsity(
        path: path + ".dim_metadata[1]", reason: "array_segments ends at 3 but array_indices has 2 values"))
    expectRejected(
      model(csr([0, 1, 2], [1, 2])),
      .indexOutOfRange(path: path + ".dim_metadata[1].array_indices.values[1]", index: 2, count: 2))
    expectRejected(
      model(csr([0, 1, 2], [1, 0]), data: 64),
      .constantDataSize(path: "subgraphs[0].tensors[1]", tensor: "constant", expectedBytes: 32, actualBytes: 64))
  }

  // MARK: Signatures

  @Test("Signatures must reference an existing subgraph and its tensors")
  func signatures() {
    var model = TestModel.minimal()
    model.signatures[0].subgraphIndex = 1
    expectRejected(model, .indexOutOfRange(path: "signature_defs[0].subgraph_index", index: 1, count: 1))
    model = TestModel.minimal()
    model.signatures[0].outputs = [("y", 2), ("z", 3)]
    expectRejected(model, .indexOutOfRange(path: "signature_defs[0].outputs[1].tensor_index", index: 3, count: 3))
    // Tensor indices are checked against the signature's own subgraph.
    model = TestModel.minimal()
    model.subgraphs.append(TestSubgraph(name: "second", tensors: [TestTensor()], inputs: [0], outputs: [0]))
    model.signatures.append(TestSignature(key: "second", subgraphIndex: 1, inputs: [("a", 0), ("b", 2)]))
    expectRejected(model, .indexOutOfRange(path: "signature_defs[1].inputs[1].tensor_index", index: 2, count: 1))
  }

  @Test("Signature tensors must be the subgraph's inputs and outputs, under unique names")
  func signatureTensors() {
    var model = TestModel.minimal()
    model.signatures[0].inputs = [("x", 1)]
    expectRejected(
      model, .signatureTensorMismatch(path: "signature_defs[0].inputs[0].tensor_index", tensor: 1, role: "input"))
    model = TestModel.minimal()
    model.signatures[0].outputs = [("y", 0)]
    expectRejected(
      model, .signatureTensorMismatch(path: "signature_defs[0].outputs[0].tensor_index", tensor: 0, role: "output"))
    model = TestModel.minimal()
    model.subgraphs[0].inputs = [0, 1]
    model.subgraphs[0].tensors[1].buffer = 0
    model.signatures[0].inputs = [("x", 0), ("x", 1)]
    expectRejected(model, .duplicateName(path: "signature_defs[0].inputs[1].name", name: "x"))
    // Two names for one tensor (LiteRT aborts on this; found by the fuzzer).
    model = TestModel.minimal()
    model.signatures[0].inputs = [("x", 0), ("x2", 0)]
    expectRejected(model, .duplicateSignatureTensor(path: "signature_defs[0].inputs[1].tensor_index", tensor: 0))
    model = TestModel.minimal()
    model.signatures.append(model.signatures[0])
    expectRejected(model, .duplicateName(path: "signature_defs[1].signature_key", name: "serving_default"))
  }

  @Test("Signatures need a key and named tensors")
  func signatureFields() {
    var model = TestModel.minimal()
    model.signatures[0].key = nil
    expectRejected(model, .missingField(path: "signature_defs[0].signature_key"))
    model = TestModel.minimal()
    var fields = model.signatures[0].fields
    fields[S.SignatureDef.inputs] = .vector([.table([S.TensorMap.tensorIndex: .uint32(0)])])
    model.extra[S.Model.signatureDefs] = .vector([.table(fields)])
    expectRejected(model, .missingField(path: "signature_defs[0].inputs[0].name"))
  }
}
