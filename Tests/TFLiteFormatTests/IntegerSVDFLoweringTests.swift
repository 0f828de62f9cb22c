import Foundation
import Testing

@testable import TFLiteFormat

/// A fully quantized (integer) `SVDF` becomes TensorBridge's integer SVDF operator over a
/// resource variable. (Running it against Python is in TensorBridgeTests' `IntegerSVDFTests`.)
@Suite("Recurrent state lowering: integer SVDF")
struct IntegerSVDFLoweringTests {
  typealias Word = IntegerSVDFPlan.Word

  /// The lowered model and the parameter block of its one integer SVDF operator.
  static func lowered(_ name: String) throws -> (original: TFLiteModel, model: TFLiteModel, words: [Int32]) {
    let original = try RecurrentStateLoweringTests.model("recurrent/\(name).tflite")
    let lowering = try #require(try original.loweringRecurrentState())
    let model = lowering.model
    let custom = try #require(
      model.subgraphs[0].operators.first {
        model.operatorCode(of: $0)?.name == RecurrentStateLowering.integerSVDFOperatorName
      })
    let data = try #require(model.constantData(subgraph: 0, tensor: custom.inputs[1]))
    return (original, model, IntegerLSTMParameters.int32s([UInt8](data)))
  }

  @Test("rank 1 with bias: the state reshaped by unit and copied, the custom operator, the new state reshaped back")
  func rank1() throws {
    let (original, model, words) = try Self.lowered("svdf_integer_rank1_relu")
    #expect(
      RecurrentStateLoweringTests.names(model, 0) == [
        "CALL_ONCE", "VAR_HANDLE", "READ_VARIABLE", "RESHAPE", "CONCATENATION",
        RecurrentStateLowering.integerSVDFOperatorName, "RESHAPE", "ASSIGN_VARIABLE",
      ])
    #expect(model.subgraphs.allSatisfy { $0.tensors.allSatisfy { !$0.isVariable } })
    let custom = try #require(
      model.subgraphs[0].operators.first {
        model.operatorCode(of: $0)?.name == RecurrentStateLowering.integerSVDFOperatorName
      })
    let svdf = original.subgraphs[0].operators[0]
    #expect(custom.inputs[0] == svdf.inputs[0] && custom.outputs[0] == svdf.outputs[0])
    #expect(model.subgraphs[0].tensors[custom.inputs[2]].shape == [2, 4, 3], "[batch, units, rank x memory]")
    #expect(model.subgraphs[0].tensors[custom.inputs[2]].type == .int16)

    // The header: sizes, zero points, Prepare's multipliers, the three arrays.
    #expect(words[Word.magic] == IntegerSVDFPlan.magic && words[Word.count] == Int32(words.count))
    #expect(Array(words[Word.batch...Word.memory]) == [2, 5, 4, 1, 3])
    #expect(words[Word.inputZeroPoint] == 3 && words[Word.outputZeroPoint] == -5)
    let feature = IntegerLSTMParameters.quantizeMultiplier(Double(Float(0.05) * Float(0.004) / Float(0x1p-12)))
    let time = IntegerLSTMParameters.quantizeMultiplier(Double(Float(0x1p-12) * Float(1e-4) / Float(0.02)))
    #expect(words[Word.featureMultiplier] == feature.multiplier && words[Word.featureShift] == feature.shift)
    #expect(words[Word.outputMultiplier] == time.multiplier && words[Word.outputShift] == time.shift)
    let weights = try #require(original.constantData(subgraph: 0, tensor: svdf.inputs[1]))
    let offset = Int(words[Word.weightsFeature])
    let packed = words[offset..<(offset + 5)].flatMap { littleEndianBytes(UInt32(bitPattern: $0)) }
    #expect(Array(packed.prefix(20)) == Array(weights), "4 filters x 5 inputs, int8")
    let bias = try #require(original.constantData(subgraph: 0, tensor: svdf.inputs[3]))
    let biasOffset = Int(words[Word.bias])
    #expect(Array(words[biasOffset..<(biasOffset + 4)]) == IntegerLSTMParameters.int32s([UInt8](bias)))

    // The init subgraph fills the int16 state with 0, as TensorFlow Lite resets it.
    let initIndex = original.subgraphs.count
    #expect(RecurrentStateLoweringTests.names(model, initIndex) == ["VAR_HANDLE", "FILL", "ASSIGN_VARIABLE"])
    let fill = try #require(model.subgraphs[initIndex].operators.first { model.operatorCode(of: $0)?.name == "FILL" })
    #expect(model.subgraphs[initIndex].tensors[fill.inputs[1]].type == .int16)
    #expect([UInt8](try #require(model.constantData(subgraph: initIndex, tensor: fill.inputs[1]))) == [0, 0])
  }

  @Test("rank 2 without bias: units from the rank, no bias array")
  func rank2WithoutBias() throws {
    let (_, model, words) = try Self.lowered("svdf_integer_rank2_no_bias")
    #expect(Array(words[Word.batch...Word.memory]) == [2, 4, 6, 2, 4])
    #expect(words[Word.bias] == 0)
    let custom = try #require(
      model.subgraphs[0].operators.first {
        model.operatorCode(of: $0)?.name == RecurrentStateLowering.integerSVDFOperatorName
      })
    #expect(model.subgraphs[0].tensors[custom.inputs[2]].shape == [2, 3, 8])
  }

  @Test("activation NONE: refused, as TensorFlow Lite's integer kernel takes only RELU")
  func noneRefused() throws {
    let model = try RecurrentStateLoweringTests.model("recurrent/svdf_integer_none_refused.tflite")
    #expect(model.recurrentStateOperators.map(\.refusal) == [.integerSVDFActivation(rawValue: 0)])
    #expect(model.recurrentStateOperators.map(\.customOperatorName) == [nil])
    #expect(throws: RecurrentStateError.self) { try model.loweringRecurrentState() }
  }
}
