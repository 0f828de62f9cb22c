import Foundation
import LiteRTRuntime
import TFLiteFormat
import TensorBridge
import XCTest

/// Every Interpreter error path gives its typed error with the details that explain it.
final class InterpreterErrorTests: XCTestCase {
  func testMissingModelFile() {
    XCTAssertThrowsError(try Interpreter(modelPath: "/nonexistent/model.tflite")) { error in
      guard case InterpreterError.modelFileUnreadable(let path, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(path, "/nonexistent/model.tflite")
    }
  }

  func testGarbageIsRejectedByTheVerifierBeforeLiteRT() {
    for bytes in [Data(), Data("not a model at all".utf8), Data(repeating: 0xFF, count: 4096)] {
      XCTAssertThrowsError(try Interpreter(modelData: bytes)) { error in
        guard case InterpreterError.invalidModel = error else { return XCTFail("\(error)") }
        XCTAssertTrue(String(describing: error).hasPrefix("The model is not a valid TensorFlow Lite file"))
      }
    }
  }

  func testTruncatedModelsAreTypedErrors() throws {
    let data = try Fixtures.data("two_vectors")
    for length in stride(from: 0, to: data.count, by: 97) {
      XCTAssertThrowsError(try Interpreter(modelData: data.prefix(length)), "length \(length)")
    }
  }

  func testUnresolvedCustomOperatorIsNamed() {
    XCTAssertThrowsError(try Interpreter(modelPath: Fixtures.model("custom_op"))) { error in
      guard case InterpreterError.unsupportedOperators(let names, _, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(names, ["TensorBridgeTestOp"])
      XCTAssertTrue(String(describing: error).contains("'TensorBridgeTestOp'"))
    }
  }

  func testMissingRuntimeListsWhereItLookedAndHowToFix() {
    let options = Interpreter.Options(runtimeLibraryPath: "/nonexistent/libLiteRt.so")
    XCTAssertThrowsError(try Interpreter(modelPath: Fixtures.model("linear"), options: options)) { error in
      XCTAssertEqual(
        error as? InterpreterError,
        .runtimeUnavailable(.libraryNotFound(searched: ["/nonexistent/libLiteRt.so"])))
      let text = String(describing: error)
      XCTAssertTrue(text.contains("/nonexistent/libLiteRt.so"), text)
      XCTAssertTrue(text.contains("bash scripts/setup.sh"), text)
    }
  }

  func testNotALibraryIsALoadError() throws {
    let options = Interpreter.Options(runtimeLibraryPath: Fixtures.model("linear"))
    XCTAssertThrowsError(try Interpreter(modelPath: Fixtures.model("linear"), options: options)) { error in
      guard case InterpreterError.runtimeUnavailable(.libraryLoadFailed(let path, _)) = error else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(path, Fixtures.model("linear"))
    }
  }

  func testIndexErrors() throws {
    let interpreter = try Interpreter(modelPath: Fixtures.model("two_vectors"))
    XCTAssertThrowsError(try interpreter.input(at: 2)) {
      XCTAssertEqual($0 as? InterpreterError, .invalidTensorIndex(role: .input, index: 2, count: 2))
    }
    XCTAssertThrowsError(try interpreter.output(at: -1)) {
      XCTAssertEqual($0 as? InterpreterError, .invalidTensorIndex(role: .output, index: -1, count: 2))
    }
    XCTAssertThrowsError(try interpreter.copy(Data(count: 16), toInputAt: 5))
    XCTAssertThrowsError(try interpreter.withUnsafeMutableInputBytes(at: 9) { _ in })
  }

  func testByteCountTypeAndElementCountAreChecked() throws {
    let interpreter = try Interpreter(modelPath: Fixtures.model("two_vectors"))
    XCTAssertThrowsError(try interpreter.copy(Data(count: 15), toInputAt: 0)) {
      XCTAssertEqual(
        $0 as? InterpreterError, .byteCountMismatch(tensor: "serving_default_foo_features:0", expected: 16, actual: 15))
    }
    XCTAssertThrowsError(try interpreter.copy([1, 2, 3, 4] as [Int32], toInputAt: 0)) {
      XCTAssertEqual(
        $0 as? InterpreterError,
        .typeMismatch(tensor: "serving_default_foo_features:0", expected: .float32, actual: .int32))
    }
    XCTAssertThrowsError(try interpreter.copy([1, 2, 3] as [Float], toInputAt: 0)) {
      XCTAssertEqual(
        $0 as? InterpreterError, .elementCountMismatch(tensor: "serving_default_foo_features:0", expected: 4, actual: 3)
      )
    }
    // The same size in the wrong type is refused too (LiteRT itself would run it silently).
    let quantized = try Interpreter(modelPath: Fixtures.model("two_vectors_int8"))
    XCTAssertThrowsError(try quantized.copy([1, 2, 3, 4] as [UInt8], toInputAt: 0)) {
      XCTAssertEqual(
        $0 as? InterpreterError,
        .typeMismatch(tensor: "serving_default_foo_features:0", expected: .int8, actual: .uInt8))
    }
    XCTAssertThrowsError(try interpreter.output(at: 0).values(as: Int32.self)) {
      guard case InterpreterError.typeMismatch = $0 else { return XCTFail("\($0)") }
    }
  }

  func testResizeErrors() throws {
    let interpreter = try Interpreter(modelPath: Fixtures.model("dynamic_batch"))
    // A fixed dimension may change, as in Python; the model's operators refuse [2, 4] when
    // LiteRT prepares them (Python: at allocate_tensors()), and the error says which change.
    try interpreter.resizeInput(at: 0, to: [2, 4])
    XCTAssertInvalidShape(
      try interpreter.invoke(), tensor: "serving_default_x:0", shape: [2, 4],
      reasonContains: ["dimension 1 is 3 in the model, and its operators cannot take 4 (", "failed while preparing"])
    try interpreter.resizeInput(at: 0, to: [2, 3])
    try interpreter.copy([Float](repeating: 1, count: 6), toInputAt: 0)
    try interpreter.invoke()
    XCTAssertEqual(try interpreter.output(at: 0).shape, [2, 2])
    XCTAssertThrowsError(try interpreter.resizeInput(at: 0, to: [1, 1, 1, 1, 1, 1, 1, 1, 1])) { error in
      guard case InterpreterError.invalidShape(_, _, let reason) = error else { return XCTFail("\(error)") }
      XCTAssertTrue(reason.contains("at most 8 dimensions"), reason)
    }
    XCTAssertThrowsError(try interpreter.resizeInput(at: 0, to: [0, 3]))
    XCTAssertThrowsError(try interpreter.resizeInput(at: 0, to: [-1, 3]))
    XCTAssertThrowsError(try interpreter.resizeInput(at: 1, to: [1, 3]))
    // After failed resizes the interpreter still works.
    try interpreter.copy([1, 2, 3, 4, 5, 6] as [Float], toInputAt: 0)
    try interpreter.invoke()
  }

  func testSignatureErrors() throws {
    let interpreter = try Interpreter(modelPath: Fixtures.model("two_signatures"))
    XCTAssertThrowsError(try interpreter.signatureRunner(with: "serving_default")) { error in
      guard case InterpreterError.unknownSignature(let key, let available) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(key, "serving_default")
      XCTAssertEqual(Set(available), ["add", "scale"])
    }
    let runner = try interpreter.signatureRunner(with: "scale")
    XCTAssertThrowsError(try runner.input(named: "y")) {
      XCTAssertEqual($0 as? InterpreterError, .unknownTensorName(role: .input, name: "y", available: ["x"]))
    }
    XCTAssertThrowsError(try runner.copy(Data(count: 4), toInputNamed: "x")) {
      XCTAssertEqual($0 as? InterpreterError, .byteCountMismatch(tensor: "scale_x:0", expected: 12, actual: 4))
    }
  }

  func testErrorDescriptionsAreSentences() {
    let samples: [InterpreterError] = [
      .invalidTensorIndex(role: .input, index: 3, count: 1),
      .byteCountMismatch(tensor: "x", expected: 4, actual: 3),
      .typeMismatch(tensor: "x", expected: .float32, actual: .uInt8),
      .unsupportedOperators(names: ["Foo"], stage: .invoke, status: LiteRTStatus(rawValue: 3)),
      .invalidShape(tensor: "x", shape: [1, 2], reason: "dimension 1 is fixed at 3 in the model"),
    ]
    for error in samples {
      let text = error.description
      XCTAssertTrue(text.first?.isUppercase == true && text.hasSuffix("."), text)
    }
    XCTAssertEqual(
      InterpreterError.invalidTensorIndex(role: .input, index: 3, count: 1).description,
      "There is no input tensor at index 3; the model has 1 input (valid indices 0..<1).")
  }
}
