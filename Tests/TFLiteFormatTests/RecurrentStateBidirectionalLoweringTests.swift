import Foundation
import Testing

@testable import TFLiteFormat

/// Bidirectional LSTMs and RNNs are lowered as two unrolled directions (the backward one from
/// the last step to the first), and `SVDF` as one frame's shift and sums. Running the lowered
/// models against Python is in TensorBridgeTests' `RecurrentStateTests` and the converter
/// corpus (`handmade_*`).
@Suite("Recurrent state lowering: bidirectional operators and SVDF")
struct RecurrentStateBidirectionalLoweringTests {
  typealias Base = RecurrentStateLoweringTests

  @Test("merged bidirectional RNN: two directions PACKed, then CONCATENATION into the op's output")
  func mergedBidirectionalRNN() throws {
    let original = try Base.model("recurrent/bidirectional_rnn_merged.tflite")
    let op = original.subgraphs[0].operators[0]
    #expect(original.recurrentStateOperators.map(\.stateTensors) == [[op.inputs[4], op.inputs[8]]])
    #expect(original.recurrentStateOperators.map(\.refusal) == [nil])
    let model = try #require(try original.loweringRecurrentState()).model
    #expect(model.recurrentStateOperators.isEmpty)
    let ops = Base.names(model, 0)
    #expect(!ops.contains("BIDIRECTIONAL_SEQUENCE_RNN"))
    #expect(ops.filter { $0 == "READ_VARIABLE" }.count == 2)
    #expect(ops.filter { $0 == "ASSIGN_VARIABLE" }.count == 2)
    // 4 steps each way, one recurrent FULLY_CONNECTED per step, plus each input projection.
    #expect(ops.filter { $0 == "FULLY_CONNECTED" }.count == 2 * (4 + 1))
    #expect(ops.filter { $0 == "PACK" }.count == 2)
    let concatenation = try #require(
      model.subgraphs[0].operators.first { model.operatorCode(of: $0)?.name == "CONCATENATION" })
    #expect(concatenation.outputs == op.outputs)
    // The init subgraph zeroes both hidden states.
    #expect(Base.names(model, original.subgraphs.count).filter { $0 == "ASSIGN_VARIABLE" }.count == 2)
  }

  @Test("bidirectional LSTM with two outputs: four states, each direction PACKed into its own output")
  func bidirectionalLSTM() throws {
    let original = try Base.model("recurrent/bidirectional_lstm_cifg_peephole_projection.tflite")
    let op = original.subgraphs[0].operators[0]
    #expect(original.recurrentStateOperators.map(\.stateTensors) == [Array(op.inputs[35...38])])
    let model = try #require(try original.loweringRecurrentState()).model
    let main = model.subgraphs[0]
    let ops = Base.names(model, 0)
    #expect(!ops.contains("BIDIRECTIONAL_SEQUENCE_LSTM"))
    #expect(!ops.contains("CONCATENATION"))
    #expect(ops.filter { $0 == "READ_VARIABLE" }.count == 4)
    let packs = main.operators.filter { model.operatorCode(of: $0)?.name == "PACK" }
    #expect(packs.map(\.outputs) == [[op.outputs[0]], [op.outputs[1]]])
  }

  @Test("bidirectional LSTM of any length: two WHILE loops, the backward one between two REVERSE_V2")
  func dynamicBidirectionalLSTM() throws {
    let original = try Base.model("recurrent/bidirectional_lstm_dynamic_time.tflite")
    #expect(original.recurrentStateOperators.map(\.refusal) == [nil])
    let model = try #require(try original.loweringRecurrentState()).model
    #expect(model.recurrentStateOperators.isEmpty)
    // main, init, then a condition and a body per direction.
    #expect(model.subgraphs.count == original.subgraphs.count + 5)
    let ops = Base.names(model, 0)
    #expect(ops.filter { $0 == "WHILE" }.count == 2)
    #expect(ops.filter { $0 == "REVERSE_V2" }.count == 2)
    #expect(ops.suffix(6) == ["REVERSE_V2", "CONCATENATION"] + Array(repeating: "ASSIGN_VARIABLE", count: 4))
    let op = original.subgraphs[0].operators[0]
    let concatenation = try #require(
      model.subgraphs[0].operators.first { model.operatorCode(of: $0)?.name == "CONCATENATION" })
    #expect(concatenation.outputs == op.outputs)
    #expect(model.subgraphs[0].tensors[op.outputs[0]].shapeSignature == [-1, 2, 8])
  }

  @Test(
    "auxiliary input: cross links add a FULLY_CONNECTED over it per direction; without weights it is the backward input"
  )
  func auxiliaryInput() throws {
    let cross = try Base.model("recurrent/bidirectional_rnn_aux_cross_linked.tflite")
    let op = cross.subgraphs[0].operators[0]
    #expect(cross.recurrentStateOperators.map(\.refusal) == [nil])
    let model = try #require(try cross.loweringRecurrentState()).model
    let main = model.subgraphs[0]
    let fullyConnected = main.operators.filter { model.operatorCode(of: $0)?.name == "FULLY_CONNECTED" }
    // Per direction: the input and the auxiliary products over the sequence, 3 recurrent ones.
    #expect(fullyConnected.count == 2 * (2 + 3))
    #expect(Set(fullyConnected.map { $0.inputs[1] }).isSuperset(of: [op.inputs[10], op.inputs[11]]))
    #expect(!Base.names(model, 0).contains("GATHER"), "batch-major float: read as laid out")

    // The LSTM without auxiliary weights: the backward direction reads the auxiliary input.
    let stacked = try Base.model("recurrent/bidirectional_lstm_aux_backward_input.tflite")
    let lstm = stacked.subgraphs[0].operators[0]
    let lowered = try #require(try stacked.loweringRecurrentState()).model
    let reshapes = lowered.subgraphs[0].operators.filter { lowered.operatorCode(of: $0)?.name == "RESHAPE" }
    let names = reshapes.map { lowered.subgraphs[0].tensors[$0.inputs[0]].name }
    #expect(reshapes.filter { $0.inputs[0] == lstm.inputs[0] }.count == 1, "\(names)")
    #expect(reshapes.filter { $0.inputs[0] == lstm.inputs[39] }.count == 1, "\(names)")
  }

  @Test("a time-major RNN's auxiliary input strided by the input's width is gathered where the kernel reads it")
  func stridedAuxiliaryInput() throws {
    let original = try Base.model("recurrent/bidirectional_rnn_aux_time_major_strided.tflite")
    let model = try #require(try original.loweringRecurrentState()).model
    let main = model.subgraphs[0]
    let gathers = main.operators.filter { model.operatorCode(of: $0)?.name == "GATHER" }
    #expect(gathers.count == 1)
    let indices = try #require(gathers.first?.inputs[1])
    #expect(main.tensors[indices].shape == [3, 2, 5])
    let data = try #require(model.constantData(subgraph: 0, tensor: indices))
    let values = stride(from: data.startIndex, to: data.endIndex, by: 4).map { offset in
      Int32(littleEndian: data[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | Int32($1) })
    }
    // Step s, batch entry b starts at s × 3 × 2 + b × 5 of the flat [3, 2, 5] data.
    #expect(values.count == 30)
    #expect([values[0], values[5], values[10], values[15], values[20], values[25]] == [0, 5, 6, 11, 12, 17])
    #expect(values[19] == 15, "step 1, batch entry 1, its last value")
  }

  @Test("hybrid time-major RNN: both directions run once per step, as its kernel loops")
  func hybridTimeMajorPasses() throws {
    let original = try Base.model("recurrent/bidirectional_rnn_hybrid_time_major_aux.tflite")
    let model = try #require(try original.loweringRecurrentState()).model
    let ops = Base.names(model, 0)
    // Per direction: input and auxiliary products, then 3 passes of 3 recurrent ones.
    #expect(ops.filter { $0 == "FULLY_CONNECTED" }.count == 2 * (2 + 3 * 3))
  }

  @Test("SVDF: FULLY_CONNECTED, SLICE, CONCATENATION, MUL, SUM over a resource variable")
  func svdf() throws {
    let original = try Base.model("recurrent/svdf_rank2_batch2_no_bias.tflite")
    #expect(original.recurrentStateOperators.map(\.refusal) == [nil])
    let model = try #require(try original.loweringRecurrentState()).model
    #expect(model.recurrentStateOperators.isEmpty)
    #expect(
      Base.names(model, 0) == [
        "CALL_ONCE", "VAR_HANDLE", "READ_VARIABLE", "FULLY_CONNECTED", "RESHAPE", "RESHAPE", "SLICE",
        "CONCATENATION", "MUL", "SUM", "RESHAPE", "SUM", "RESHAPE", "RESHAPE", "ASSIGN_VARIABLE",
      ])
    let op = original.subgraphs[0].operators[0]
    let main = model.subgraphs[0]
    #expect(main.operators[12].outputs == op.outputs, "the SVDF's own output tensor")
    #expect(main.tensors[op.inputs[4]].shape == [2, 24])
  }
}
