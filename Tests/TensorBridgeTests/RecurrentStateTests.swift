import Foundation
import TFLiteFormat
import XCTest

@testable import TensorBridge

/// Fused LSTM/RNN operators whose state lives in variable tensors, which LiteRT's compiled
/// model refuses: TensorBridge lowers them at load (TFLiteFormat's `RecurrentStateLowering`)
/// and runs them on the real LiteRT runtime. The references are Python's classic interpreter
/// (`Tests/Fixtures/recurrent/`, written by `scripts/fixtures/make_recurrent_fixtures.py`),
/// one interpreter per model, steps in order, `reset_all_variables()` before step 2 (and, in
/// `lstm_beside_dynamic_input`, a resize before step 3, which zeroes the state too; the LSTMs
/// and RNNs of dynamic sequence length, lowered to a `WHILE` loop, get sequences of other
/// lengths). Bidirectional LSTMs and RNNs, the builtin (non-sequence) `LSTM` (one step per
/// invoke, `builtin_lstm_*`) and SVDFs are lowered too; the fully quantized LSTMs and SVDFs run
/// on TensorBridge's own kernels and must match exactly.
final class RecurrentStateTests: XCTestCase {
  /// The largest difference seen is 7.5e-7 (layer norm); the lowered graph runs XNNPACK's
  /// FULLY_CONNECTED, LOGISTIC and TANH where the fused kernel has its own loops, so results
  /// differ in the last bits. 1e-5 leaves room for other CPUs and still catches a wrong gate,
  /// activation or state (those are off by 1e-2 or more).
  static let tolerance: Float = 1e-5
  /// A hybrid LSTM (int8 weights) with symmetric input quantization is lowered to hybrid
  /// `FULLY_CONNECTED`s that XNNPACK takes (its dynamically quantized path quantizes the
  /// activations asymmetrically, with its own rounding): 2.1e-3 from Python's fused kernel in
  /// `lstm_hybrid_batch2`, 2.2e-2 in `builtin_lstm_hybrid_sparse` (32 inputs and cells, a
  /// projection: more products per quantized row); LiteRT's builtin kernels give 9e-8 (see
  /// `testSymmetricHybridLSTMMatchesPythonOnTheBuiltinKernels`). With
  /// `asymmetric_quantize_inputs` (what the TF converter writes) XNNPACK leaves them to the
  /// builtin kernels, so the other hybrid fixture and the converter corpus's match within 1e-7.
  static let symmetricHybridTolerances: [String: Float] = [
    "lstm_hybrid_batch2": 5e-3, "builtin_lstm_hybrid_sparse": 3e-2, "builtin_lstm_hybrid_sparse_recurrent": 3e-2,
    "lstm_hybrid_diagonal_recurrent": 5e-3,
  ]
  static var symmetricHybrid: Set<String> { Set(symmetricHybridTolerances.keys) }

  /// `<name>.reference.json`.
  struct RecurrentReference: Decodable {
    struct Value: Decodable {
      let shape: [Int]
      let data: [Float]
    }
    struct Step: Decodable {
      let inputs: [Value]
      let outputs: [Value]
      let reset_before: Bool
    }
    let model: String
    let notes: String
    let refused: String?
    let steps: [Step]
  }

  static let folder = Fixtures.root.appendingPathComponent("recurrent")

  static func fixtures() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".reference.json") }.map { String($0.dropLast(".reference.json".count)) }.sorted()
  }

  static func reference(_ name: String) throws -> RecurrentReference {
    try JSONDecoder().decode(
      RecurrentReference.self, from: Data(contentsOf: folder.appendingPathComponent("\(name).reference.json")))
  }

  static func path(_ name: String) -> String { folder.appendingPathComponent("\(name).tflite").path }

  /// Runs fixture `name` step by step as the generator did; returns the largest difference
  /// from Python's outputs (checking shapes on the way).
  static func worstDifference(_ name: String, options: Interpreter.Options = Interpreter.Options()) throws -> Float {
    let reference = try Self.reference(name)
    let interpreter = try Interpreter(modelPath: Self.path(name), options: options)
    var worst: Float = 0
    for (k, step) in reference.steps.enumerated() {
      if step.reset_before { try interpreter.resetVariables() }
      for (index, input) in step.inputs.enumerated() {
        // As the generator: a new shape is a resize (which also zeroes the state, as in Python).
        if try interpreter.input(at: index).shape.dimensions != input.shape {
          try interpreter.resizeInput(at: index, to: Tensor.Shape(input.shape))
        }
        try interpreter.copy(input.data, toInputAt: index)
      }
      try interpreter.invoke()
      for (index, expected) in step.outputs.enumerated() {
        let output = try interpreter.output(at: index)
        XCTAssertEqual(output.shape.dimensions, expected.shape, "\(name) step \(k)")
        let values = try output.values(as: Float.self)
        XCTAssertEqual(values.count, expected.data.count, "\(name) step \(k)")
        worst = max(worst, zip(values, expected.data).map { abs($0 - $1) }.max() ?? .infinity)
      }
    }
    return worst
  }

  /// Runs the fully quantized fixture `name` (int8 inputs and outputs) step by step as the
  /// generator did; returns how many outputs differ from Python's (and the first difference),
  /// checking shapes on the way.
  static func integerMismatches(_ name: String, options: Interpreter.Options = Interpreter.Options()) throws -> (
    count: Int, first: String?
  ) {
    let reference = try Self.reference(name)
    let interpreter = try Interpreter(modelPath: Self.path(name), options: options)
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

  /// The fully quantized fixtures (int8 in and out), which must match Python exactly.
  static let integerPrefixes = [IntegerLSTMTests.prefix, IntegerSVDFTests.prefix]

  func testEveryLowerableFixtureMatchesPythonStepByStepIncludingReset() throws {
    var checked = 0
    for name in try Self.fixtures() {
      let reference = try Self.reference(name)
      guard reference.refused == nil else { continue }
      checked += 1
      // The integer LSTMs and SVDFs (int8 inputs): every output exactly Python's (their variants
      // in IntegerLSTMTests and IntegerSVDFTests).
      if Self.integerPrefixes.contains(where: name.hasPrefix) {
        let result = try Self.integerMismatches(name)
        XCTAssertEqual(result.count, 0, "\(name) (\(reference.notes)): \(result.first ?? "")")
        continue
      }
      let tolerance = Self.symmetricHybridTolerances[name] ?? Self.tolerance
      XCTAssertLessThanOrEqual(try Self.worstDifference(name), tolerance, "\(name) (\(reference.notes))")
    }
    XCTAssertEqual(
      checked, 81,
      "LSTM variants (plain, CIFG+peephole+projection, layer norm, 20 inputs+stacked, beside a resized input, rank-1 states with ignored intermediates, five with diagonal recurrent weights (with the option, without it, some gates only, projected square, beside a wider output state), five hybrid (one with per-channel weights, one with float32 diagonals), two of dynamic length, one of dynamic batch and length), six builtin (non-sequence) LSTMs (20 inputs, CIFG+peephole+layer norm+projection with batch 2, hybrid, rank-1 states, two hybrid with sparse 1x16-block weights (one with sparse recurrent weights, whose products Python scales by the input's scale)), nine RNNs (two of dynamic length, one of dynamic batch, two hybrid (one with per-channel input weights), one SIGN_BIT, one with ignored intermediates), eleven bidirectional RNNs (one hybrid, one of dynamic length; seven with an auxiliary input: unread, the backward input, cross-linked, strided, two hybrid, one of dynamic length), eight bidirectional LSTMs (one hybrid, one of dynamic length; four with an auxiliary input: cross-linked, the backward input, hybrid, of dynamic length), six SVDFs (one hybrid, one of dynamic batch, one with an ignored intermediate), seventeen integer LSTMs (one builtin 8x8_16, three builtin 8x8_8, one with per-channel weights, one with rank-1 states, one each with multi-scale intermediates, input and output state) and five integer SVDFs (one with multi-scale activations)"
    )
  }

  func testStateIsSharedBetweenTheInterpreterAndItsSignatureRunner() throws {
    let reference = try Self.reference("lstm_batch2_tanh")
    let interpreter = try Interpreter(modelPath: Self.path("lstm_batch2_tanh"))
    XCTAssertEqual(interpreter.signatureKeys, ["serving_default"], "the reset signature stays hidden")
    let runner = try interpreter.signatureRunner(with: "serving_default")
    // Step 0 through the interpreter, step 1 (the same input) through the runner: the runner
    // continues from the state step 0 left, as in Python.
    try interpreter.copy(reference.steps[0].inputs[0].data, toInputAt: 0)
    try interpreter.invoke()
    try runner.copy(reference.steps[1].inputs[0].data, toInputNamed: "x0")
    try runner.invoke()
    let values = try runner.output(named: "y0").values(as: Float.self)
    for (got, want) in zip(values, reference.steps[1].outputs[0].data) {
      XCTAssertEqual(got, want, accuracy: Self.tolerance)
    }
    XCTAssertNotEqual(reference.steps[0].outputs[0].data, reference.steps[1].outputs[0].data)
  }

  func testSymmetricHybridLSTMMatchesPythonOnTheBuiltinKernels() throws {
    var builtin = Interpreter.Options()
    builtin.isXNNPackEnabled = false
    for name in Self.symmetricHybrid {
      XCTAssertLessThanOrEqual(try Self.worstDifference(name, options: builtin), Self.tolerance, name)
    }
    XCTAssertLessThanOrEqual(
      try Self.worstDifference("lstm_hybrid_cifg_layer_norm_projection_asymmetric", options: builtin), Self.tolerance)
  }

  func testModelsWithoutSignatureDefinitionsKeepLiteRTsPlaceholderSignature() throws {
    let interpreter = try Interpreter(modelPath: Self.path("rnn_tanh_time_major"))
    XCTAssertEqual(interpreter.signatureKeys, ["<placeholder signature>"])
    XCTAssertEqual(interpreter.inputSignatureName(at: 0), "sequence")
    XCTAssertEqual(interpreter.model.operatorNames, ["UNIDIRECTIONAL_SEQUENCE_RNN"], "`model` is the file as given")
  }

  func testResetVariablesBeforeAnyRunAndWithoutStateDoesNothing() throws {
    let reference = try Self.reference("rnn_relu")
    let interpreter = try Interpreter(modelPath: Self.path("rnn_relu"))
    try interpreter.resetVariables()
    try interpreter.copy(reference.steps[0].inputs[0].data, toInputAt: 0)
    try interpreter.invoke()
    let values = try interpreter.output(at: 0).values(as: Float.self)
    for (got, want) in zip(values, reference.steps[0].outputs[0].data) {
      XCTAssertEqual(got, want, accuracy: Self.tolerance)
    }
    XCTAssertNoThrow(try Interpreter(modelPath: Fixtures.model("linear")).resetVariables())
  }

  func testADynamicBatchThatTheStateFixesRunsAtItsSizeAndRefusesAnotherNamingTheOperator() throws {
    // Python: resize_tensor_input to batch 2, then allocate_tensors() fails in the kernel's
    // Prepare ("hidden_state->dims->data[0] != batch_size (1 != 2)").
    let interpreter = try Interpreter(modelPath: Self.path("rnn_dynamic_batch"))
    XCTAssertEqual(try interpreter.input(at: 0).shape.dimensions, [1, 3, 2])
    XCTAssertInvalidShape(
      try interpreter.resizeInput(at: 0, to: [2, 3, 2]), tensor: "sequence", shape: [2, 3, 2],
      reasonContains: ["dimension 0 of 'sequence' is fixed at 1", "operators[0] UNIDIRECTIONAL_SEQUENCE_RNN"])
    XCTAssertNoThrow(try interpreter.resizeInput(at: 0, to: [1, 3, 2]), "the file's own size")
    // The sequence length the file fixes takes another, as in Python (the RNN kernel reads it
    // at every preparation): the model is lowered again with a loop over the steps.
    try interpreter.resizeInput(at: 0, to: [1, 4, 2])
    try interpreter.copy([Float](repeating: 0.5, count: 8), toInputAt: 0)
    try interpreter.invoke()
    XCTAssertEqual(try interpreter.output(at: 0).shape.dimensions.prefix(2), [1, 4])
    // Its input size stays fixed by the weights.
    XCTAssertThrowsError(try interpreter.resizeInput(at: 0, to: [1, 4, 3])) { error in
      guard case InterpreterError.invalidShape(_, _, let reason) = error else { return XCTFail("\(error)") }
      XCTAssertTrue(reason.contains("the model fixes its shape [-1, 3, 2]"), reason)
      XCTAssertTrue(reason.contains("only in the sequence length (dimension 1)"), reason)
    }
    // The sequence length of a looped LSTM stays free; its batch does not.
    let lstm = try Interpreter(modelPath: Self.path("lstm_dynamic_batch_and_time"))
    XCTAssertNoThrow(try lstm.resizeInput(at: 0, to: [2, 9, 3]))
    XCTAssertThrowsError(try lstm.resizeInput(at: 0, to: [3, 9, 3]))
  }

  /// Whether a refusal is `.diagonalRecurrentWeights` of `tensor` for a reason containing `words`.
  static func diagonalRefusal(_ tensor: String, _ words: String) -> (RecurrentStateRefusal) -> Bool {
    {
      if case .diagonalRecurrentWeights(tensor, let reason) = $0 { reason.contains(words) } else { false }
    }
  }

  func testVariantsThatCannotBeLoweredFailAtLoadNamingTheOperatorAndWhy() throws {
    let expected: [String: (operatorName: String, refusal: (RecurrentStateRefusal) -> Bool)] = [
      "bidirectional_lstm_merged_batch_major_refused": (
        "BIDIRECTIONAL_SEQUENCE_LSTM",
        {
          if case .inconsistentOperands(let what) = $0 {
            what.contains("merging its outputs with batch 2")
          } else {
            false
          }
        }
      ),
      "bidirectional_rnn_aux_out_of_bounds_refused": (
        "BIDIRECTIONAL_SEQUENCE_RNN",
        { $0 == .auxiliaryInputOutOfBounds(tensor: "aux_sequence", elements: 6, read: 8) }
      ),
      "variable_add_refused": ("ADD", { $0 == .operatorNotLowered(name: "ADD") }),
      "lstm_integer_builtin_8x8_8_no_layer_norm_refused": (
        "LSTM", { $0 == .integerLSTM8x8_8MissingOperand(role: "forget_layer_norm_coefficients") }
      ),
      "svdf_integer_none_refused": ("SVDF", { $0 == .integerSVDFActivation(rawValue: 0) }),
      "lstm_integer_multi_scale_output_state_projected_refused": (
        "UNIDIRECTIONAL_SEQUENCE_LSTM",
        { $0 == .unsupportedIntegerQuantization(role: "output_state", tensor: "qlstm/output_state", scales: 3) }
      ),
      "lstm_hybrid_diagonal_int8_refused": (
        "UNIDIRECTIONAL_SEQUENCE_LSTM", Self.diagonalRefusal("lstm/recurrent_to_input", "they are int8")
      ),
      "lstm_diagonal_recurrent_strided_refused": (
        "UNIDIRECTIONAL_SEQUENCE_LSTM",
        Self.diagonalRefusal("lstm/recurrent_to_forget", "(4 wide, batch 2) in strides of 3 cells")
      ),
      "builtin_lstm_hybrid_sparse_asymmetric_refused": (
        "LSTM",
        {
          $0
            == .sparseLSTMWeights(
              role: "input_to_output_weights", tensor: "lstm/input_to_output", limitation: .asymmetricInputs)
        }
      ),
      "builtin_lstm_hybrid_sparse_no_projection_refused": (
        "LSTM",
        {
          $0
            == .sparseLSTMWeights(
              role: "input_to_output_weights", tensor: "lstm/input_to_output", limitation: .noProjection)
        }
      ),
      "lstm_integer_sparse_weights_refused": (
        "UNIDIRECTIONAL_SEQUENCE_LSTM",
        {
          $0
            == .sparseOperand(
              role: "input_to_cell_weights", tensor: "qlstm/input_to_cell", operatorName: "UNIDIRECTIONAL_SEQUENCE_LSTM"
            )
        }
      ),
      "lstm_sparse_weights_refused": (
        "UNIDIRECTIONAL_SEQUENCE_LSTM",
        {
          $0
            == .sparseOperand(
              role: "input_to_forget_weights", tensor: "lstm/input_to_forget",
              operatorName: "UNIDIRECTIONAL_SEQUENCE_LSTM")
        }
      ),
    ]
    var checked = 0
    for name in try Self.fixtures() {
      guard let words = try Self.reference(name).refused, let want = expected[name] else { continue }
      XCTAssertThrowsError(try Interpreter(modelPath: Self.path(name)), name) { error in
        guard case InterpreterError.unsupportedByRuntime(let limitations) = error else {
          return XCTFail("\(name): \(error)")
        }
        XCTAssertEqual(limitations.count, 1, name)
        XCTAssertEqual(limitations.first?.kind, .variableTensor, name)
        XCTAssertTrue(
          limitations.first?.location.hasPrefix("operators[0] \(want.operatorName) (state in tensors[") ?? false, name)
        XCTAssertTrue(
          limitations.first?.refusal.map(want.refusal) ?? false,
          "\(name): \(String(describing: limitations.first?.refusal))")
        XCTAssertTrue("\(error)".contains(words), "\(name): \(error)")
        XCTAssertTrue("\(error)".contains("cannot lower it to builtin operators"), "\(name): \(error)")
      }
      checked += 1
    }
    XCTAssertEqual(checked, expected.count)
  }
}
