import Foundation
import TensorBridge
import XCTest

/// Outputs whose shape depends on the data (TFLite reallocates them during the run), served by
/// TensorBridge's capture operators, against Python LiteRT's classic interpreter.
final class OutputCaptureTests: XCTestCase {
  /// boolean_mask: several runs of one interpreter, lengths changing, the empty result included.
  func testBooleanMaskRunsInARowOnOneInterpreter() throws {
    let reference = try Fixtures.reference("boolean_mask")
    let interpreter = try Interpreter(modelPath: Fixtures.model("boolean_mask"))
    XCTAssertNotNil(try interpreter.model.capturingDynamicOutputs(), "the model should be rewritten")
    XCTAssertEqual(interpreter.outputTensorCount, 1)
    XCTAssertEqual(interpreter.outputSignatureName(at: 0), "positives")
    XCTAssertEqual(interpreter.outputIndex(named: "positives"), 0)

    // Before the first run: the declared shape with -1 read as 0, no bytes.
    let before = try interpreter.output(at: 0)
    XCTAssertEqual(before.name, "PartitionedCall:0")
    XCTAssertEqual(before.shape, [0])
    XCTAssertEqual(before.shapeSignature, [-1])
    XCTAssertEqual(before.data.count, 0)

    // Every case, then every case again in reverse: lengths go up and down, [0] in between.
    let cases = reference.cases + reference.cases.reversed()
    for (number, testCase) in cases.enumerated() {
      let input = try XCTUnwrap(testCase.inputs.first)
      try interpreter.resizeInput(at: 0, to: Tensor.Shape(input.shape))
      try interpreter.copy(input.data.map { Float($0) }, toInputAt: 0)
      try interpreter.invoke()
      let expected = try XCTUnwrap(testCase.outputs.first)
      let output = try interpreter.output(at: 0)
      XCTAssertEqual(output.shape.dimensions, expected.shape, "run \(number)")
      XCTAssertEqual(try output.values(as: Float.self), expected.data.map { Float($0) }, "run \(number)")
      XCTAssertEqual(output.shapeSignature, [-1])
      // The zero-copy read sees the same bytes.
      let viaPointer = try interpreter.withUnsafeOutputBytes(at: 0) { Array($0.bindMemory(to: Float.self)) }
      XCTAssertEqual(viaPointer, expected.data.map { Float($0) }, "run \(number)")
    }
    XCTAssertTrue(reference.cases.contains { $0.outputs[0].shape == [0] }, "the reference lacks the empty case")
  }

  /// The same model through its signature runner, and with the same input size twice in a row
  /// (no resize between runs) but different data.
  func testBooleanMaskThroughTheSignatureRunnerWithoutResizing() throws {
    let interpreter = try Interpreter(modelPath: Fixtures.model("boolean_mask"))
    let runner = try interpreter.signatureRunner(with: "serving_default")
    XCTAssertEqual(runner.outputs, ["positives"])
    try runner.resizeInput(named: "x", toShape: [3])
    for (values, expected) in [
      ([1, 2, 3], [1, 2, 3]), ([-1, -2, -3], []), ([0, 4, -4], [4]), ([7, 8, 9], [7, 8, 9]),
    ] as [([Float], [Float])] {
      try runner.copy(values, toInputNamed: "x")
      try runner.invoke()
      let output = try runner.output(named: "positives")
      XCTAssertEqual(output.shape.dimensions, [expected.count])
      XCTAssertEqual(try output.values(as: Float.self), expected)
      let bytes = try runner.withUnsafeOutputBytes(named: "positives") { $0.count }
      XCTAssertEqual(bytes, 4 * expected.count)
    }
  }

  /// dynamic_signatures: `select` mixes captured outputs (`indices` int64 [n, 1], `selected`
  /// float32 [n]) with a LiteRT one (`count`); the original order and names are kept.
  func testSignatureWithDataDependentAndStaticOutputs() throws {
    let reference = try Fixtures.reference("dynamic_signatures")
    let interpreter = try Interpreter(modelPath: Fixtures.model("dynamic_signatures"))
    let runner = try interpreter.signatureRunner(with: "select")
    // The select subgraph lists its outputs as indices, selected, count (see the reference's
    // output `index`es), the order LiteRT gives signature outputs.
    let order = try XCTUnwrap(reference.cases.first { $0.signature == "select" }).outputs.sorted { $0.index < $1.index }
    XCTAssertEqual(order.map(\.signature_name), ["indices", "selected", "count"])
    XCTAssertEqual(runner.outputs, ["indices", "selected", "count"])
    XCTAssertEqual(runner.inputs.sorted(), ["threshold", "x"])

    let cases = reference.cases.filter { $0.signature == "select" }
    XCTAssertGreaterThanOrEqual(cases.count, 3)
    for (number, testCase) in (cases + cases.reversed()).enumerated() {
      let x = try XCTUnwrap(testCase.inputs.first { $0.signature_name == "x" })
      let threshold = try XCTUnwrap(testCase.inputs.first { $0.signature_name == "threshold" })
      try runner.resizeInput(named: "x", toShape: Tensor.Shape(x.shape))
      try runner.copy(x.data.map { Float($0) }, toInputNamed: "x")
      try runner.copy(threshold.data.map { Float($0) }, toInputNamed: "threshold")
      try runner.invoke()
      for expected in testCase.outputs {
        let name = try XCTUnwrap(expected.signature_name)
        let output = try runner.output(named: name)
        XCTAssertEqual(output.name, expected.name, "run \(number) \(name)")
        XCTAssertEqual(output.dataType.name, expected.dtype, "run \(number) \(name)")
        XCTAssertEqual(output.shape.dimensions, expected.shape, "run \(number) \(name)")
        XCTAssertEqual(output.floatValues()?.map(Double.init), expected.data, "run \(number) \(name)")
      }
    }

    // Nothing above the threshold: Python LiteRT's signature runner cannot return this (it
    // raises "Invalid tensor size" on the empty int64 [0, 1]); the answer is plain.
    try runner.resizeInput(named: "x", toShape: [3])
    try runner.copy([-1, -2, -3] as [Float], toInputNamed: "x")
    try runner.copy([0] as [Float], toInputNamed: "threshold")
    try runner.invoke()
    XCTAssertEqual(try runner.output(named: "indices").shape, [0, 1])
    XCTAssertEqual(try runner.output(named: "indices").data.count, 0)
    XCTAssertEqual(try runner.output(named: "selected").shape, [0])
    XCTAssertEqual(try runner.output(named: "count").values(as: Int32.self), [0])
    // And back to a non-empty result on the same runner.
    try runner.copy([5, -2, 6] as [Float], toInputNamed: "x")
    try runner.invoke()
    XCTAssertEqual(try runner.output(named: "indices").values(as: Int64.self), [0, 2])
    XCTAssertEqual(try runner.output(named: "indices").shape, [2, 1])
    XCTAssertEqual(try runner.output(named: "selected").values(as: Float.self), [5, 6])
    XCTAssertEqual(try runner.output(named: "count").values(as: Int32.self), [2])

    // The other signature has static outputs only and is untouched.
    let double = try interpreter.signatureRunner(with: "double")
    try double.copy([1, -2.5, 4] as [Float], toInputNamed: "x")
    try double.invoke()
    XCTAssertEqual(try double.output(named: "doubled").values(as: Float.self), [2, -5, 8])
  }

  /// Every captured element type, one interpreter, several runs (float16 compared bit for bit).
  func testEveryCapturedTypeMatchesPython() throws {
    let reference = try Fixtures.reference("capture_types")
    let interpreter = try Interpreter(modelPath: Fixtures.model("capture_types"))
    for (number, testCase) in (reference.cases + reference.cases.reversed()).enumerated() {
      let input = try XCTUnwrap(testCase.inputs.first)
      try interpreter.resizeInput(at: 0, to: Tensor.Shape(input.shape))
      try interpreter.copy(input.data.map { Float($0) }, toInputAt: 0)
      try interpreter.invoke()
      for expected in testCase.outputs {
        let output = try interpreter.output(at: expected.index)
        XCTAssertEqual(output.name, expected.name, "run \(number) output \(expected.index)")
        XCTAssertEqual(output.dataType.name, expected.dtype, "run \(number) \(expected.name)")
        XCTAssertEqual(output.shape.dimensions, expected.shape, "run \(number) \(expected.name)")
        if output.dataType == .float16 {
          let bits = output.data.withUnsafeBytes { Array($0.bindMemory(to: UInt16.self)) }
          XCTAssertEqual(bits, expected.data.map { Float16(Float($0)).bitPattern }, "run \(number) \(expected.name)")
        } else {
          XCTAssertEqual(output.floatValues()?.map(Double.init), expected.data, "run \(number) \(expected.name)")
        }
      }
    }
  }

  /// dynamic_batch goes through the capture path; batch sizes change on one interpreter, the
  /// shape is known after a resize before the run (as LiteRT reports it), and values equal Python's.
  func testDynamicBatchThroughTheCapturePath() throws {
    let reference = try Fixtures.reference("dynamic_batch")
    let interpreter = try Interpreter(modelPath: Fixtures.model("dynamic_batch"))
    XCTAssertNotNil(try interpreter.model.capturingDynamicOutputs())
    XCTAssertEqual(try interpreter.output(at: 0).shape, [1, 2])
    for (number, testCase) in (reference.cases + reference.cases.reversed()).enumerated() {
      let input = try XCTUnwrap(testCase.inputs.first)
      let expected = try XCTUnwrap(testCase.outputs.first)
      let resized = try interpreter.input(at: 0).shape.dimensions != input.shape
      try interpreter.resizeInput(at: 0, to: Tensor.Shape(input.shape))
      let predicted = try interpreter.output(at: 0)
      XCTAssertEqual(predicted.shape.dimensions, expected.shape, "run \(number): shape after the resize")
      if resized {
        XCTAssertEqual(predicted.data, Data(count: 4 * expected.data.count), "run \(number): zeros until the run")
      }
      try interpreter.copy(input.data.map { Float($0) }, toInputAt: 0)
      try interpreter.invoke()
      let output = try interpreter.output(at: 0)
      XCTAssertEqual(output.shape.dimensions, expected.shape, "run \(number)")
      XCTAssertEqual(try output.values(as: Float.self), expected.data.map { Float($0) }, "run \(number)")
    }
  }

  /// The same results without capture for a model whose output shape follows from the input
  /// shape: the opt-out is a pure speed knob there.
  func testDynamicBatchWithCaptureTurnedOff() throws {
    let reference = try Fixtures.reference("dynamic_batch")
    let interpreter = try Interpreter(
      modelPath: Fixtures.model("dynamic_batch"), options: Interpreter.Options(isOutputCaptureEnabled: false))
    for testCase in reference.cases {
      let input = try XCTUnwrap(testCase.inputs.first)
      try interpreter.resizeInput(at: 0, to: Tensor.Shape(input.shape))
      try interpreter.copy(input.data.map { Float($0) }, toInputAt: 0)
      try interpreter.invoke()
      XCTAssertEqual(try interpreter.output(at: 0).values(as: Float.self), testCase.outputs[0].data.map { Float($0) })
    }
  }

  /// Constant data stored after the flatbuffer (buffer-offset format) is found after the rewrite
  /// moved it: the results equal Python's.
  func testBufferOffsetModel() throws {
    let reference = try Fixtures.reference("buffer_offset")
    let interpreter = try Interpreter(modelPath: Fixtures.model("buffer_offset"))
    for testCase in reference.cases + reference.cases {
      let input = try XCTUnwrap(testCase.inputs.first)
      try interpreter.resizeInput(at: 0, to: Tensor.Shape(input.shape))
      try interpreter.copy(input.data.map { Float($0) }, toInputAt: 0)
      try interpreter.invoke()
      for expected in testCase.outputs {
        let output = try interpreter.output(at: expected.index)
        XCTAssertEqual(output.shape.dimensions, expected.shape, expected.name)
        XCTAssertEqual(try output.values(as: Float.self), expected.data.map { Float($0) }, expected.name)
      }
    }
  }

  /// A model whose outputs are all static is loaded as it is and behaves as before.
  func testStaticOutputsAreNotRewritten() throws {
    for name in ["linear", "two_vectors", "two_signatures"] {
      let interpreter = try Interpreter(modelPath: Fixtures.model(name))
      XCTAssertNil(try interpreter.model.capturingDynamicOutputs(), name)
    }
    let reference = try Fixtures.reference("linear")
    let interpreter = try Interpreter(modelPath: Fixtures.model("linear"))
    XCTAssertEqual(try interpreter.output(at: 0).shape, [1, 1])
    try interpreter.copy([10] as [Float], toInputAt: 0)
    try interpreter.invoke()
    XCTAssertEqual(
      try interpreter.output(at: 0).values(as: Float.self), reference.cases[0].outputs[0].data.map { Float($0) })
  }

  /// Two interpreters of the same captured model, used from two threads at once, each with its
  /// own store: runs do not see each other's values.
  func testInterpretersDoNotShareCapturedValues() throws {
    let data = try Fixtures.data("boolean_mask")
    let failures = LockedFailures()
    DispatchQueue.concurrentPerform(iterations: 2) { worker in
      do {
        let interpreter = try Interpreter(modelData: data)
        for run in 0..<200 {
          let count = 1 + (run + worker) % 7
          let values = (0..<count).map { Float(worker == 0 ? $0 + 1 : -($0 + 1)) }
          try interpreter.resizeInput(at: 0, to: [count])
          try interpreter.copy(values, toInputAt: 0)
          try interpreter.invoke()
          let output = try interpreter.output(at: 0).values(as: Float.self)
          if output != (worker == 0 ? values : []) { failures.add("worker \(worker) run \(run): \(output)") }
        }
      } catch {
        failures.add("worker \(worker): \(error)")
      }
    }
    XCTAssertEqual(failures.all, [])
  }
}

/// Failure messages collected from several threads.
private final class LockedFailures: @unchecked Sendable {
  private let lock = NSLock()
  private var messages: [String] = []
  func add(_ message: String) {
    lock.lock()
    messages.append(message)
    lock.unlock()
  }
  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return messages
  }
}
