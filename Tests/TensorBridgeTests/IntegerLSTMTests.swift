import Foundation
import TFLiteFormat
import XCTest

@testable import TensorBridge

/// Fully quantized ("8x8_16") `UNIDIRECTIONAL_SEQUENCE_LSTM`s (and a builtin `LSTM`), which LiteRT's compiled model
/// refuses (intermediates, variable tensors): TensorBridge rewrites each into its integer LSTM
/// operator over resource variables and runs it with its own C kernel. Python's classic
/// interpreter is the reference (`Tests/Fixtures/recurrent/lstm_integer_*`, written by
/// `scripts/fixtures/make_recurrent_fixtures.py`): one interpreter, four invokes in order (the
/// second with the first's input, `reset_all_variables()` before the third), and every int8
/// output must be exactly Python's.
final class IntegerLSTMTests: XCTestCase {
  static let prefix = "lstm_integer_"

  /// Runs fixture `name` step by step as the generator did; returns how many outputs differ
  /// from Python's (and the first difference), checking shapes on the way.
  static func mismatches(_ name: String, options: Interpreter.Options = Interpreter.Options()) throws -> (
    count: Int, first: String?
  ) {
    let reference = try RecurrentStateTests.reference(name)
    let interpreter = try Interpreter(modelPath: RecurrentStateTests.path(name), options: options)
    var count = 0
    var first: String?
    for (k, step) in reference.steps.enumerated() {
      if step.reset_before { try interpreter.resetVariables() }
      for (index, input) in step.inputs.enumerated() {
        if try interpreter.input(at: index).shape.dimensions != input.shape {
          try interpreter.resizeInput(at: index, to: Tensor.Shape(input.shape))
        }
        try interpreter.copy(input.data.map { Int8($0) }, toInputAt: index)
      }
      try interpreter.invoke()
      for (index, expected) in step.outputs.enumerated() {
        let output = try interpreter.output(at: index)
        XCTAssertEqual(output.shape.dimensions, expected.shape, "\(name) step \(k)")
        let values = try output.values(as: Int8.self)
        XCTAssertEqual(values.count, expected.data.count, "\(name) step \(k)")
        for (position, (got, want)) in zip(values, expected.data).enumerated() where Float(got) != want {
          count += 1
          if first == nil { first = "step \(k) output \(index)[\(position)]: \(got), Python \(Int(want))" }
        }
      }
    }
    XCTAssertNotEqual(reference.steps[0].outputs[0].data, reference.steps[1].outputs[0].data, "\(name): state")
    return (count, first)
  }

  func check(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let result = try Self.mismatches(name)
    XCTAssertEqual(result.count, 0, "\(name): \(result.first ?? "")", file: file, line: line)
  }

  func testBasicMatchesPythonExactly() throws { try check("lstm_integer_basic") }

  func testCIFGBatchMajorBatch2WithCellClipMatchesPythonExactly() throws { try check("lstm_integer_cifg_batch2") }

  func testPeepholeTimeMajorMatchesPythonExactly() throws { try check("lstm_integer_peephole_time_major") }

  func testLayerNormMatchesPythonExactly() throws { try check("lstm_integer_layer_norm") }

  func testProjectionWithBiasAndClipsMatchesPythonExactly() throws { try check("lstm_integer_projection_clip") }

  func testCIFGPeepholeLayerNormProjectionWithoutBiasMatchesPythonExactly() throws {
    try check("lstm_integer_cifg_peephole_layer_norm_projection")
  }

  func testDynamicSequenceLengthMatchesPythonExactly() throws { try check("lstm_integer_dynamic_time") }

  func testWithoutXNNPackTheSameIntegers() throws {
    // The state copies (CONCATENATION), the reads and assignments run on LiteRT's builtin
    // kernels either way; the LSTM itself is TensorBridge's.
    var builtin = Interpreter.Options()
    builtin.isXNNPackEnabled = false
    for name in ["lstm_integer_basic", "lstm_integer_cifg_peephole_layer_norm_projection"] {
      let result = try Self.mismatches(name, options: builtin)
      XCTAssertEqual(result.count, 0, "\(name): \(result.first ?? "")")
    }
  }

  /// A cell state scale of 2⁻¹⁶: Python's tanh leaves its buffer as it was (the input gate).
  func testCellScaleOutsideTheTanhRangeMatchesPythonExactly() throws { try check("lstm_integer_cell_scale_2_16") }

  /// The builtin (non-sequence) `LSTM`'s 8x8_16 form: one int8 step `[2, 3]` per invoke, the
  /// state carried from invoke to invoke (layer norm, projection, cell clip, batch 2).
  func testBuiltinLSTMOneStepPerInvokeMatchesPythonExactly() throws { try check("lstm_integer_builtin") }

  func testEveryIntegerFixtureIsCovered() throws {
    let names = try RecurrentStateTests.fixtures().filter { $0.hasPrefix(Self.prefix) }
    XCTAssertEqual(
      names.count, 11, "eight sequence variants, the builtin LSTM's 8x8_16 form and two refusals (one 8x8_8): \(names)")
  }

  func testTheLoweredModelUsesTheIntegerOperatorAndNoVariableTensors() throws {
    let model = try TFLiteModel(
      data: Data(contentsOf: URL(fileURLWithPath: RecurrentStateTests.path("lstm_integer_basic"))))
    let lowering = try XCTUnwrap(try model.loweringRecurrentState())
    XCTAssertEqual(lowering.customOperatorNames, [RecurrentStateLowering.integerLSTMOperatorName])
    XCTAssertTrue(lowering.model.operatorNames.contains(RecurrentStateLowering.integerLSTMOperatorName))
    XCTAssertFalse(lowering.model.operatorNames.contains("UNIDIRECTIONAL_SEQUENCE_LSTM"))
    XCTAssertTrue(lowering.model.subgraphs.allSatisfy { !$0.tensors.contains(where: \.isVariable) })
    XCTAssertTrue(lowering.model.subgraphs.allSatisfy { $0.operators.allSatisfy(\.intermediates.isEmpty) })
  }
}
