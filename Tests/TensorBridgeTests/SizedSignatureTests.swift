import Foundation
import TensorBridge
import XCTest

/// A signature other than the main one that LiteRT cannot prepare at the sizes its file stores
/// (Tests/Fixtures/dynamic/sized_signature.tflite): the model loads, its main signature runs at
/// once, and the other runs once its input is resized, matching Python's signature runner.
final class SizedSignatureTests: XCTestCase {
  struct Reference: Decodable {
    /// A named tensor's shape and values, as in the other model's reference.
    typealias Values = SizedAtRunTests.Reference.Output
    struct Case: Decodable {
      let input: Values
      let output: Values
    }
    struct Scale: Decodable {
      let x: [Float]
      let y: [Float]
    }
    let python_error_at_stored_sizes: String
    let a_scale: Scale
    let spectrum: [Case]
    let tolerance: Float
  }

  static let modelPath = Fixtures.dynamicModel("sized_signature")

  func reference() throws -> Reference { try Fixtures.dynamicReference("sized_signature", as: Reference.self) }

  func testTheOtherSignatureRunsOnceSizedAsPythonsRunnerDoes() throws {
    let reference = try reference()
    XCTAssertTrue(reference.python_error_at_stored_sizes.contains("failed to prepare"))
    let interpreter = try Interpreter(modelPath: Self.modelPath)
    XCTAssertNil(interpreter.inputSizesRequired, "the main signature prepares at its stored sizes")
    try interpreter.copy(reference.a_scale.x, toInputAt: 0)
    try interpreter.invoke()
    XCTAssertEqual(try interpreter.output(at: 0).values(as: Float.self), reference.a_scale.y)

    let runner = try interpreter.signatureRunner(with: "spectrum")
    for testCase in reference.spectrum {
      try runner.resizeInput(named: testCase.input.name, toShape: Tensor.Shape(testCase.input.shape))
      XCTAssertNil(runner.inputSizesRequired)
      try runner.copy(testCase.input.data, toInputNamed: testCase.input.name)
      try runner.invoke()
      let output = try runner.output(named: testCase.output.name)
      XCTAssertEqual(output.shape.dimensions, testCase.output.shape)
      let values = try output.values(as: Float.self)
      XCTAssertEqual(values.count, testCase.output.data.count)
      for (swift, python) in zip(values, testCase.output.data) {
        XCTAssertEqual(swift, python, accuracy: reference.tolerance)
      }
    }
  }

  func testRunningBeforeSizingNamesTheInput() throws {
    let runner = try Interpreter(modelPath: Self.modelPath).signatureRunner(with: "spectrum")
    guard case .inputSizesRequired(let inputs, let reason)? = runner.inputSizesRequired else {
      return XCTFail("\(String(describing: runner.inputSizesRequired))")
    }
    XCTAssertEqual(inputs, ["'spectrum_a:0' [1, -1]"])
    XCTAssertTrue(reason.contains("prepar"), reason)
    XCTAssertThrowsError(try runner.invoke()) { error in
      XCTAssertEqual(error as? InterpreterError, runner.inputSizesRequired)
      XCTAssertTrue("\(error)".contains("resizeInput(named:toShape:)"), "\(error)")
    }
    XCTAssertThrowsError(try runner.output(named: "out"))
    XCTAssertThrowsError(try runner.allocateTensors()) { error in
      XCTAssertEqual(error as? InterpreterError, runner.inputSizesRequired)
    }
    // An input can still be read and written at its stored size meanwhile.
    XCTAssertEqual(try runner.input(named: "a").shape, [1, 1])
    try runner.copy([Float(1)], toInputNamed: "a")
  }

  func testAResizeLiteRTCannotPrepareReportsItsFailure() throws {
    let runner = try Interpreter(modelPath: Self.modelPath).signatureRunner(with: "spectrum")
    try runner.resizeInput(named: "a", toShape: [1, 3])
    XCTAssertNil(runner.inputSizesRequired)
    XCTAssertThrowsError(try runner.invoke()) { error in
      guard case .operatorFailed? = error as? InterpreterError else { return XCTFail("\(error)") }
    }
    try runner.resizeInput(named: "a", toShape: [1, 9])
    try runner.allocateTensors()
    try runner.copy([Float](repeating: 0.5, count: 9), toInputNamed: "a")
    try runner.invoke()
    XCTAssertEqual(try runner.output(named: "out").shape, [1, 1, 5, 2])
  }
}
