import Foundation
import Testing

@testable import TFLiteFormat

/// The builtin (non-sequence) `LSTM` operator — TensorFlow Lite's `lstm.cc` full kernel, one
/// step `[batch, n_input]` per invoke — lowered as a one-step sequence LSTM: float32 and hybrid
/// to builtin operators, the integer 8x8_16 form to TensorBridge's integer LSTM operator.
/// (Running them against Python is in TensorBridgeTests' `RecurrentStateTests` and
/// `IntegerLSTMTests`.)
@Suite("Recurrent state lowering: builtin LSTM")
struct BuiltinLSTMLoweringTests {
  static func names(_ model: TFLiteModel) -> [String] { RecurrentStateLoweringTests.names(model, 0) }

  @Test("float32: one step of builtin operators, no time axis, the output state copied into the LSTM's output")
  func float() throws {
    let original = try RecurrentStateLoweringTests.model("recurrent/builtin_lstm_float.tflite")
    let lstm = original.subgraphs[0].operators[0]
    #expect(lstm.inputs.count == 20)
    #expect(
      original.recurrentStateOperators == [
        RecurrentStateOperator(
          subgraphIndex: 0, operatorIndex: 0, operatorName: "LSTM", stateTensors: [lstm.inputs[18], lstm.inputs[19]],
          refusal: nil)
      ])
    let lowering = try #require(try original.loweringRecurrentState())
    #expect(lowering.customOperatorNames.isEmpty)
    let model = lowering.model
    let ops = Self.names(model)
    #expect(Array(ops.prefix(5)) == ["CALL_ONCE", "VAR_HANDLE", "READ_VARIABLE", "VAR_HANDLE", "READ_VARIABLE"])
    #expect(Array(ops.suffix(3)) == ["CONCATENATION", "ASSIGN_VARIABLE", "ASSIGN_VARIABLE"])
    #expect(!ops.contains("LSTM"))
    // One step: the input product and the recurrent product, nothing over a time axis.
    #expect(ops.filter { $0 == "FULLY_CONNECTED" }.count == 2)
    for sequenceOperator in ["RESHAPE", "UNPACK", "PACK", "WHILE"] { #expect(!ops.contains(sequenceOperator)) }
    let main = model.subgraphs[0]
    let input = try #require(main.operators.first { model.operatorCode(of: $0)?.name == "FULLY_CONNECTED" })
    #expect(input.inputs[0] == lstm.inputs[0], "the [1, 3] input itself")
    let copy = try #require(main.operators.first { model.operatorCode(of: $0)?.name == "CONCATENATION" })
    #expect(copy.outputs == lstm.outputs, "the LSTM's own [batch, n_output] output")
    #expect(main.tensors[lstm.outputs[0]].shape == [1, 4])
    #expect(main.tensors[copy.inputs[0]].shape == [1, 4])
    #expect(model.subgraphs.allSatisfy { $0.tensors.allSatisfy { !$0.isVariable } })
  }

  @Test("CIFG, peephole, layer norm, projection and clips; hybrid: the sequence lowering's cell math over one step")
  func variants() throws {
    let full = try RecurrentStateLoweringTests.model(
      "recurrent/builtin_lstm_cifg_peephole_layer_norm_projection.tflite")
    let fullOps = Self.names(try #require(try full.loweringRecurrentState()).model)
    // Three gates (CIFG) split from one product; layer norm's RSQRT per gate; both clips.
    #expect(fullOps.filter { $0 == "SPLIT" }.count == 1)
    #expect(fullOps.filter { $0 == "RSQRT" }.count == 3)
    #expect(fullOps.filter { $0 == "MINIMUM" }.count == 2)
    #expect(fullOps.filter { $0 == "RELU6" }.count == 2, "the cell gate's and the cell's activation")
    #expect(fullOps.filter { $0 == "FULLY_CONNECTED" }.count == 3, "input, recurrent, projection")

    let hybrid = try RecurrentStateLoweringTests.model("recurrent/builtin_lstm_hybrid.tflite")
    let lowered = try #require(try hybrid.loweringRecurrentState()).model
    let fullyConnected = lowered.subgraphs[0].operators.filter {
      lowered.operatorCode(of: $0)?.name == "FULLY_CONNECTED"
    }
    // Per gate: the input product and the recurrent product, each keeping the gate's int8 weights.
    #expect(fullyConnected.count == 4 * 2)
    let lstm = hybrid.subgraphs[0].operators[0]
    #expect(Set(fullyConnected.map { $0.inputs[1] }) == Set(lstm.inputs[1...8]))
    #expect(fullyConnected.allSatisfy { lowered.subgraphs[0].tensors[$0.inputs[1]].type == .int8 })
  }

  @Test("integer 8x8_16: TensorBridge's integer LSTM operator over one time-major step")
  func integer() throws {
    let original = try RecurrentStateLoweringTests.model("recurrent/lstm_integer_builtin.tflite")
    #expect(original.subgraphs[0].operators[0].intermediates.count == 5)
    #expect(original.recurrentStateOperators.map(\.refusal) == [nil])
    let lowering = try #require(try original.loweringRecurrentState())
    #expect(lowering.customOperatorNames == [RecurrentStateLowering.integerLSTMOperatorName])
    let model = lowering.model
    #expect(
      Self.names(model) == [
        "CALL_ONCE", "VAR_HANDLE", "READ_VARIABLE", "VAR_HANDLE", "READ_VARIABLE", "CONCATENATION", "CONCATENATION",
        RecurrentStateLowering.integerLSTMOperatorName, "ASSIGN_VARIABLE", "ASSIGN_VARIABLE",
      ])
    let custom = try #require(
      model.subgraphs[0].operators.first {
        model.operatorCode(of: $0)?.name == RecurrentStateLowering.integerLSTMOperatorName
      })
    let lstm = original.subgraphs[0].operators[0]
    #expect(custom.inputs[0] == lstm.inputs[0] && custom.outputs[0] == lstm.outputs[0])
    let words = IntegerLSTMParameters.int32s(
      [UInt8](try #require(model.constantData(subgraph: 0, tensor: custom.inputs[1]))))
    typealias Word = IntegerLSTMParameters.Word
    #expect(
      words[Word.batch] == 2 && words[Word.inputSize] == 3 && words[Word.cells] == 4 && words[Word.outputSize] == 3)
    let flags = IntegerLSTMParameters.Flag.self
    #expect(words[Word.flags] == flags.layerNorm | flags.projection | flags.timeMajor, "time-major, as lstm.cc runs it")
    #expect(model.subgraphs.allSatisfy { $0.operators.allSatisfy(\.intermediates.isEmpty) })
  }

  @Test("integer 8x8_8: TensorBridge's 8x8_8 operator, the output gate's recurrent rescaling read as Python reads it")
  func integer8x8_8() throws {
    let original = try RecurrentStateLoweringTests.model("recurrent/lstm_integer_builtin_8x8_8_cifg_batch2.tflite")
    #expect(original.subgraphs[0].operators[0].intermediates.count == 12)
    #expect(original.recurrentStateOperators.map(\.refusal) == [nil])
    let lowering = try #require(try original.loweringRecurrentState())
    let name = RecurrentStateLowering.integerLSTM8x8_8OperatorName
    #expect(lowering.customOperatorNames == [name])
    let model = lowering.model
    #expect(
      Self.names(model) == [
        "CALL_ONCE", "VAR_HANDLE", "READ_VARIABLE", "VAR_HANDLE", "READ_VARIABLE", "CONCATENATION", "CONCATENATION",
        name, "ASSIGN_VARIABLE", "ASSIGN_VARIABLE",
      ])
    let custom = try #require(model.subgraphs[0].operators.first { model.operatorCode(of: $0)?.name == name })
    let words = IntegerLSTMParameters.int32s(
      [UInt8](try #require(model.constantData(subgraph: 0, tensor: custom.inputs[1]))))
    typealias Word = IntegerLSTM8x8_8Parameters.Word
    #expect(words[Word.magic] == IntegerLSTM8x8_8Parameters.magic)
    #expect(
      words[Word.batch] == 2 && words[Word.inputSize] == 4 && words[Word.cells] == 5 && words[Word.outputSize] == 3)
    #expect(words[Word.cellClip] == 13107, "0.4 at 2^-15")
    #expect(words[Word.projectionClip] == 37, "0.3 at the output's scale 0.008")
    // The output gate's recurrent product: intermediate_scale_a[11] (= intermediate_scale_b[3],
    // the forget gate's recurrent shift) as the multiplier, intermediate_zp[7] as the zero point.
    let forget = Word.gates
    let output = Word.gates + 2 * Word.gateWords
    #expect(words[output + 8] == words[forget + 9])
    #expect(words[output + 5] == words[Word.gates + Word.gateWords + 2], "the cell gate's input zero point")
    #expect(model.subgraphs.allSatisfy { $0.operators.allSatisfy(\.intermediates.isEmpty) })
  }

  @Test("refused: 8x8_8 without layer norm (Python crashes), kernel_type BASIC with variable tensors")
  func refusals() throws {
    let eightBit = try RecurrentStateLoweringTests.model(
      "recurrent/lstm_integer_builtin_8x8_8_no_layer_norm_refused.tflite")
    #expect(
      eightBit.recurrentStateOperators.map(\.refusal) == [
        .integerLSTM8x8_8MissingOperand(role: "forget_layer_norm_coefficients")
      ])
    #expect(RecurrentStateRefusal.intermediates(count: 12).description.contains("8x8_8"))

    // A builtin LSTM of 20 inputs whose options say BASIC: the basic kernel takes 5.
    var inputs = [Int32](repeating: -1, count: 20)
    inputs[0] = 0
    inputs[18] = 1
    inputs[19] = 2
    let basic = try TFLiteModel(
      data: TestModel(
        opcodes: [.builtin(16)],
        subgraphs: [
          TestSubgraph(
            tensors: [
              TestTensor(name: "x", shape: [1, 1]), TestTensor(name: "h", shape: [1, 1], isVariable: true),
              TestTensor(name: "c", shape: [1, 1], isVariable: true), TestTensor(name: "y", shape: [1, 1]),
            ],
            inputs: [0], outputs: [3],
            operators: [
              TestOperator(opcodeIndex: 0, inputs: inputs, outputs: [3], optionsType: 14, options: [3: .int8(1)])
            ])
        ],
        buffers: [TestBuffer()]
      ).data)
    let refusal = try #require(basic.recurrentStateOperators.first?.refusal)
    guard case .inconsistentOperands(let what) = refusal else {
      Issue.record("\(refusal)")
      return
    }
    #expect(what.contains("kernel_type is BASIC"))
  }
}
