import Foundation
import Testing

@testable import TFLiteFormat

/// Each subgraph and operator check, with the exact error it reports.
@Suite("Model validation errors: subgraphs and operators")
struct OperatorValidationErrorTests {
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
}
