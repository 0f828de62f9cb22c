import Foundation
import TFLiteFormat
import XCTest

@testable import TensorBridge

/// Fully quantized `SVDF`s (int8 input, weights_feature and output, int16 weights_time and
/// activation state, int32 bias: keyword-spotting models quantized for microcontrollers), which
/// LiteRT's compiled model refuses (variable tensors): TensorBridge rewrites each into its integer
/// SVDF operator over a resource variable and runs it with its own C kernel. Python's classic
/// interpreter is the reference (`Tests/Fixtures/recurrent/svdf_integer_*`, written by
/// `scripts/fixtures/make_recurrent_fixtures.py`): one interpreter, four invokes in order (the
/// second with the first's input, `reset_all_variables()` before the third), and every int8
/// output must be exactly Python's.
final class IntegerSVDFTests: XCTestCase {
  static let prefix = "svdf_integer_"

  func check(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let result = try RecurrentStateTests.integerMismatches(name)
    XCTAssertEqual(result.count, 0, "\(name): \(result.first ?? "")", file: file, line: line)
  }

  func testRank1WithBiasBatch2MatchesPythonExactly() throws { try check("svdf_integer_rank1_relu") }

  func testRank2WithoutBiasBatch2MatchesPythonExactly() throws { try check("svdf_integer_rank2_no_bias") }

  func testRank2WithBiasMemory2MatchesPythonExactly() throws { try check("svdf_integer_rank2_bias") }

  /// Weights with one scale a filter: Prepare reads the first scale of each.
  func testPerChannelWeightsMatchPythonExactly() throws { try check("svdf_integer_per_channel") }

  func testWithoutXNNPackTheSameIntegers() throws {
    // The reshapes, the state copy, the reads and assignments run on LiteRT's builtin kernels
    // either way; the SVDF itself is TensorBridge's.
    var builtin = Interpreter.Options()
    builtin.isXNNPackEnabled = false
    for name in ["svdf_integer_rank1_relu", "svdf_integer_rank2_no_bias"] {
      let result = try RecurrentStateTests.integerMismatches(name, options: builtin)
      XCTAssertEqual(result.count, 0, "\(name): \(result.first ?? "")")
    }
  }

  /// The kernel leaves the RELU it requires unapplied: Python's outputs go below the output's
  /// zero point (-5), and so must ours (the fixtures would not tell a clamped kernel otherwise).
  func testTheFixturesHaveOutputsBelowTheZeroPointAndAreNotSaturated() throws {
    for name in [
      "svdf_integer_rank1_relu", "svdf_integer_rank2_no_bias", "svdf_integer_rank2_bias", "svdf_integer_per_channel",
    ] {
      let values = try RecurrentStateTests.reference(name).steps.flatMap { $0.outputs.flatMap(\.data) }
      XCTAssertTrue(values.contains { $0 < -5 }, name)
      XCTAssertFalse(values.contains { $0 == -128 || $0 == 127 }, name)
    }
  }

  func testEveryIntegerSVDFFixtureIsCovered() throws {
    let names = try RecurrentStateTests.fixtures().filter { $0.hasPrefix(Self.prefix) }
    XCTAssertEqual(names.count, 6, "five variants (one with multi-scale activations) and one refusal: \(names)")
  }

  func testTheLoweredModelUsesTheIntegerSVDFOperatorAndNoVariableTensors() throws {
    let model = try TFLiteModel(
      data: Data(contentsOf: URL(fileURLWithPath: RecurrentStateTests.path("svdf_integer_rank1_relu"))))
    XCTAssertEqual(
      model.recurrentStateOperators.map(\.customOperatorName), [RecurrentStateLowering.integerSVDFOperatorName])
    let lowering = try XCTUnwrap(try model.loweringRecurrentState())
    XCTAssertEqual(lowering.customOperatorNames, [RecurrentStateLowering.integerSVDFOperatorName])
    XCTAssertTrue(lowering.model.operatorNames.contains(RecurrentStateLowering.integerSVDFOperatorName))
    XCTAssertFalse(lowering.model.operatorNames.contains("SVDF"))
    XCTAssertTrue(lowering.model.subgraphs.allSatisfy { !$0.tensors.contains(where: \.isVariable) })
  }

  func testPythonCannotRunTheRefusedActivationEither() throws {
    let reference = try RecurrentStateTests.reference("svdf_integer_none_refused")
    XCTAssertTrue(reference.steps.isEmpty)
    XCTAssertThrowsError(try Interpreter(modelPath: RecurrentStateTests.path("svdf_integer_none_refused"))) { error in
      XCTAssertTrue("\(error)".contains("only with RELU"), "\(error)")
    }
  }
}
