import Foundation
import TensorBridge
import XCTest

/// The URL initializer, TensorFlowLiteSwift's `delegates:` counterpart and the accelerator option.
final class InterpreterDelegateTests: XCTestCase {
  private func twoXMinusOne(_ interpreter: Interpreter) throws -> [Float] {
    try interpreter.copy([Float(10)], toInputAt: 0)
    try interpreter.invoke()
    return try interpreter.output(at: 0).values(as: Float.self)
  }

  func testURLAndDelegatesInitializersRunTheModel() throws {
    let path = Fixtures.model("linear")
    XCTAssertEqual(try twoXMinusOne(Interpreter(contentsOf: URL(fileURLWithPath: path))), [19])
    let builtin = try Interpreter(modelPath: path, delegates: [])
    XCTAssertFalse(builtin.options.isXNNPackEnabled)
    XCTAssertEqual(builtin.options.accelerator, .cpu)
    XCTAssertEqual(try twoXMinusOne(builtin), [19])
    let xnnpack = try Interpreter(modelPath: path, options: .init(isXNNPackEnabled: false), delegates: [.xnnpack])
    XCTAssertEqual(xnnpack.options.accelerator, .cpuXNNPack)
    XCTAssertEqual(try twoXMinusOne(xnnpack), [19])
  }

  func testAcceleratorReadsAndWritesTheXNNPackFlag() {
    var options = Interpreter.Options()
    XCTAssertEqual(options.accelerator, .cpuXNNPack)
    options.accelerator = .cpu
    XCTAssertFalse(options.isXNNPackEnabled)
    XCTAssertEqual(options.loadReportDescription.contains("xnnpack=off"), true)
  }

  func testMissingURLIsNamed() {
    XCTAssertThrowsError(try Interpreter(contentsOf: URL(fileURLWithPath: "/nonexistent/model.tflite"))) { error in
      guard case InterpreterError.modelFileUnreadable(let path, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(path, "/nonexistent/model.tflite")
    }
  }
}
