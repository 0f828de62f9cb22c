import Foundation
import TFLiteFormat
import TensorBridge
import XCTest

/// TensorFlowLiteSwift's own test suite (tensorflow/lite/swift/Tests/ in tensorflow/tensorflow),
/// reproduced against TensorBridge's API of the same names: each test names the one it
/// reproduces. Its models are rebuilt in Tests/Fixtures/tflite-swift/ (see
/// scripts/fixtures/make_tflite_swift_fixtures.py); tflite_swift.reference.json holds Python
/// LiteRT's outputs for them. Where TensorBridge behaves differently on purpose the test says
/// so and checks TensorBridge's behaviour (CONFORMANCE.md counts those as differences).
final class TensorFlowLiteSwiftConformanceTests: XCTestCase {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/tflite-swift")
  static let addPath = folder.appendingPathComponent("add.tflite").path
  static let addQuantizedPath = folder.appendingPathComponent("add_quantized.tflite").path
  static let multiSignaturesPath = folder.appendingPathComponent("multi_signatures.tflite").path

  static func floats(_ values: [Float]) -> Data { values.withUnsafeBufferPointer { Data(buffer: $0) } }
  static let addInput = floats([1, 3])
  static let quantization = QuantizationParameters(scale: 0.003922, zeroPoint: 0)

  /// TensorFlowLiteSwift's `Tensor` has no declared shape; TensorBridge's carries it
  /// (`shapeSignature`), so tensors are compared field by field.
  func assertSameTensor(
    _ tensor: Tensor, name: String, dataType: Tensor.DataType, shape: Tensor.Shape, data: Data? = nil,
    quantization: QuantizationParameters? = nil, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(tensor.name, name, file: file, line: line)
    XCTAssertEqual(tensor.dataType, dataType, file: file, line: line)
    XCTAssertEqual(tensor.shape, shape, file: file, line: line)
    if let data { XCTAssertEqual(tensor.data, data, file: file, line: line) }
    XCTAssertEqual(tensor.quantizationParameters, quantization, file: file, line: line)
  }

  func addInterpreter(sizedTo shape: Tensor.Shape = [2]) throws -> Interpreter {
    let interpreter = try Interpreter(modelPath: Self.addPath)
    try interpreter.resizeInput(at: 0, to: shape)
    try interpreter.allocateTensors()
    return interpreter
  }

  // MARK: InterpreterTests

  func testInit_ValidModelPath() {
    XCTAssertNoThrow(try Interpreter(modelPath: Self.addPath))
  }

  func testInit_InvalidModelPath_ThrowsFailedToLoadModel() {
    XCTAssertThrowsError(try Interpreter(modelPath: "/invalid/path")) { error in
      guard case InterpreterError.modelFileUnreadable(let path, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(path, "/invalid/path")
    }
  }

  func testInitWithOptions() throws {
    var options = Interpreter.Options()
    options.threadCount = 2
    let interpreter = try Interpreter(modelPath: Self.addQuantizedPath, options: options)
    XCTAssertEqual(interpreter.options.threadCount, 2)
  }

  func testInit_WithData_ValidModelPath() {
    XCTAssertNoThrow(try Interpreter(modelData: Data(contentsOf: URL(fileURLWithPath: Self.addPath))))
  }

  func testInitWithDataWithOptions() throws {
    var options = Interpreter.Options()
    options.threadCount = 2
    let interpreter = try Interpreter(
      modelData: Data(contentsOf: URL(fileURLWithPath: Self.addQuantizedPath)), options: options)
    XCTAssertEqual(interpreter.options.threadCount, 2)
  }

  func testInputAndOutputTensorCount() throws {
    let interpreter = try Interpreter(modelPath: Self.addPath)
    XCTAssertEqual(interpreter.inputTensorCount, 1)
    XCTAssertEqual(interpreter.outputTensorCount, 1)
  }

  func testInvoke() throws {
    let interpreter = try Interpreter(modelPath: Self.addPath)
    try interpreter.allocateTensors()
    XCTAssertNoThrow(try interpreter.invoke())
  }

  /// testInvoke_ThrowsAllocateTensorsRequired_ModelNotReady,
  /// testInputTensorAtIndex_ThrowsAllocateTensorsRequired and
  /// testOutputTensorAtIndex_ThrowsInvokeInterpreterRequired: a difference on purpose. LiteRT's
  /// compiled model has its buffers from the start, so TensorBridge needs no `allocateTensors()`
  /// before `invoke()` or `input(at:)` (the call stays, and is needed after a resize only as
  /// TensorFlowLiteSwift code calls it), and an output read before any run holds the buffer's
  /// zeros instead of an error.
  func testNoAllocateTensorsOrInvokeIsRequiredFirst() throws {
    let interpreter = try Interpreter(modelPath: Self.addPath)
    XCTAssertEqual(try interpreter.output(at: 0).shape, [1, 8, 8, 3])
    XCTAssertEqual(try interpreter.input(at: 0).shape, [1, 8, 8, 3])
    try interpreter.copy(Data(count: 192 * 4), toInputAt: 0)
    XCTAssertNoThrow(try interpreter.invoke())
  }

  func testInputTensorAtIndex() throws {
    let interpreter = try addInterpreter()
    try interpreter.copy(Self.addInput, toInputAt: 0)
    assertSameTensor(try interpreter.input(at: 0), name: "input", dataType: .float32, shape: [2], data: Self.addInput)
  }

  func testInputTensorAtIndex_QuantizedModel() throws {
    let interpreter = try Interpreter(modelPath: Self.addQuantizedPath)
    try interpreter.resizeInput(at: 0, to: [2])
    try interpreter.allocateTensors()
    try interpreter.copy(Data([1, 3]), toInputAt: 0)
    assertSameTensor(
      try interpreter.input(at: 0), name: "input", dataType: .uInt8, shape: [2], data: Data([1, 3]),
      quantization: Self.quantization)
  }

  func testInputTensorAtIndex_ThrowsInvalidIndex() throws {
    let interpreter = try addInterpreter()
    XCTAssertThrowsError(try interpreter.input(at: 1)) { error in
      XCTAssertEqual(error as? InterpreterError, .invalidTensorIndex(role: .input, index: 1, count: 1))
    }
  }

  func testOutputTensorAtIndex() throws {
    let reference = try reference()
    let interpreter = try addInterpreter()
    try interpreter.copy(Self.addInput, toInputAt: 0)
    try interpreter.invoke()
    let output = try interpreter.output(at: 0)
    assertSameTensor(output, name: "output", dataType: .float32, shape: [2], data: Self.floats([3, 9]))
    XCTAssertEqual(try output.values(as: Float.self), reference.add.output.map(Float.init))
  }

  /// Also: the quantized model's intermediate is stored as float32 with uint8 quantization (as
  /// TensorFlow's add_quantized.json has it); TensorFlow Lite's ADD types it from its inputs,
  /// and the verifier must not refuse it.
  func testOutputTensorAtIndex_QuantizedModel() throws {
    let reference = try reference()
    let interpreter = try Interpreter(modelPath: Self.addQuantizedPath)
    try interpreter.resizeInput(at: 0, to: [2])
    try interpreter.allocateTensors()
    try interpreter.copy(Data([1, 3]), toInputAt: 0)
    try interpreter.invoke()
    let output = try interpreter.output(at: 0)
    assertSameTensor(
      output, name: "output", dataType: .uInt8, shape: [2], data: Data([3, 9]), quantization: Self.quantization)
    XCTAssertEqual([UInt8](output.data), reference.add_quantized.output.map { UInt8($0) })
  }

  func testOutputTensorAtIndex_ThrowsInvalidIndex() throws {
    let interpreter = try addInterpreter()
    try interpreter.invoke()
    XCTAssertThrowsError(try interpreter.output(at: 1)) { error in
      XCTAssertEqual(error as? InterpreterError, .invalidTensorIndex(role: .output, index: 1, count: 1))
    }
  }

  func testResizeInputTensorAtIndexToShape() throws {
    let interpreter = try Interpreter(modelPath: Self.addPath)
    XCTAssertNoThrow(try interpreter.resizeInput(at: 0, to: [2, 2, 3]))
    XCTAssertNoThrow(try interpreter.allocateTensors())
  }

  func testResizeInputTensorAtIndexToShape_ThrowsInvalidIndex() throws {
    let interpreter = try Interpreter(modelPath: Self.addPath)
    XCTAssertThrowsError(try interpreter.resizeInput(at: 1, to: [2, 2, 3])) { error in
      XCTAssertEqual(error as? InterpreterError, .invalidTensorIndex(role: .input, index: 1, count: 1))
    }
  }

  func testCopyDataToInputTensorAtIndex() throws {
    let interpreter = try addInterpreter()
    XCTAssertEqual(try interpreter.copy(Self.addInput, toInputAt: 0).data, Self.addInput)
  }

  func testCopyDataToInputTensorAtIndex_ThrowsInvalidIndex() throws {
    let interpreter = try Interpreter(modelPath: Self.addPath)
    XCTAssertThrowsError(try interpreter.copy(Self.addInput, toInputAt: 1)) { error in
      XCTAssertEqual(error as? InterpreterError, .invalidTensorIndex(role: .input, index: 1, count: 1))
    }
  }

  func testCopyDataToInputTensorAtIndex_ThrowsInvalidDataCount() throws {
    let interpreter = try addInterpreter()
    XCTAssertThrowsError(try interpreter.copy(Data(count: Self.addInput.count - 1), toInputAt: 0)) { error in
      XCTAssertEqual(error as? InterpreterError, .byteCountMismatch(tensor: "input", expected: 8, actual: 7))
    }
  }

  func testAllocateTensors() throws {
    XCTAssertNoThrow(try Interpreter(modelPath: Self.addPath).allocateTensors())
  }

  // MARK: InterpreterOptionsTests

  /// testInitWithDefaultValues: `isXNNPackEnabled` is true by default, a difference on purpose
  /// (TensorFlowLiteSwift's is false; Python's interpreter and LiteRT use XNNPACK by default).
  func testOptionsInitWithDefaultValues() {
    let options = Interpreter.Options()
    XCTAssertNil(options.threadCount)
    XCTAssertTrue(options.isXNNPackEnabled)
  }

  func testOptionsInitWithCustomValues() {
    var options = Interpreter.Options()
    options.threadCount = 2
    XCTAssertEqual(options.threadCount, 2)
    options.isXNNPackEnabled = false
    XCTAssertFalse(options.isXNNPackEnabled)
    options.isXNNPackEnabled = true
    XCTAssertTrue(options.isXNNPackEnabled)
  }

  func testOptionsEquatable() {
    var options1 = Interpreter.Options()
    var options2 = Interpreter.Options()
    XCTAssertEqual(options1, options2)
    options1.threadCount = 2
    options2.threadCount = 2
    XCTAssertEqual(options1, options2)
    options2.threadCount = 3
    XCTAssertNotEqual(options1, options2)
    options2.threadCount = 2
    XCTAssertEqual(options1, options2)
    options2.isXNNPackEnabled = false
    XCTAssertNotEqual(options1, options2)
    options1.isXNNPackEnabled = false
    XCTAssertEqual(options1, options2)
  }

  // MARK: ModelTests (TensorFlowLiteSwift's internal `Model`; TensorBridge's public `TFLiteModel`)

  func testModelInitWithFilePath() throws {
    let model = try TFLiteModel(modelPath: Self.addPath)
    XCTAssertEqual(model.subgraphs.count, 1)
  }

  func testModelInitWithEmptyOrInvalidFilePath_FailsInitialization() {
    XCTAssertThrowsError(try TFLiteModel(modelPath: ""))
    XCTAssertThrowsError(try TFLiteModel(modelPath: "invalid/path"))
  }

  func testModelInitWithData() throws {
    let model = try TFLiteModel(data: Data(contentsOf: URL(fileURLWithPath: Self.addPath)))
    XCTAssertEqual(model.operatorNames, ["ADD"])
  }

  // MARK: QuantizationParametersTests

  func testQuantizationParameters() {
    let parameters = QuantizationParameters(scale: 0.5, zeroPoint: 1)
    XCTAssertEqual(parameters.scale, 0.5)
    XCTAssertEqual(parameters.zeroPoint, 1)
    XCTAssertEqual(parameters, QuantizationParameters(scale: 0.5, zeroPoint: 1))
    XCTAssertNotEqual(parameters, QuantizationParameters(scale: 0.4, zeroPoint: 1))
  }

  // MARK: TensorTests, TensorShapeTests

  func testTensorInitAndEquatable() throws {
    let data = try XCTUnwrap("InputTensor".data(using: .utf8))
    let parameters = QuantizationParameters(scale: 0.5, zeroPoint: 1)
    let tensor = Tensor(
      name: "InputTensor", dataType: .uInt8, shape: [2, 2, 3], data: data, quantizationParameters: parameters)
    XCTAssertEqual(tensor.name, "InputTensor")
    XCTAssertEqual(tensor.dataType, .uInt8)
    XCTAssertEqual(tensor.shape, [2, 2, 3])
    XCTAssertEqual(tensor.data, data)
    XCTAssertEqual(tensor.quantizationParameters, parameters)
    let same = Tensor(
      name: "InputTensor", dataType: .uInt8, shape: [2, 2, 3], data: data, quantizationParameters: parameters)
    XCTAssertEqual(tensor, same)
    let renamed = Tensor(
      name: "Tensor2", dataType: .uInt8, shape: [2, 2, 3], data: data, quantizationParameters: parameters)
    XCTAssertNotEqual(tensor, renamed)
  }

  func testTensorShape() {
    XCTAssertEqual(Tensor.Shape([2, 2, 3]).rank, 3)
    XCTAssertEqual(Tensor.Shape(2, 2, 3).dimensions, [2, 2, 3])
    let literal: Tensor.Shape = [2, 2, 3]
    XCTAssertEqual(literal, Tensor.Shape(2, 2, 3))
    XCTAssertNotEqual(literal, [2, 2, 4])
  }

  // MARK: SignatureRunnerTest

  func testSignatureKeys() throws {
    let interpreter = try Interpreter(modelPath: Self.multiSignaturesPath)
    XCTAssertEqual(interpreter.signatureKeys, ["add", "sub"])
    XCTAssertNoThrow(try interpreter.signatureRunner(with: "add"))
    XCTAssertThrowsError(try interpreter.signatureRunner(with: "dummy")) { error in
      XCTAssertEqual(error as? InterpreterError, .unknownSignature(key: "dummy", available: ["add", "sub"]))
    }
  }

  func testSignatureResizeInputTensor() throws {
    let interpreter = try Interpreter(modelPath: Self.multiSignaturesPath)
    let add = try interpreter.signatureRunner(with: "add")
    XCTAssertEqual(add.inputs, ["x"])
    assertSameTensor(try add.input(named: "x"), name: "add_x:0", dataType: .float32, shape: [1])
    XCTAssertThrowsError(try add.copy(Self.floats([2, 4]), toInputNamed: "x")) { error in
      XCTAssertEqual(error as? InterpreterError, .byteCountMismatch(tensor: "add_x:0", expected: 4, actual: 8))
    }
    try add.resizeInput(named: "x", toShape: [2])
    try add.allocateTensors()
    try add.copy(Self.floats([2, 4]), toInputNamed: "x")
    assertSameTensor(
      try add.input(named: "x"), name: "add_x:0", dataType: .float32, shape: [2], data: Self.floats([2, 4]))
  }

  func testSignatureResizeInputTensor_invalidTensor() throws {
    let add = try Interpreter(modelPath: Self.multiSignaturesPath).signatureRunner(with: "add")
    XCTAssertThrowsError(try add.input(named: "dummy")) { error in
      XCTAssertEqual(error as? InterpreterError, .unknownTensorName(role: .input, name: "dummy", available: ["x"]))
    }
    XCTAssertThrowsError(try add.resizeInput(named: "dummy", toShape: [2])) { error in
      XCTAssertEqual(error as? InterpreterError, .unknownTensorName(role: .input, name: "dummy", available: ["x"]))
    }
  }

  func testSignatureInvokeWithInputs() throws {
    let reference = try reference()
    let add = try Interpreter(modelPath: Self.multiSignaturesPath).signatureRunner(with: "add")
    XCTAssertEqual(add.outputs, ["output_0"])
    assertSameTensor(
      try add.output(named: "output_0"), name: "StatefulPartitionedCall:0", dataType: .float32, shape: [1])
    try add.resizeInput(named: "x", toShape: [2])
    try add.invoke(with: ["x": Self.floats([2, 4])])
    let output = try add.output(named: "output_0")
    assertSameTensor(
      output, name: "StatefulPartitionedCall:0", dataType: .float32, shape: [2], data: Self.floats([4, 6]))
    XCTAssertEqual(try output.values(as: Float.self), reference.multi_signatures["add"]?.output.map(Float.init))
  }

  // MARK: Reference

  struct Reference: Decodable {
    struct Outputs: Decodable { let output: [Double] }
    let add: Outputs
    let add_quantized: Outputs
    let multi_signatures: [String: Outputs]
  }

  func reference() throws -> Reference {
    try JSONDecoder().decode(
      Reference.self, from: Data(contentsOf: Self.folder.appendingPathComponent("tflite_swift.reference.json")))
  }
}
