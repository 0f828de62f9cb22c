import Foundation
import XCTest

@testable import TensorBridge

/// Fused LSTMs whose file fixes the sequence length, run at other lengths as Python's
/// interpreter runs them after `resize_tensor_input` (non-strict): TensorBridge lowers and
/// compiles the model again with a loop over the steps. References: the converter corpus cases
/// `tf_keras_lstm_fixed_time_resized` and `tf_keras_embedding_lstm_resized` (Python LiteRT's
/// outputs of each step, one interpreter, state carried between steps of one length).
final class SequenceLengthTests: XCTestCase {
  private static let tolerance: Float = 1e-4

  private func folder(_ name: String) -> URL {
    Fixtures.root.appendingPathComponent("converters").appendingPathComponent(name)
  }

  private func input(_ name: String, step: Int) throws -> TestNPY {
    try TestNPY(Data(contentsOf: folder(name).appendingPathComponent("inputs/\(step)_0.npy")))
  }

  private func expected(_ name: String, step: Int) throws -> TestNPY {
    let directory = folder(name).appendingPathComponent("expected/\(step)")
    let file = try XCTUnwrap(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).first { $0.hasPrefix("0_") })
    return try TestNPY(Data(contentsOf: directory.appendingPathComponent(file)))
  }

  private func assertMatches(_ tensor: Tensor, _ want: TestNPY, _ message: String) throws {
    XCTAssertEqual(tensor.shape.dimensions, want.shape, message)
    let got = try tensor.values(as: Float.self)
    XCTAssertEqual(got.count, want.floats.count, message)
    for (a, b) in zip(got, want.floats) { XCTAssertEqual(a, b, accuracy: Self.tolerance, message) }
  }

  func testAFixedSequenceLengthRunsAtOtherLengthsAsInPython() throws {
    for name in ["tf_keras_lstm_fixed_time_resized", "tf_keras_embedding_lstm_resized"] {
      let interpreter = try Interpreter(modelPath: folder(name).appendingPathComponent("model.tflite").path)
      var outputs: [[Float]] = []
      for step in 0..<4 {
        let x = try input(name, step: step)
        if try interpreter.input(at: 0).shape.dimensions != x.shape {
          try interpreter.resizeInput(at: 0, to: Tensor.Shape(x.shape))
        }
        if x.descr.hasSuffix("i4") {
          try interpreter.copy(x.int32s, toInputAt: 0)
        } else {
          try interpreter.copy(x.floats, toInputAt: 0)
        }
        try interpreter.invoke()
        let output = try interpreter.output(at: 0)
        try assertMatches(output, try expected(name, step: step), "\(name) step \(step) at \(x.shape)")
        outputs.append(try output.values(as: Float.self))
      }
      XCTAssertNotEqual(outputs[1], outputs[2], "\(name): the state carries over between runs of one length")
    }
  }

  func testASignatureRunnerTakesAnotherSequenceLength() throws {
    let name = "tf_keras_lstm_fixed_time_resized"
    let interpreter = try Interpreter(modelPath: folder(name).appendingPathComponent("model.tflite").path)
    let runner = try interpreter.signatureRunner(with: "serving_default")
    let x = try input(name, step: 1)
    try runner.resizeInput(named: "sequence", toShape: Tensor.Shape(x.shape))
    try runner.copy(x.floats, toInputNamed: "sequence")
    try runner.invoke()
    // Python's step 1 is the first run at this length: allocate_tensors() zeroed the state.
    try assertMatches(try runner.output(named: "head"), try expected(name, step: 1), "runner at \(x.shape)")
    // The interpreter keeps the file's length.
    XCTAssertEqual(try interpreter.input(at: 0).shape.dimensions, [1, 5, 3])
  }

  func testAnotherFixedDimensionOfALoweredModelIsRefusedAndLosesNothing() throws {
    let name = "tf_keras_lstm_fixed_time_resized"
    let interpreter = try Interpreter(modelPath: folder(name).appendingPathComponent("model.tflite").path)
    // Python fails to prepare batch 2 too: the state holds one batch row.
    XCTAssertInvalidShape(
      try interpreter.resizeInput(at: 0, to: [2, 5, 3]), tensor: "serving_default_sequence:0", shape: [2, 5, 3],
      reasonContains: ["only in the sequence length (dimension 1)", "operators[0] UNIDIRECTIONAL_SEQUENCE_LSTM"])
    let x = try input(name, step: 0)
    try interpreter.copy(x.floats, toInputAt: 0)
    try interpreter.invoke()
    try assertMatches(try interpreter.output(at: 0), try expected(name, step: 0), "after the refusal")
  }

  func testAnOutputPreparedWithZeroElementsReadsEmpty() throws {
    // A [2, 7] input to a FULLY_CONNECTED of 64 columns holds no whole row: Python's kernel
    // prepares the output as [0, 10] and returns an empty array (`make check-converters`
    // compares this resize with Python live); LiteRT makes no zero-element buffer itself.
    let path = folder("sparsity_tf_keras_pruned").appendingPathComponent("model.tflite").path
    let interpreter = try Interpreter(modelPath: path, options: .init(isXNNPackEnabled: false))
    try interpreter.resizeInput(at: 0, to: [2, 7])
    try interpreter.copy([Float](repeating: 1, count: 14), toInputAt: 0)
    try interpreter.invoke()
    let output = try interpreter.output(at: 0)
    XCTAssertEqual(output.shape.dimensions, [0, 10])
    XCTAssertEqual(try output.values(as: Float.self), [])
  }
}
