import Foundation
import Testing

@testable import TFLiteFormat

/// A fused LSTM over a sequence of dynamic length is lowered to a `WHILE` loop over its steps
/// (condition and body subgraphs appended after the init subgraph). Running the lowered models
/// against Python is in TensorBridgeTests' `RecurrentStateTests` and `ConverterCorpusAPITests`.
@Suite("Recurrent state lowering: dynamic sequence length")
struct RecurrentStateLoopLoweringTests {
  typealias Base = RecurrentStateLoweringTests

  @Test("tf_keras LSTM of any length: SHAPE, FILL and a WHILE whose last output is the LSTM's own")
  func tfKerasDynamicLSTM() throws {
    let original = try Base.model("converters/tf_keras_lstm_dynamic_time/model.tflite")
    #expect(original.recurrentStateOperators.map(\.refusal) == [nil])
    let lowering = try #require(try original.loweringRecurrentState())
    let model = lowering.model
    #expect(model.recurrentStateOperators.isEmpty)
    // main, init, loop condition, loop body.
    #expect(model.subgraphs.count == original.subgraphs.count + 3)
    let ops = Base.names(model, 0)
    #expect(
      ops == [
        "CALL_ONCE", "VAR_HANDLE", "READ_VARIABLE", "VAR_HANDLE", "READ_VARIABLE", "SHAPE", "GATHER", "MUL", "ADD",
        "FILL", "WHILE", "ASSIGN_VARIABLE", "ASSIGN_VARIABLE", "STRIDED_SLICE", "FULLY_CONNECTED",
      ])
    let main = model.subgraphs[0]
    let loop = try #require(main.operators.first { model.operatorCode(of: $0)?.name == "WHILE" })
    let lstm = original.subgraphs[0].operators[0]
    #expect(loop.inputs.count == 6)
    #expect(loop.inputs[4] == lstm.inputs[0], "the sequence itself is a loop variable")
    #expect(loop.outputs.last == lstm.outputs[0], "the loop writes the LSTM's own output tensor")
    #expect(main.tensors[lstm.outputs[0]].shapeSignature == [1, -1, 4])

    let cond = original.subgraphs.count + 1
    let body = cond + 1
    #expect(Base.names(model, cond) == ["LESS"])
    #expect(model.subgraphs[cond].outputs.count == 1)
    let bodyOps = Base.names(model, body)
    #expect(bodyOps.first == "RESHAPE")
    #expect(bodyOps.contains("GATHER"))
    #expect(bodyOps.suffix(4) == ["RESHAPE", "MUL", "DYNAMIC_UPDATE_SLICE", "ADD"])
    // One step: the input projection and the recurrent product.
    #expect(bodyOps.filter { $0 == "FULLY_CONNECTED" }.count == 2)
    #expect(bodyOps.filter { $0 == "MINIMUM" }.count == 1, "cell clip 10, once per step")
    for subgraph in [cond, body] {
      #expect(model.subgraphs[subgraph].inputs.count == 6)
      #expect(model.subgraphs[subgraph].tensors[Int(model.subgraphs[subgraph].inputs[5])].shapeSignature == [1, -1, 4])
    }
    #expect(model.subgraphs[body].outputs.count == 6)
    #expect(lowering.resetSignatureKey == RecurrentStateLowering.resetSignatureKey)
  }

  @Test("hybrid LSTM of any length: the body reads the LSTM's own int8 weight tables")
  func hybridDynamicLSTM() throws {
    let original = try Base.model("recurrent/lstm_hybrid_dynamic_time.tflite")
    let model = try #require(try original.loweringRecurrentState()).model
    let body = model.subgraphs[original.subgraphs.count + 2]
    let fullyConnected = body.operators.filter { model.operatorCode(of: $0)?.name == "FULLY_CONNECTED" }
    #expect(fullyConnected.count == 4 * 2, "per gate: the step's input and the output state")
    let main = original.subgraphs[0]
    let lstm = main.operators[0]
    let weightNames = Set((1...8).map { main.tensors[lstm.inputs[$0]].name })
    for op in fullyConnected {
      let weights = body.tensors[op.inputs[1]]
      #expect(weights.type == .int8)
      #expect(weights.quantization?.scales.count == 1)
      #expect(weightNames.contains(weights.name), "\(weights.name)")
      #expect(model.constantData(subgraph: original.subgraphs.count + 2, tensor: op.inputs[1]) != nil)
    }
  }

  @Test("fused RNN of any length: a WHILE carrying the hidden state, whose last output is the RNN's own")
  func dynamicRNN() throws {
    let original = try Base.model("recurrent/rnn_dynamic_time.tflite")
    #expect(original.recurrentStateOperators.map(\.refusal) == [nil])
    let model = try #require(try original.loweringRecurrentState()).model
    #expect(model.recurrentStateOperators.isEmpty)
    #expect(model.subgraphs.count == original.subgraphs.count + 3)
    #expect(
      Base.names(model, 0) == [
        "CALL_ONCE", "VAR_HANDLE", "READ_VARIABLE", "SHAPE", "GATHER", "MUL", "ADD", "FILL", "WHILE",
        "ASSIGN_VARIABLE",
      ])
    let rnn = original.subgraphs[0].operators[0]
    let loop = try #require(model.subgraphs[0].operators.first { model.operatorCode(of: $0)?.name == "WHILE" })
    #expect(loop.inputs.count == 5, "step, steps, hidden state, input, output")
    #expect(loop.inputs[2] == rnn.inputs[4])
    #expect(loop.inputs[3] == rnn.inputs[0])
    #expect(loop.outputs.last == rnn.outputs[0])
    let body = original.subgraphs.count + 2
    #expect(
      Base.names(model, body) == [
        "RESHAPE", "GATHER", "RESHAPE", "FULLY_CONNECTED", "RESHAPE", "UNPACK", "FULLY_CONNECTED", "ADD", "TANH",
        "RESHAPE", "MUL", "DYNAMIC_UPDATE_SLICE", "ADD",
      ])
    #expect(model.subgraphs[body].inputs.count == 5)
    #expect(model.subgraphs[body].outputs.count == 5)
  }

  @Test("a dynamic batch and input size are fixed at the state's and weights' sizes, the sequence length stays a loop")
  func dynamicBatchFixedByTheState() throws {
    let rnn = try Base.model("recurrent/rnn_dynamic_batch.tflite")
    let lowered = try #require(try rnn.loweringRecurrentState())
    #expect(
      lowered.fixedDimensions == [
        RecurrentFixedDimension(
          subgraphIndex: 0, tensorIndex: 0, tensorName: "sequence", axis: 0, size: 1,
          operatorLocation: "subgraphs[0].operators[0] UNIDIRECTIONAL_SEQUENCE_RNN")
      ])
    #expect(!lowered.model.operatorNames.contains("WHILE"), "a fixed sequence length is unrolled")
    let lstm = try #require(try Base.model("recurrent/lstm_dynamic_batch_and_time.tflite").loweringRecurrentState())
    #expect(lstm.fixedDimensions.map(\.axis) == [0], "the batch only: the time axis is the loop's")
    #expect(lstm.model.operatorNames.contains("WHILE"))
    let svdf = try #require(try Base.model("recurrent/svdf_dynamic_batch.tflite").loweringRecurrentState())
    #expect(svdf.fixedDimensions.map(\.size) == [2])
    // A model of fixed shapes has none.
    #expect(try Base.model("recurrent/rnn_relu.tflite").loweringRecurrentState()?.fixedDimensions == [])
  }

}
