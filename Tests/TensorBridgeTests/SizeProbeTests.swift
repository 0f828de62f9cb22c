import Foundation
import TensorBridge
import XCTest

/// A dynamically quantized model whose SHAPE-driven front end leaves no frame for short inputs
/// (Tests/Fixtures/dynamic/hybrid_frames.tflite, like the Star Trek audio classifier
/// re-quantized with dynamic range). There XNNPACK divides by zero and ends the process, as it
/// does under Python: TensorBridge first runs such sizes on LiteRT's builtin kernels and throws
/// their reason instead. Without that probe, this test target dies of SIGFPE.
final class SizeProbeTests: XCTestCase {
  struct Reference: Decodable {
    struct Values: Decodable {
      let name: String
      let shape: [Int]
      let data: [Float]
    }
    struct Case: Decodable {
      let input: Values
      let output: Values
    }
    let cases: [Case]
    let tolerance: Float
    let python_builtin_errors: [String: String]
    let python_xnnpack_at_40_samples: String
  }

  static let modelPath = Fixtures.dynamicModel("hybrid_frames")

  func reference() throws -> Reference { try Fixtures.dynamicReference("hybrid_frames", as: Reference.self) }

  func assertMatchesPython(_ interpreter: Interpreter, _ testCase: Reference.Case, tolerance: Float) throws {
    try interpreter.resizeInput(at: 0, to: Tensor.Shape(testCase.input.shape))
    try interpreter.allocateTensors()
    try interpreter.copy(testCase.input.data, toInputAt: 0)
    try interpreter.invoke()
    let output = try interpreter.output(at: 0)
    XCTAssertEqual(output.shape.dimensions, testCase.output.shape)
    let values = try output.values(as: Float.self)
    XCTAssertEqual(values.count, testCase.output.data.count)
    for (swift, python) in zip(values, testCase.output.data) { XCTAssertEqual(swift, python, accuracy: tolerance) }
  }

  func testRunsWhereThereAreFramesAsPythonDoes() throws {
    let reference = try reference()
    let interpreter = try Interpreter(modelPath: Self.modelPath)
    for testCase in reference.cases { try assertMatchesPython(interpreter, testCase, tolerance: reference.tolerance) }
  }

  func testNoFrameIsRefusedNamingTheOperatorAndLosesNothing() throws {
    let reference = try reference()
    // What the fixture stands for: Python's default interpreter is killed here.
    XCTAssertEqual(reference.python_xnnpack_at_40_samples, "killed by SIGFPE")
    XCTAssertTrue(try XCTUnwrap(reference.python_builtin_errors["40"]).contains("CONV_2D"))
    let interpreter = try Interpreter(modelPath: Self.modelPath)
    // The file stores the `[1, -1]` signal as `[1, 1]`: a placeholder, probed like any size.
    XCTAssertInvalidShape(
      try interpreter.invoke(), tensor: "x", shape: [1, 1],
      reasonContains: ["builtin kernels fail", "CONV_2D", "input->dims->data[1] > 0"])
    try interpreter.resizeInput(at: 0, to: [1, 40])
    try interpreter.copy([Float](repeating: 0.5, count: 40), toInputAt: 0)
    XCTAssertInvalidShape(
      try interpreter.invoke(), tensor: "x", shape: [1, 40], reasonContains: ["CONV_2D", "node 10", "SIGFPE"])
    // Refused twice the same way, then a size with frames runs as in Python.
    XCTAssertInvalidShape(try interpreter.invoke(), tensor: "x", shape: [1, 40], reasonContains: ["CONV_2D"])
    try assertMatchesPython(interpreter, try XCTUnwrap(reference.cases.first), tolerance: reference.tolerance)
  }

  func testBuiltinKernelsRefuseTheSameSizesThemselves() throws {
    let reference = try reference()
    let interpreter = try Interpreter(modelPath: Self.modelPath, options: .init(isXNNPackEnabled: false))
    try interpreter.resizeInput(at: 0, to: [1, 40])
    XCTAssertThrowsError(try interpreter.invoke()) { error in
      XCTAssertTrue("\(error)".contains("CONV_2D"), "\(error)")
      XCTAssertTrue("\(error)".contains("input->dims->data[1] > 0"), "\(error)")
    }
    // Builtin hybrid kernels and XNNPACK agree within the quantization step's rounding.
    for testCase in reference.cases { try assertMatchesPython(interpreter, testCase, tolerance: 1e-3) }
  }

  /// A dynamically quantized model with an operator only XNNPACK has (MediaPipe's custom
  /// `Convolution2DTransposeBias`, as in its selfie segmenter re-quantized with dynamic range)
  /// cannot be probed on the builtin kernels, which cannot run it at any size: it runs at new
  /// sizes as Python's interpreter runs it, instead of being refused at every one.
  func testAModelTheBuiltinKernelsCannotRunIsNotRefusedAtNewSizes() throws {
    struct CustomReference: Decodable {
      let cases: [Reference.Case]
      let tolerance: Float
      let python_builtin_error: String
    }
    let reference = try Fixtures.dynamicReference("hybrid_transpose_bias", as: CustomReference.self)
    XCTAssertTrue(reference.python_builtin_error.contains("Convolution2DTransposeBias"))
    let interpreter = try Interpreter(modelPath: Fixtures.dynamicModel("hybrid_transpose_bias"))
    // Batch 2 first (the file's batch 1 is trusted), then batch 1 again, then 2 again.
    for testCase in reference.cases.reversed() + reference.cases {
      try assertMatchesPython(interpreter, testCase, tolerance: reference.tolerance)
    }
    let builtin = try Interpreter(
      modelPath: Fixtures.dynamicModel("hybrid_transpose_bias"), options: .init(isXNNPackEnabled: false))
    XCTAssertThrowsError(try builtin.invoke()) { error in
      XCTAssertTrue("\(error)".contains("Convolution2DTransposeBias"), "\(error)")
    }
  }
}
