import Foundation
import TFLiteFormat
import XCTest

@testable import TensorBridge

/// Fully quantized ("8x8_16") `UNIDIRECTIONAL_SEQUENCE_LSTM`s (and builtin `LSTM`s, also in the
/// older "8x8_8" form), which LiteRT's compiled model
/// refuses (intermediates, variable tensors): TensorBridge rewrites each into its integer LSTM
/// operator over resource variables and runs it with its own C kernel. Python's classic
/// interpreter is the reference (`Tests/Fixtures/recurrent/lstm_integer_*`, written by
/// `scripts/fixtures/make_recurrent_fixtures.py`): one interpreter, four invokes in order (the
/// second with the first's input, `reset_all_variables()` before the third), and every int8
/// output must be exactly Python's.
final class IntegerLSTMTests: XCTestCase {
  static let prefix = "lstm_integer_"

  func check(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let result = try RecurrentStateTests.integerMismatches(name)
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
      let result = try RecurrentStateTests.integerMismatches(name, options: builtin)
      XCTAssertEqual(result.count, 0, "\(name): \(result.first ?? "")")
    }
  }

  /// Per-channel input-to-forget weights: the kernel reads their legacy scale, which Python's
  /// interpreter sets to 0, so their products drop out (as they do here).
  func testPerChannelWeightsDropOutAsInPython() throws { try check("lstm_integer_per_channel") }

  /// A cell state scale of 2⁻¹⁶: Python's tanh leaves its buffer as it was (the input gate).
  func testCellScaleOutsideTheTanhRangeMatchesPythonExactly() throws { try check("lstm_integer_cell_scale_2_16") }

  /// The builtin (non-sequence) `LSTM`'s 8x8_16 form: one int8 step `[2, 3]` per invoke, the
  /// state carried from invoke to invoke (layer norm, projection, cell clip, batch 2).
  func testBuiltinLSTMOneStepPerInvokeMatchesPythonExactly() throws { try check("lstm_integer_builtin") }

  /// Rank-1 int8 and int16 states (the kernel checks only their element counts).
  func testRankOneStatesMatchPythonExactly() throws { try check("lstm_integer_flat_state") }

  /// The builtin `LSTM`'s older "8x8_8" form (12 intermediates), on TensorBridge's 8x8_8 kernel:
  /// input-gate weights given, which the kernel ignores (it always computes CIFG).
  func testBuiltin8x8_8MatchesPythonExactly() throws { try check("lstm_integer_builtin_8x8_8") }

  /// 8x8_8 with CIFG, peephole weights (ignored), projection with bias, both clips, batch 2 and
  /// intermediates of nonzero zero points (the output gate's recurrent product read as Python
  /// reads it).
  func testBuiltin8x8_8CIFGBatch2WithClipsMatchesPythonExactly() throws {
    try check("lstm_integer_builtin_8x8_8_cifg_batch2")
  }

  /// 8x8_8 with a cell clip of 1.5, which Python's kernel ignores (it clips only below 1), batch 3.
  func testBuiltin8x8_8CellClipAboveOneIsIgnoredAsInPython() throws {
    try check("lstm_integer_builtin_8x8_8_cell_clip_above_one")
  }

  func testEveryIntegerFixtureIsCovered() throws {
    let names = try RecurrentStateTests.fixtures().filter { $0.hasPrefix(Self.prefix) }
    XCTAssertEqual(
      names.count, 20,
      "thirteen sequence variants (one with per-channel weights, one with rank-1 states, one with multi-scale intermediates, one with a multi-scale input, one with a multi-scale output state), the builtin LSTM's 8x8_16 form, three of its 8x8_8 form and three refusals (8x8_8 without layer norm, a multi-scale output state with a projection, a sparse weight): \(names)"
    )
  }

  func testThe8x8_8LoweredModelUsesItsOwnOperatorAndRunsWithoutXNNPack() throws {
    let model = try TFLiteModel(
      data: Data(contentsOf: URL(fileURLWithPath: RecurrentStateTests.path("lstm_integer_builtin_8x8_8"))))
    let lowering = try XCTUnwrap(try model.loweringRecurrentState())
    XCTAssertEqual(lowering.customOperatorNames, [RecurrentStateLowering.integerLSTM8x8_8OperatorName])
    XCTAssertFalse(lowering.model.operatorNames.contains("LSTM"))
    var builtin = Interpreter.Options()
    builtin.isXNNPackEnabled = false
    let result = try RecurrentStateTests.integerMismatches("lstm_integer_builtin_8x8_8_cifg_batch2", options: builtin)
    XCTAssertEqual(result.count, 0, result.first ?? "")
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
