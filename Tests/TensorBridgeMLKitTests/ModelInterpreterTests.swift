import Foundation
import TensorBridgeMLKit
import TestSupport
import XCTest

/// `ModelInterpreter` on the real runtime: outputs shaped as the tensors and equal to the Python
/// LiteRT references; remote models with a local fallback; the errors.
final class ModelInterpreterTests: XCTestCase {
  /// Runs every case of `name`'s reference through a local-model interpreter, inputs given as
  /// nested arrays of `Float` (or `UInt8`), and compares every output with Python's.
  private func checkReference(_ name: String, file: StaticString = #filePath, line: UInt = #line) async throws {
    let reference = try ModelReference.load(name)
    let interpreter = ModelInterpreter.modelInterpreter(
      localModel: CustomLocalModel(modelPath: MLKitFixtures.modelPath(name)))
    for (number, referenceCase) in reference.cases.enumerated() {
      var ioOptions = ModelInputOutputOptions()
      let inputs = ModelInputs()
      for input in referenceCase.inputs.sorted(by: { $0.index < $1.index }) {
        ioOptions.setInputFormat(index: input.index, type: try elementType(input.dtype), dimensions: input.shape)
        try inputs.addInput(nested(input.data, dtype: input.dtype, shape: input.shape))
      }
      for output in referenceCase.outputs {
        ioOptions.setOutputFormat(index: output.index, type: try elementType(output.dtype), dimensions: output.shape)
      }
      let outputs = try await interpreter.run(inputs: inputs, options: ioOptions)
      for expected in referenceCase.outputs {
        let value = try outputs.output(index: expected.index)
        let actual = try XCTUnwrap(
          flattened(value), "\(name) case \(number) output \(expected.index) is not numbers", file: file, line: line)
        XCTAssertEqual(
          actual.shape, expected.shape, "\(name) case \(number) output \(expected.index)", file: file, line: line)
        XCTAssertEqual(actual.numbers.count, expected.data.count, file: file, line: line)
        for (a, e) in zip(actual.numbers, expected.data) {
          XCTAssertEqual(
            a, e, accuracy: 1e-5 * max(1, abs(e)), "\(name) case \(number) output \(expected.index)", file: file,
            line: line)
        }
      }
    }
  }

  func testOutputsAreShapedAndEqualThePythonReferences() async throws {
    for name in ["linear", "two_vectors", "three_classes", "vector_and_scalar", "metadata_classifier_uint8"] {
      try await checkReference(name)
    }
  }

  func testTwoDimensionalOutputCastsAsMLKitDid() async throws {
    let interpreter = ModelInterpreter.modelInterpreter(
      localModel: CustomLocalModel(modelPath: MLKitFixtures.modelPath("three_classes")))
    let inputs = ModelInputs()
    try inputs.addInput([[Float(0.1), 0.2, 0.3, 0.4]])
    var ioOptions = ModelInputOutputOptions()
    ioOptions.setOutputFormat(index: 0, type: .float32, dimensions: [1, 3])
    let outputs = try await interpreter.run(inputs: inputs, options: ioOptions)
    let output = try outputs.output(index: 0) as? [[NSNumber]]
    let probabilities = try XCTUnwrap(output?[0])
    XCTAssertEqual(probabilities.count, 3)
    XCTAssertEqual(probabilities.map(\.floatValue).reduce(0, +), 1, accuracy: 1e-5, "softmax")
    XCTAssertThrowsError(try outputs.output(index: 1)) { error in
      XCTAssertEqual(error as? MLKitError, .outputIndex(index: 1, count: 1))
    }
  }

  func testDataInputsAndTheCompletionForm() async throws {
    let reference = try ModelReference.load("linear")
    let interpreter = ModelInterpreter.modelInterpreter(
      localModel: CustomLocalModel(modelPath: MLKitFixtures.modelPath("linear")))
    for referenceCase in reference.cases {
      let inputs = ModelInputs()
      try inputs.addInput(Data(copyingBufferOf: referenceCase.inputs[0].data.map { Float($0) }))
      let (stream, continuation) = AsyncStream.makeStream(of: (ModelOutputs?, MLKitError?).self)
      interpreter.run(inputs: inputs, options: ModelInputOutputOptions()) { outputs, error in
        continuation.yield((outputs, error))
      }
      for await (outputs, error) in stream {
        XCTAssertNil(error)
        let output = try XCTUnwrap(try outputs?.output(index: 0) as? [[NSNumber]])
        XCTAssertEqual(output.map { $0.map(\.doubleValue) }, [referenceCase.outputs[0].data])
        break
      }
    }
  }

  func testRemoteModelFallsBackToTheLocalOneUntilDownloaded() async throws {
    let hub = try await TestHub.start()
    try await hub.deploy("classes", try Data(contentsOf: TestPaths.fixtureModel("three_classes")))
    let manager = try MLKitFixtures.manager(hub)
    let remoteModel = CustomRemoteModel(name: "classes")
    let localModel = CustomLocalModel(modelPath: MLKitFixtures.modelPath("three_classes"))
    let interpreter = ModelInterpreter.modelInterpreter(
      remoteModel: remoteModel, localModel: localModel, manager: manager)
    let noFallback = ModelInterpreter.modelInterpreter(remoteModel: remoteModel, manager: manager)
    let inputs = ModelInputs()
    try inputs.addInput([[Float(0.1), 0.2, 0.3, 0.4]])

    let beforePath = try await interpreter.modelPath()
    XCTAssertEqual(beforePath, localModel.modelPath, "nothing downloaded yet: the bundled model")
    let before = try await interpreter.run(inputs: inputs, options: ModelInputOutputOptions())
    do {
      _ = try await noFallback.run(inputs: inputs, options: ModelInputOutputOptions())
      XCTFail("no download and no fallback")
    } catch {
      XCTAssertEqual(error, .modelNotDownloaded(name: "classes"))
    }

    let downloader = try manager.downloader()
    let model = try await downloader.getModel(name: "classes", downloadType: .latestModel)
    let afterPath = try await interpreter.modelPath()
    XCTAssertEqual(afterPath, model.path, "the verified download once present")
    let after = try await interpreter.run(inputs: inputs, options: ModelInputOutputOptions())
    XCTAssertEqual(
      try flattened(after.output(index: 0))?.numbers, try flattened(before.output(index: 0))?.numbers,
      "same model, same answer, from either file")
    _ = try await noFallback.run(inputs: inputs, options: ModelInputOutputOptions())
    await hub.stop()
  }

  func testMismatchedFormatsAndInputsAreNamed() async throws {
    let interpreter = ModelInterpreter.modelInterpreter(
      localModel: CustomLocalModel(modelPath: MLKitFixtures.modelPath("three_classes")))
    let inputs = ModelInputs()
    try inputs.addInput([[Float(0.1), 0.2, 0.3, 0.4]])
    var ioOptions = ModelInputOutputOptions()
    ioOptions.setInputFormat(index: 0, type: .float32, dimensions: [1, 224, 224, 3])
    ioOptions.setOutputFormat(index: 0, type: .uInt8, dimensions: [1, 3])
    do {
      _ = try await interpreter.run(inputs: inputs, options: ioOptions)
      XCTFail("formats differ from the model")
    } catch {
      guard case .interpreter(.formatMismatch(let mismatches)) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(
        mismatches.map(\.problem),
        [
          .dimensions(declared: [1, 224, 224, 3], actual: [1, 4]),
          .type(declared: .uInt8, actual: .float32),
        ])
    }

    let short = ModelInputs()
    try short.addInput([Float(1), 2, 3])
    do {
      _ = try await interpreter.run(inputs: short, options: ModelInputOutputOptions())
      XCTFail("3 numbers for a [1, 4] tensor")
    } catch {
      guard case .inputSize(0, _, _, _) = error else { return XCTFail("\(error)") }
    }
    do {
      _ = try await interpreter.run(inputs: ModelInputs(), options: ModelInputOutputOptions())
      XCTFail("no inputs")
    } catch {
      XCTAssertEqual(error, .inputCount(given: 0, expected: 1))
    }
    XCTAssertThrowsError(try ModelInputs().addInput([[Float(1), 2], [3]])) { error in
      guard case .raggedInput(0, _) = error as? MLKitError else { return XCTFail("\(error)") }
    }
    XCTAssertThrowsError(try ModelInputs().addInput("text")) { error in
      XCTAssertEqual(error as? MLKitError, .unsupportedInput(index: 0, type: "String"))
    }
    let missing = ModelInterpreter.modelInterpreter(localModel: CustomLocalModel(modelPath: "/no/such/model.tflite"))
    do {
      _ = try await missing.run(inputs: inputs, options: ModelInputOutputOptions())
      XCTFail("no file")
    } catch {
      XCTAssertEqual(error, .modelFileNotFound(path: "/no/such/model.tflite"))
    }
  }
}

/// ML Kit's element type for a reference's dtype name.
func elementType(_ dtype: String) throws -> ModelElementType {
  switch dtype {
  case "float32": .float32
  case "uint8": .uInt8
  case "int8": .int8
  case "int32": .int32
  case "int64": .int64
  default: throw TestFailure("no element type for \(dtype)")
  }
}

/// Row-major `data` as nested Swift arrays shaped `shape`, of `Float` or `UInt8`.
func nested(_ data: [Double], dtype: String, shape: [Int]) -> Any {
  func build(_ slice: ArraySlice<Double>, _ dims: ArraySlice<Int>) -> Any {
    guard let first = dims.first else {
      return dtype == "uint8" ? UInt8(slice.first ?? 0) as Any : Float(slice.first ?? 0) as Any
    }
    let rest = dims.dropFirst()
    if rest.isEmpty { return dtype == "uint8" ? slice.map { UInt8($0) } as Any : slice.map { Float($0) } as Any }
    let stride = rest.reduce(1, *)
    return (0..<first).map { row in
      build(slice[(slice.startIndex + row * stride)..<(slice.startIndex + (row + 1) * stride)], rest)
    }
  }
  return build(data[...], shape[...])
}
