import Foundation
import Testing

@testable import TFLiteFormat

/// `TFLiteModel.loweringRecurrentState()`: which operators are lowered or refused, what the
/// rewritten file holds, and that everything else survives unchanged. (Running the lowered
/// models against Python is in TensorBridgeTests' `RecurrentStateTests`.)
@Suite("Recurrent state lowering")
struct RecurrentStateLoweringTests {
  static let fixtures = RealModels.fixturesDirectory.deletingLastPathComponent()

  static func model(_ relativePath: String) throws -> TFLiteModel {
    try TFLiteModel(data: Data(contentsOf: fixtures.appendingPathComponent(relativePath)))
  }

  static func names(_ model: TFLiteModel, _ subgraph: Int) -> [String] {
    model.subgraphs[subgraph].operators.map { model.operatorCode(of: $0)?.name ?? "?" }
  }

  @Test("tf_keras LSTM: one op becomes builtin ops between READ_VARIABLE and ASSIGN_VARIABLE")
  func tfKerasLSTM() throws {
    let original = try Self.model("converters/tf_keras_lstm_fused/model.tflite")
    #expect(
      original.recurrentStateOperators == [
        RecurrentStateOperator(
          subgraphIndex: 0, operatorIndex: 0, operatorName: "UNIDIRECTIONAL_SEQUENCE_LSTM", stateTensors: [3, 16],
          refusal: nil)
      ])
    let lowering = try #require(try original.loweringRecurrentState())
    let model = lowering.model
    #expect(lowering.operators == original.recurrentStateOperators)
    #expect(lowering.resetSignatureKey == RecurrentStateLowering.resetSignatureKey)

    // No variable tensor is left; the old ones keep index, name and shape.
    #expect(model.subgraphs.allSatisfy { $0.tensors.allSatisfy { !$0.isVariable } })
    for index in [3, 16] {
      #expect(model.subgraphs[0].tensors[index].name == original.subgraphs[0].tensors[index].name)
      #expect(model.subgraphs[0].tensors[index].shape == [1, 4])
    }
    #expect(model.recurrentStateOperators.isEmpty)

    let ops = Self.names(model, 0)
    #expect(Array(ops.prefix(5)) == ["CALL_ONCE", "VAR_HANDLE", "READ_VARIABLE", "VAR_HANDLE", "READ_VARIABLE"])
    #expect(Array(ops.suffix(4)) == ["PACK", "ASSIGN_VARIABLE", "ASSIGN_VARIABLE", "FULLY_CONNECTED"])
    #expect(!ops.contains("UNIDIRECTIONAL_SEQUENCE_LSTM"))
    // 5 steps, one recurrent FULLY_CONNECTED each, plus the input projection and the head.
    #expect(ops.filter { $0 == "FULLY_CONNECTED" }.count == 5 + 1 + 1)
    #expect(ops.filter { $0 == "MINIMUM" }.count == 5, "cell clip 10 at each step")
    let pack = try #require(model.subgraphs[0].operators.first { model.operatorCode(of: $0)?.name == "PACK" })
    #expect(pack.outputs == [17], "the LSTM's own output tensor")
    #expect(model.subgraphs[0].inputs == original.subgraphs[0].inputs)
    #expect(model.subgraphs[0].outputs == original.subgraphs[0].outputs)

    // The init subgraph assigns zeros; it is also the reset signature, added last.
    let initIndex = original.subgraphs.count
    #expect(model.subgraphs.count == initIndex + 1)
    #expect(
      Self.names(model, initIndex) == [
        "VAR_HANDLE", "FILL", "ASSIGN_VARIABLE", "VAR_HANDLE", "FILL", "ASSIGN_VARIABLE",
      ])
    #expect(model.subgraphs[initIndex].inputs.isEmpty && model.subgraphs[initIndex].outputs.isEmpty)
    #expect(model.signatures.dropLast() == original.signatures[...])
    #expect(model.signatures.last?.key == RecurrentStateLowering.resetSignatureKey)
    #expect(model.signatures.last?.subgraphIndex == initIndex)
    #expect(model.signatures.last?.inputs.isEmpty == true && model.signatures.last?.outputs.isEmpty == true)

    // Metadata and the original weights are untouched.
    #expect(model.metadata(named: "min_runtime_version") == original.metadata(named: "min_runtime_version"))
    for (index, tensor) in original.subgraphs[0].tensors.enumerated() where tensor.hasConstantData {
      #expect(model.constantData(subgraph: 0, tensor: index) == original.constantData(subgraph: 0, tensor: index))
    }
  }

  @Test("bidirectional: both LSTMs are lowered, each with its own variables")
  func bidirectional() throws {
    let original = try Self.model("converters/tf_keras_lstm_bidirectional/model.tflite")
    #expect(original.recurrentStateOperators.map(\.isLowerable) == [true, true])
    let lowering = try #require(try original.loweringRecurrentState())
    let ops = Self.names(lowering.model, 0)
    #expect(ops.filter { $0 == "CALL_ONCE" }.count == 1)
    #expect(ops.filter { $0 == "VAR_HANDLE" }.count == 4)
    #expect(Array(ops.prefix(2)) == ["CALL_ONCE", "REVERSE_V2"])
    #expect(Self.names(lowering.model, original.subgraphs.count).filter { $0 == "ASSIGN_VARIABLE" }.count == 4)
  }

  @Test("a model without signature definitions gets LiteRT's placeholder signature written out, then the reset one")
  func placeholderSignature() throws {
    let original = try Self.model("recurrent/rnn_tanh_time_major.tflite")
    #expect(original.signatures.isEmpty)
    let lowering = try #require(try original.loweringRecurrentState())
    let signatures = lowering.model.signatures
    #expect(signatures.map(\.key) == ["<placeholder signature>", RecurrentStateLowering.resetSignatureKey])
    let main = original.subgraphs[0]
    #expect(signatures[0].subgraphIndex == 0)
    #expect(signatures[0].inputs.map(\.tensorIndex) == main.inputs)
    #expect(signatures[0].inputs.map(\.name) == main.inputs.map { main.tensors[$0].name })
    #expect(signatures[0].outputs.map(\.tensorIndex) == main.outputs)
  }

  @Test("hybrid weights quantized per channel drop out as in Python: zeros with one scale take their place")
  func perChannelHybridWeightsDropOut() throws {
    let original = try Self.model("recurrent/lstm_hybrid_per_channel.tflite")
    let lowered = try #require(try original.loweringRecurrentState()).model
    let tensors = lowered.subgraphs[0].tensors
    for name in ["lstm/input_to_cell", "lstm/recurrent_to_forget"] {
      let index = try #require(tensors.firstIndex { $0.name == name })
      #expect(tensors[index].quantization?.scales == [1])
      #expect(lowered.constantData(subgraph: 0, tensor: index).map { $0.allSatisfy { $0 == 0 } } == true)
    }
    // Weights quantized per tensor keep their values and scale.
    let kept = try #require(tensors.firstIndex { $0.name == "lstm/input_to_forget" })
    #expect(tensors[kept].quantization?.scales.count == 1)
    #expect(lowered.constantData(subgraph: 0, tensor: kept).map { $0.contains { $0 != 0 } } == true)
  }

  @Test("refusals name the operand and the fact that decided them")
  func refusals() throws {
    // (A dynamic sequence length: RecurrentStateLoopLoweringTests.)
    let add = try Self.model("recurrent/variable_add_refused.tflite")
    #expect(add.recurrentStateOperators.map(\.refusal) == [.operatorNotLowered(name: "ADD")])
    // The RNN kernel strides a time-major auxiliary input by the input's width (3), past the end
    // of one 2 wide.
    let aux = try Self.model("recurrent/bidirectional_rnn_aux_out_of_bounds_refused.tflite")
    #expect(
      aux.recurrentStateOperators.map(\.refusal) == [
        .auxiliaryInputOutOfBounds(tensor: "aux_sequence", elements: 6, read: 8)
      ])
    #expect(throws: RecurrentStateError.notLowerable(aux.recurrentStateOperators)) {
      try aux.loweringRecurrentState()
    }
  }

  @Test("diagonal recurrent weights become the diagonal matrices they stand for")
  func diagonalRecurrentWeights() throws {
    let original = try Self.model("recurrent/lstm_diagonal_recurrent.tflite")
    #expect(original.recurrentStateOperators.map(\.refusal) == [nil])
    let model = try #require(try original.loweringRecurrentState()).model
    let main = model.subgraphs[0]
    let index = try #require(main.tensors.firstIndex { $0.name.hasSuffix("/weights/recurrent") })
    #expect(main.tensors[index].shape == [4 * 3, 3])
    let data = try #require(model.constantData(subgraph: 0, tensor: index))
    let lstm = original.subgraphs[0].operators[0]
    for gate in 0..<4 {
      let diagonal = try #require(original.constantData(subgraph: 0, tensor: lstm.inputs[5 + gate]))
      for row in 0..<3 {
        for column in 0..<3 {
          let offset = data.startIndex + ((gate * 3 + row) * 3 + column) * 4
          let want =
            row == column
            ? Array(diagonal[diagonal.startIndex + row * 4..<diagonal.startIndex + row * 4 + 4]) : [0, 0, 0, 0]
          #expect(Array(data[offset..<offset + 4]) == want, "gate \(gate) [\(row), \(column)]")
        }
      }
    }
  }

  @Test("hybrid peephole LSTM: the int8 peephole weights become float constants Float(q) × scale")
  func hybridPeephole() throws {
    let original = try Self.model("recurrent/lstm_hybrid_peephole.tflite")
    #expect(original.recurrentStateOperators.map(\.refusal) == [nil])
    let model = try #require(try original.loweringRecurrentState()).model
    let main = model.subgraphs[0]
    let lstm = original.subgraphs[0].operators[0]
    for (gate, position) in [("input", 9), ("forget", 10), ("output", 11)] {
      let weights = original.subgraphs[0].tensors[lstm.inputs[position]]
      #expect(weights.type == .int8)
      let scale = try #require(weights.quantization?.scales.first)
      let q = try #require(original.constantData(subgraph: 0, tensor: lstm.inputs[position]))
      let index = try #require(main.tensors.firstIndex { $0.name.hasSuffix("/peephole/\(gate)") })
      #expect(main.tensors[index].type == .float32)
      let data = try #require(model.constantData(subgraph: 0, tensor: index))
      let floats = stride(from: 0, to: data.count, by: 4).map { offset in
        Float(
          bitPattern: data[data.startIndex + offset..<data.startIndex + offset + 4].reversed().reduce(0) {
            $0 << 8 | UInt32($1)
          })
      }
      #expect(floats == q.map { Float(Int8(bitPattern: $0)) * scale }, "\(gate)")
    }
  }

  @Test("hybrid LSTM: one hybrid FULLY_CONNECTED per gate keeps the gate's int8 weights")
  func hybridLSTM() throws {
    let original = try Self.model("converters/tf_keras_lstm_dynamic_range/model.tflite")
    #expect(original.recurrentStateOperators.map(\.refusal) == [nil])
    let model = try #require(try original.loweringRecurrentState()).model
    let main = model.subgraphs[0]
    let fullyConnected = main.operators.filter { model.operatorCode(of: $0)?.name == "FULLY_CONNECTED" }
    // Per gate: one over the sequence and one per step (3) on the output state; plus the head.
    #expect(fullyConnected.count == 4 * (1 + 3) + 1)
    let weights = Set(fullyConnected.map { $0.inputs[1] })
    // The LSTM's eight int8 weight tensors (11...18) are read as they are, not copied.
    #expect(weights.subtracting([6]) == Set(11...18))
    for index in 11...18 {
      #expect(main.tensors[index].type == .int8)
      #expect(main.tensors[index].quantization?.scales.count == 1)
    }
    #expect(!Self.names(model, 0).contains("UNIDIRECTIONAL_SEQUENCE_LSTM"))
  }

  /// A one-unit `UNIDIRECTIONAL_SEQUENCE_RNN` over `steps` steps (batch 1, one feature), built
  /// by hand; `configure` changes it before it is written.
  static func rnn(steps: Int32, configure: (inout TestModel) -> Void = { _ in }) throws -> TFLiteModel {
    let one = TestBuffer(data: littleEndianBytes(Float(0.5).bitPattern))
    var model = TestModel(
      opcodes: [.builtin(35), .builtin(0)],
      subgraphs: [
        TestSubgraph(
          tensors: [
            TestTensor(name: "x", shape: [1, steps, 1]),
            TestTensor(name: "input_weights", shape: [1, 1], buffer: 1),
            TestTensor(name: "recurrent_weights", shape: [1, 1], buffer: 2),
            TestTensor(name: "bias", shape: [1], buffer: 3),
            TestTensor(name: "hidden_state", shape: [1, 1], isVariable: true),
            TestTensor(name: "y", shape: [1, steps, 1]),
          ],
          inputs: [0], outputs: [5],
          operators: [TestOperator(opcodeIndex: 0, inputs: [0, 1, 2, 3, 4], outputs: [5])])
      ],
      buffers: [TestBuffer(), one, one, one])
    configure(&model)
    return try TFLiteModel(data: model.data)
  }

  @Test("the limits: the number of steps, a state used elsewhere")
  func limits() throws {
    let longest = try Self.rnn(steps: Int32(RecurrentStateLowering.maxSteps))
    let lowering = try #require(try longest.loweringRecurrentState())
    #expect(
      Self.names(lowering.model, 0).filter { $0 == "FULLY_CONNECTED" }.count == RecurrentStateLowering.maxSteps + 1)

    let tooLong = try Self.rnn(steps: Int32(RecurrentStateLowering.maxSteps + 1))
    #expect(tooLong.recurrentStateOperators.map(\.refusal) == [.tooManySteps(steps: 1025, limit: 1024)])

    let shared = try Self.rnn(steps: 2) { model in
      model.subgraphs[0].tensors.append(TestTensor(name: "sum", shape: [1, 1]))
      model.subgraphs[0].operators.append(
        TestOperator(opcodeIndex: 1, inputs: [4, 4], outputs: [6], optionsType: Op.addOptions, options: [:]))
    }
    // The ADD reading the variable is a limitation of its own.
    #expect(
      shared.recurrentStateOperators.map(\.refusal) == [
        .stateShared(role: "hidden_state", tensor: "hidden_state"), .operatorNotLowered(name: "ADD"),
      ])
  }

  @Test("models without variable tensors are left alone")
  func nothingToLower() throws {
    let model = try Self.model("models/linear.tflite")
    #expect(model.recurrentStateOperators.isEmpty)
    #expect(try model.loweringRecurrentState()?.data == nil)
  }
}
