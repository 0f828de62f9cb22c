import Foundation
import TensorBridge
import XCTest

/// A model LiteRT cannot prepare at the sizes its file stores for its dynamic inputs
/// (Tests/Fixtures/dynamic/sized_at_run.tflite, like openWakeWord's mel spectrogram): it loads,
/// as in Python, and runs once its inputs are resized, matching Python LiteRT's outputs.
final class SizedAtRunTests: XCTestCase {
  struct Reference: Decodable {
    struct Input: Decodable {
      let index: Int
      let name: String
      let shape: [Int]
      let data: [Float]
    }
    struct Output: Decodable {
      let name: String
      let shape: [Int]
      let data: [Float]
    }
    struct Case: Decodable {
      let inputs: [Input]
      let output: Output
    }
    let python_error_at_stored_sizes: String
    let cases: [Case]
    let tolerance: Float
  }

  static let modelPath = Fixtures.dynamicModel("sized_at_run")

  func reference() throws -> Reference { try Fixtures.dynamicReference("sized_at_run", as: Reference.self) }

  func testLoadsThenRunsAtTheGivenSizesAsPythonDoes() throws {
    let reference = try reference()
    XCTAssertTrue(reference.python_error_at_stored_sizes.contains("failed to prepare"))
    for testCase in reference.cases {
      let interpreter = try Interpreter(modelPath: Self.modelPath)
      for input in testCase.inputs {
        try interpreter.resizeInput(at: input.index, to: Tensor.Shape(input.shape))
      }
      try interpreter.allocateTensors()
      for input in testCase.inputs {
        XCTAssertEqual(try interpreter.input(at: input.index).name, input.name)
        try interpreter.copy(input.data, toInputAt: input.index)
      }
      try interpreter.invoke()
      let output = try interpreter.output(at: 0)
      XCTAssertEqual(output.name, testCase.output.name)
      XCTAssertEqual(output.shape.dimensions, testCase.output.shape)
      let values = try output.values(as: Float.self)
      XCTAssertEqual(values.count, testCase.output.data.count)
      for (swift, python) in zip(values, testCase.output.data) {
        XCTAssertEqual(swift, python, accuracy: reference.tolerance)
      }
    }
  }

  func testBeforeAnySizeEveryAccessNamesTheDynamicInputs() throws {
    let interpreter = try Interpreter(modelPath: Self.modelPath)
    // What the file says is answered without LiteRT.
    XCTAssertEqual(interpreter.inputTensorCount, 2)
    XCTAssertEqual(interpreter.outputTensorCount, 1)
    XCTAssertEqual(interpreter.signatureKeys, ["serving_default"])
    XCTAssertEqual(interpreter.inputIndex(named: "a"), 1)
    XCTAssertEqual(interpreter.inputIndex(named: "serving_default_b:0"), 0)
    XCTAssertEqual(interpreter.inputSignatureName(at: 0), "b")
    XCTAssertEqual(interpreter.outputSignatureName(at: 0), "out")
    XCTAssertNil(interpreter.inputIndex(named: "c"))
    XCTAssertFalse(interpreter.runtimeLibraryPath.isEmpty)
    XCTAssertNoThrow(try interpreter.resetVariables())
    // What needs buffers says which inputs need sizes, and why.
    let accesses: [(String, () throws -> Void)] = [
      ("input", { _ = try interpreter.input(at: 0) }),
      ("output", { _ = try interpreter.output(at: 0) }),
      ("copy", { try interpreter.copy([Float(1)], toInputAt: 0) }),
      ("invoke", { try interpreter.invoke() }),
      ("allocate", { try interpreter.allocateTensors() }),
    ]
    for (name, access) in accesses {
      XCTAssertThrowsError(try access(), name) { error in
        guard case InterpreterError.inputSizesRequired(let inputs, let reason) = error else {
          return XCTFail("\(name): \(error)")
        }
        XCTAssertEqual(inputs, ["'serving_default_b:0' [1, -1]", "'serving_default_a:0' [1, -1]"])
        XCTAssertTrue(reason.contains("TfLiteXNNPackDelegate"), reason)
        XCTAssertTrue("\(error)".contains("resizeInput(at:to:)"), "\(error)")
      }
    }
  }

  func testASignatureRunnerRunsAtTheSizesOfItsOwnInputsAsPythonsDoes() throws {
    let reference = try reference()
    let interpreter = try Interpreter(modelPath: Self.modelPath)
    // Made while the interpreter waits for sizes: Python's runner prepares at its inputs' sizes.
    let runner = try interpreter.signatureRunner(with: "serving_default")
    guard case .inputSizesRequired(let inputs, _)? = runner.inputSizesRequired else {
      return XCTFail("\(String(describing: runner.inputSizesRequired))")
    }
    XCTAssertEqual(inputs, ["'serving_default_b:0' [1, -1]", "'serving_default_a:0' [1, -1]"])
    XCTAssertThrowsError(try runner.invoke()) { error in
      XCTAssertEqual(error as? InterpreterError, runner.inputSizesRequired)
    }
    for testCase in reference.cases {
      for input in testCase.inputs {
        let name = try XCTUnwrap(interpreter.inputSignatureName(at: input.index))
        try runner.resizeInput(named: name, toShape: Tensor.Shape(input.shape))
        try runner.copy(input.data, toInputNamed: name)
      }
      try runner.invoke()
      let output = try runner.output(named: "out")
      XCTAssertEqual(output.shape.dimensions, testCase.output.shape)
      for (swift, python) in zip(try output.values(as: Float.self), testCase.output.data) {
        XCTAssertEqual(swift, python, accuracy: reference.tolerance)
      }
    }
    // The interpreter itself still waits for its own sizes.
    XCTAssertNotNil(interpreter.inputSizesRequired)
  }

  func testOneInputSizedIsNotEnoughAndTheErrorSaysWhy() throws {
    let interpreter = try Interpreter(modelPath: Self.modelPath)
    guard case .inputSizesRequired(let both, _)? = interpreter.inputSizesRequired else {
      return XCTFail("\(String(describing: interpreter.inputSizesRequired))")
    }
    XCTAssertEqual(both.count, 2)
    try interpreter.resizeInput(at: 0, to: [1, 8])
    guard case .inputSizesRequired(let rest, _)? = interpreter.inputSizesRequired else {
      return XCTFail("\(String(describing: interpreter.inputSizesRequired))")
    }
    XCTAssertEqual(rest, ["'serving_default_a:0' [1, -1]"])
    // Input 1 is still one sample: LiteRT's own failure is the error now.
    XCTAssertThrowsError(try interpreter.invoke()) { error in
      guard case InterpreterError.operatorFailed(let name, _, .compile, _, _) = error else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(name, "TfLiteXNNPackDelegate")
    }
    try interpreter.resizeInput(at: 1, to: [1, 8])
    XCTAssertNil(interpreter.inputSizesRequired)
    try interpreter.copy([Float](repeating: 1, count: 8), toInputAt: 0)
    try interpreter.copy([Float](repeating: 1, count: 8), toInputAt: 1)
    try interpreter.invoke()
    XCTAssertEqual(try interpreter.output(at: 0).shape, [1, 1, 4, 2])
    // Once compiled, the inputs resize as any dynamic input does.
    try interpreter.resizeInput(at: 0, to: [1, 20])
    try interpreter.resizeInput(at: 1, to: [1, 20])
    try interpreter.invoke()
    XCTAssertEqual(try interpreter.output(at: 0).shape, [1, 1, 16, 2])
  }

  func testBadSizesAreRefusedBeforeCompiling() throws {
    let interpreter = try Interpreter(modelPath: Self.modelPath)
    // (A batch of 2 where the file fixes 1 is kept, as Python's non-strict resize keeps it: see
    // the reference's last case.)
    XCTAssertThrowsError(try interpreter.resizeInput(at: 0, to: [1, 0]))
    XCTAssertInvalidShape(
      try interpreter.resizeInput(at: 0, to: [1, 8, 1]), tensor: "serving_default_b:0", shape: [1, 8, 1],
      reasonContains: ["has rank 2"])
    XCTAssertThrowsError(try interpreter.resizeInput(at: 2, to: [1, 8])) { error in
      guard case InterpreterError.invalidTensorIndex(.input, 2, 2) = error else { return XCTFail("\(error)") }
    }
    // The refused sizes were not kept.
    XCTAssertThrowsError(try interpreter.invoke()) { error in
      guard case InterpreterError.inputSizesRequired = error else { return XCTFail("\(error)") }
    }
  }

  func testModelsLiteRTCannotPrepareAtAnySizeStillFailAtLoad() throws {
    // A static model whose preparation fails is not deferred: there is no size to give.
    XCTAssertThrowsError(try Interpreter(modelPath: Fixtures.model("custom_op")))
    XCTAssertNil(try Interpreter(modelPath: Fixtures.model("dynamic_batch")).inputSizesRequired)
  }
}
