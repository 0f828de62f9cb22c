import Foundation
import Testing

@testable import TFLiteFormat

/// A fully quantized (integer, "8x8_16") `UNIDIRECTIONAL_SEQUENCE_LSTM` becomes TensorBridge's
/// integer LSTM operator over resource variables. (Running it against Python is in
/// TensorBridgeTests' `IntegerLSTMTests`.)
@Suite("Recurrent state lowering: integer LSTM")
struct IntegerLSTMLoweringTests {
  @Test("converter's integer LSTM: CONCATENATION copies of the states, the custom operator, no intermediates left")
  func converterIntegerLSTM() throws {
    let original = try RecurrentStateLoweringTests.model("converters/tf_keras_lstm_full_integer_int8_io/model.tflite")
    #expect(original.recurrentStateOperators.map(\.refusal) == [nil])
    #expect(original.subgraphs[0].operators[0].intermediates.count == 5)
    let lowering = try #require(try original.loweringRecurrentState())
    #expect(lowering.customOperatorNames == [RecurrentStateLowering.integerLSTMOperatorName])
    let model = lowering.model
    #expect(
      RecurrentStateLoweringTests.names(model, 0) == [
        "CALL_ONCE", "VAR_HANDLE", "READ_VARIABLE", "VAR_HANDLE", "READ_VARIABLE", "CONCATENATION", "CONCATENATION",
        RecurrentStateLowering.integerLSTMOperatorName, "ASSIGN_VARIABLE", "ASSIGN_VARIABLE",
      ])
    #expect(model.subgraphs.allSatisfy { $0.operators.allSatisfy(\.intermediates.isEmpty) })
    #expect(model.subgraphs.allSatisfy { $0.tensors.allSatisfy { !$0.isVariable } })
    let custom = try #require(
      model.subgraphs[0].operators.first {
        model.operatorCode(of: $0)?.name == RecurrentStateLowering.integerLSTMOperatorName
      })
    #expect(custom.outputs.first == original.subgraphs[0].operators[0].outputs.first, "the LSTM's own output")
    let parameters = model.subgraphs[0].tensors[custom.inputs[1]]
    #expect(parameters.type == .int32)
    let words = try #require(model.constantData(subgraph: 0, tensor: custom.inputs[1]))
    #expect(IntegerLSTMParameters.int32s([UInt8](words)).first == IntegerLSTMParameters.magic)

    // The init subgraph fills the int8 output state with its zero point, as TensorFlow Lite
    // resets an int8 variable tensor, and the int16 cell state with 0.
    let initIndex = original.subgraphs.count
    #expect(
      RecurrentStateLoweringTests.names(model, initIndex) == [
        "VAR_HANDLE", "FILL", "ASSIGN_VARIABLE", "VAR_HANDLE", "FILL", "ASSIGN_VARIABLE",
      ])
    let fills = model.subgraphs[initIndex].operators.filter { model.operatorCode(of: $0)?.name == "FILL" }
    let values = try fills.map { fill in
      let tensor = model.subgraphs[initIndex].tensors[fill.inputs[1]]
      return (tensor.type, [UInt8](try #require(model.constantData(subgraph: initIndex, tensor: fill.inputs[1]))))
    }
    let zeroPoint = try #require(
      original.subgraphs[0].tensors[original.subgraphs[0].operators[0].inputs[18]].quantization
    )
    .zeroPoints[0]
    #expect(values[0].0 == .int8 && values[0].1 == [UInt8(bitPattern: Int8(zeroPoint))])
    #expect(values[1].0 == .int16 && values[1].1 == [0, 0])
  }

  @Test(
    "TensorFlow Lite's QuantizeMultiplier: mantissa in [2^30, 2^31), rounding up to 2^31 renormalized, tiny flushed")
  func quantizeMultiplier() {
    #expect(IntegerLSTMParameters.quantizeMultiplier(0.5) == (1 << 30, 0))
    #expect(IntegerLSTMParameters.quantizeMultiplier(1) == (1 << 30, 1))
    #expect(IntegerLSTMParameters.quantizeMultiplier(0.75) == ((1 << 30) + (1 << 29), 0))
    #expect(IntegerLSTMParameters.quantizeMultiplier(0) == (0, 0))
    #expect(IntegerLSTMParameters.quantizeMultiplier(0x1p-40) == (0, 0))
    #expect(IntegerLSTMParameters.quantizeMultiplier(1 - 0x1p-40) == (1 << 30, 1))
    #expect(IntegerLSTMPlan.checkedLog2(0x1p-11) == -11)
    #expect(IntegerLSTMPlan.checkedLog2(3e-4) == nil)
  }
}
