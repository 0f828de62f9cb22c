import Foundation
import LiteRTRuntime
import TFLiteFormat
import TensorBridge
import XCTest

/// The Interpreter API on real fixtures: values, shapes, zero-copy access, options, signatures.
final class InterpreterTests: XCTestCase {
  func testLinearModelComputesTwoXMinusOne() throws {
    let interpreter = try Interpreter(modelPath: Fixtures.model("linear"))
    XCTAssertEqual(interpreter.inputTensorCount, 1)
    XCTAssertEqual(interpreter.outputTensorCount, 1)
    for x: Float in [10, -3.5, 0, 1e6] {
      try interpreter.copy([x], toInputAt: 0)
      try interpreter.invoke()
      XCTAssertEqual(try interpreter.output(at: 0).values(as: Float.self), [2 * x - 1])
    }
  }

  func testTensorDescriptions() throws {
    let interpreter = try Interpreter(modelPath: Fixtures.model("two_vectors"))
    let foo = try interpreter.input(at: 0)
    XCTAssertEqual(foo.name, "serving_default_foo_features:0")
    XCTAssertEqual(foo.dataType, .float32)
    XCTAssertEqual(foo.shape, [4])
    XCTAssertEqual(foo.data.count, 16)
    XCTAssertNil(foo.quantizationParameters)
    XCTAssertEqual(try interpreter.input(at: 1).shape, [8])
    XCTAssertEqual(try interpreter.output(at: 0).shape, [6])
    XCTAssertEqual(try interpreter.output(at: 1).shape, [3])
    XCTAssertEqual(interpreter.inputIndex(named: "bar_features"), 1)
    XCTAssertEqual(interpreter.inputIndex(named: "serving_default_bar_features:0"), 1)
    XCTAssertEqual(interpreter.outputIndex(named: "baz_outputs"), 1)
    XCTAssertNil(interpreter.inputIndex(named: "nope"))
    XCTAssertEqual(
      interpreter.model.operatorNames.sorted(), ["CONCATENATION", "FULLY_CONNECTED", "LOGISTIC", "RESHAPE", "TANH"])
  }

  func testZeroCopyWriteAndReadMatchCopyingPath() throws {
    let interpreter = try Interpreter(modelPath: Fixtures.model("two_vectors"))
    let foo: [Float] = [0.1, 0.2, 0.3, 0.4]
    let bar: [Float] = [-0.1, 0.2, 0.3, 0.4, -0.5, 0.6, -0.7, 0.8]
    try interpreter.copy(foo, toInputAt: 0)
    try interpreter.copy(bar, toInputAt: 1)
    try interpreter.invoke()
    let expected = try interpreter.output(at: 1).values(as: Float.self)

    let other = try Interpreter(modelPath: Fixtures.model("two_vectors"))
    try other.withUnsafeMutableInputBytes(at: 0) { bytes in
      XCTAssertEqual(bytes.count, 16)
      bytes.bindMemory(to: Float.self).update(fromContentsOf: foo)
    }
    try other.withUnsafeMutableInputBytes(at: 1) { $0.bindMemory(to: Float.self).update(fromContentsOf: bar) }
    try other.invoke()
    let read = try other.withUnsafeOutputBytes(at: 1) { Array($0.bindMemory(to: Float.self)) }
    XCTAssertEqual(read, expected)
  }

  func testThreadsAndXNNPackOffGiveTheSameAnswers() throws {
    let data = try Fixtures.data("float16_weights")
    var outputs: [[Float]] = []
    for options in [Interpreter.Options(), .init(threadCount: 2), .init(isXNNPackEnabled: false)] {
      let interpreter = try Interpreter(modelData: data, options: options)
      try interpreter.copy((0..<128).map { Float($0) / 128 }, toInputAt: 0)
      try interpreter.invoke()
      outputs.append(try interpreter.output(at: 0).values(as: Float.self))
    }
    for output in outputs.dropFirst() {
      for (a, b) in zip(output, outputs[0]) { XCTAssertEqual(a, b, accuracy: 1e-4) }
    }
  }

  func testDynamicBatchResize() throws {
    let interpreter = try Interpreter(modelPath: Fixtures.model("dynamic_batch"))
    let input = try interpreter.input(at: 0)
    XCTAssertEqual(input.shapeSignature, [-1, 3])
    try interpreter.resizeInput(at: 0, to: [4, 3])
    try interpreter.allocateTensors()
    XCTAssertEqual(try interpreter.input(at: 0).shape, [4, 3])
    XCTAssertEqual(try interpreter.output(at: 0).shape, [4, 2])
    try interpreter.copy((0..<12).map(Float.init), toInputAt: 0)
    try interpreter.invoke()
    let batch = try interpreter.output(at: 0).values(as: Float.self)
    XCTAssertEqual(batch.count, 8)
    // Row 2 of the batch equals a batch-1 run on row 2.
    try interpreter.resizeInput(at: 0, to: [1, 3])
    try interpreter.copy([6, 7, 8] as [Float], toInputAt: 0)
    try interpreter.invoke()
    let single = try interpreter.output(at: 0).values(as: Float.self)
    XCTAssertEqual(single[0], batch[4], accuracy: 1e-5)
    XCTAssertEqual(single[1], batch[5], accuracy: 1e-5)
  }

  func testSignatures() throws {
    let interpreter = try Interpreter(modelPath: Fixtures.model("two_signatures"))
    XCTAssertEqual(Set(interpreter.signatureKeys), ["add", "scale"])
    let scale = try interpreter.signatureRunner(with: "scale")
    XCTAssertEqual(scale.inputs, ["x"])
    XCTAssertEqual(scale.outputs, ["scaled"])
    try scale.copy([1, 2, 3] as [Float], toInputNamed: "x")
    try scale.invoke()
    XCTAssertEqual(try scale.output(named: "scaled").values(as: Float.self), [3, 6, 9])
    let add = try interpreter.signatureRunner(with: "add")
    try add.invoke(with: [
      "x": Data(copyingBufferOf: [1, 2] as [Float]), "y": Data(copyingBufferOf: [10, 20] as [Float]),
    ])
    XCTAssertEqual(try add.output(named: "sum").values(as: Float.self), [11, 22])
  }

  func testSingleSignatureModelAddressesItsSignatureByIndexAndName() throws {
    let interpreter = try Interpreter(modelPath: Fixtures.model("linear"))
    XCTAssertEqual(interpreter.signatureKeys, ["serving_default"])
    let runner = try interpreter.signatureRunner(with: "serving_default")
    try runner.copy([4] as [Float], toInputNamed: "x")
    try runner.invoke()
    XCTAssertEqual(try runner.output(named: "y").values(as: Float.self), [7])
  }

  func testMetadataByKey() throws {
    let interpreter = try Interpreter(modelPath: Fixtures.model("with_metadata"))
    XCTAssertEqual(interpreter.metadata(forKey: "TENSORBRIDGE_TEST"), Data("hello metadata".utf8))
    XCTAssertNotNil(interpreter.metadata(forKey: "min_runtime_version"))
    XCTAssertNil(interpreter.metadata(forKey: "TFLITE_METADATA"))
    XCTAssertNil(interpreter.metadata(forKey: "no such key"))
  }

  func testDeclaredFormatsMatchAndMismatch() throws {
    let interpreter = try Interpreter(modelPath: Fixtures.model("two_vectors_uint8"))
    var good = ModelInputOutputOptions()
    good.setInputFormat(index: 0, type: .uInt8, dimensions: [4])
    good.setInputFormat(index: 1, type: .uInt8, dimensions: [8])
    good.setOutputFormat(index: 1, type: .uInt8, dimensions: [3])
    XCTAssertNoThrow(try interpreter.validate(good))

    var bad = ModelInputOutputOptions()
    bad.setInputFormat(index: 0, type: .float32, dimensions: [4])
    bad.setInputFormat(index: 1, type: .uInt8, dimensions: [1, 8])
    bad.setInputFormat(index: 2, type: .uInt8, dimensions: [1])
    bad.setOutputFormat(index: 0, type: .float32, dimensions: [3])
    XCTAssertThrowsError(try interpreter.validate(bad)) { error in
      guard case InterpreterError.formatMismatch(let mismatches) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(mismatches.count, 5, "\(mismatches)")
      let text = String(describing: error)
      XCTAssertTrue(text.contains("input 0 is declared float32 but the model's is uint8"), text)
      XCTAssertTrue(text.contains("input 1 is declared [1, 8] but the model's is [8]"), text)
      XCTAssertTrue(text.contains("input 2 is declared but the model has 2 inputs"), text)
      XCTAssertTrue(text.contains("output 0 is declared float32 but the model's is uint8"), text)
      XCTAssertTrue(text.contains("output 0 is declared [3] but the model's is [6]"), text)
    }
  }

  func testDataTypeNamesAndSizes() {
    XCTAssertEqual(Tensor.DataType(name: "uint8"), .uInt8)
    XCTAssertEqual(Tensor.DataType(name: "float16"), .float16)
    XCTAssertEqual(Tensor.DataType.int4.byteCount(forElementCount: 3), 2)
    XCTAssertNil(Tensor.DataType.string.byteCount(forElementCount: 3))
    XCTAssertEqual(Tensor.DataType.float16.byteCount(forElementCount: 5), 10)
    XCTAssertNil(Tensor.DataType.int64.byteCount(forElementCount: Int.max))
  }

  func testEncodingRefusesUnrepresentableValues() throws {
    XCTAssertEqual(try Tensor.DataType.uInt8.encode([0, 255], tensor: "t"), Data([0, 255]))
    XCTAssertThrowsError(try Tensor.DataType.uInt8.encode([256], tensor: "t")) {
      XCTAssertEqual($0 as? InterpreterError, .valueNotRepresentable(tensor: "t", index: 0, value: 256, type: .uInt8))
    }
    XCTAssertThrowsError(try Tensor.DataType.int32.encode([1, 2.5], tensor: "t")) {
      XCTAssertEqual($0 as? InterpreterError, .valueNotRepresentable(tensor: "t", index: 1, value: 2.5, type: .int32))
    }
    XCTAssertThrowsError(try Tensor.DataType.bool.encode([2], tensor: "t"))
    XCTAssertThrowsError(try Tensor.DataType.string.encode([1], tensor: "t")) {
      XCTAssertEqual($0 as? InterpreterError, .unsupportedDataType(tensor: "t", type: .string))
    }
    let half = try Tensor.DataType.float16.encode([1.5, -2, 65504], tensor: "t")
    XCTAssertEqual(TensorTestHelpers.floats(half, .float16), [1.5, -2, 65504])
  }

  /// A model an older converter wrote (`has_rank` false): its dynamic batch lives only in the
  /// `shape_signature`, which LiteRT's compiled-model API does not report. Python resizes it;
  /// so must we (BirdNET's, MLTK's and openWakeWord's models are written this way).
  func testALegacyModelsDynamicBatchComesFromItsShapeSignature() throws {
    let interpreter = try Interpreter(modelPath: Fixtures.model("dynamic_batch_legacy"))
    XCTAssertEqual(try interpreter.input(at: 0).shape, [1, 3])
    XCTAssertEqual(try interpreter.input(at: 0).shapeSignature, [-1, 3])
    try interpreter.resizeInput(at: 0, to: [4, 3])
    try interpreter.copy([Float](repeating: 0.5, count: 12), toInputAt: 0)
    try interpreter.invoke()
    XCTAssertEqual(try interpreter.output(at: 0).shape, [4, 2])
  }

  /// Python's `resize_tensor_input` (non-strict by default) and TensorFlowLiteSwift's
  /// `resizeInput` change fixed dimensions too: a model stored at batch 1 runs a batch when its
  /// operators allow it. Each row is checked against Python (face_landmark, selfie_segmentation
  /// and others run at batch 2 in the third-party check).
  func testAFixedBatchResizesAsInPython() throws {
    let interpreter = try Interpreter(modelPath: Fixtures.model("linear"))
    XCTAssertEqual(try interpreter.input(at: 0).shapeSignature, [1, 1])
    try interpreter.resizeInput(at: 0, to: [3, 1])
    try interpreter.copy([Float(10), 0, -1], toInputAt: 0)
    try interpreter.invoke()
    XCTAssertEqual(try interpreter.output(at: 0).values(as: Float.self), [19, -1, -3])
    // The rank may change too; Python runs linear.tflite at [1, 1, 1] and gives [1, 1].
    try interpreter.resizeInput(at: 0, to: [1, 1, 1])
    try interpreter.copy([Float(10)], toInputAt: 0)
    try interpreter.invoke()
    XCTAssertEqual(try interpreter.output(at: 0).shape, [1, 1])
    XCTAssertEqual(try interpreter.output(at: 0).values(as: Float.self), [19])
    // And back to the stored sizes, which LiteRT's strict resize (comparing with the current
    // sizes when the file has no shape signature) once refused after a batch.
    for shape: Tensor.Shape in [[2, 1], [1, 1], [3, 1], [1, 1]] {
      try interpreter.resizeInput(at: 0, to: shape)
      try interpreter.copy([Float](repeating: 10, count: shape.dimensions[0]), toInputAt: 0)
      try interpreter.invoke()
      XCTAssertEqual(
        try interpreter.output(at: 0).values(as: Float.self), Array(repeating: 19, count: shape.dimensions[0]))
    }
    // When the operators cannot take it, the next run says so (Python: at allocate_tensors()).
    let vectors = try Interpreter(modelPath: Fixtures.model("two_vectors_uint8"))
    try vectors.resizeInput(at: 0, to: [1, 4])
    XCTAssertThrowsError(try vectors.invoke()) { error in
      guard case InterpreterError.invalidShape(_, [1, 4], let reason) = error else { return XCTFail("\(error)") }
      XCTAssertTrue(reason.hasPrefix("the tensor has rank 1 in the model, and its operators cannot take 2"), reason)
    }
  }
}

enum TensorTestHelpers {
  static func floats(_ data: Data, _ type: Tensor.DataType) -> [Float]? {
    Tensor(name: "t", dataType: type, shape: [data.count / 2], data: data).floatValues()
  }
}
