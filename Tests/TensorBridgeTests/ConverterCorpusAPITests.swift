import Foundation
import Logging
import TFLiteFormat
import XCTest

@testable import TensorBridge

/// The Interpreter API on models from the converter corpus (`Tests/Fixtures/converters/`, made
/// by `scripts/converters/make_corpus.py`), checked against the Python LiteRT references stored
/// with them. `make check-converters` runs the whole corpus through the CLI; these tests pin
/// the Swift API for the paths issue 13 added: unknown rank, strings, state across signatures,
/// fused LSTM state (lowered at load) and its refusals, and quantizer-written metadata.
final class ConverterCorpusAPITests: XCTestCase {
  private func corpus(_ name: String) -> URL {
    Fixtures.root.appendingPathComponent("converters").appendingPathComponent(name)
  }

  private func interpreter(_ name: String) throws -> Interpreter {
    try Interpreter(modelPath: corpus(name).appendingPathComponent("model.tflite").path)
  }

  private func npy(_ name: String, _ file: String) throws -> TestNPY {
    try TestNPY(Data(contentsOf: corpus(name).appendingPathComponent(file)))
  }

  func testUnknownRankInputTakesAnyShape() throws {
    let interpreter = try interpreter("unknown_rank")
    XCTAssertTrue(try interpreter.input(at: 0).isUnranked)
    for step in 0..<2 {
      let x = try npy("unknown_rank", "inputs/\(step)_0.npy")
      try interpreter.resizeInput(at: 0, to: Tensor.Shape(x.shape))
      try interpreter.copy(x.floats, toInputAt: 0)
      try interpreter.invoke()
      let doubled = try interpreter.output(at: 1)
      let expected = try npy("unknown_rank", "expected/\(step)/1_PartitionedCall_1.npy")
      XCTAssertEqual(doubled.shape.dimensions, expected.shape, "step \(step)")
      for (got, want) in zip(try doubled.values(as: Float.self), expected.floats) {
        XCTAssertEqual(got, want, accuracy: 1e-4)
      }
      let total = try interpreter.output(at: 0)
      XCTAssertEqual(total.shape.dimensions, [], "a scalar stays shape []")
      XCTAssertEqual(
        try total.values(as: Float.self)[0],
        try npy("unknown_rank", "expected/\(step)/0_PartitionedCall_0.npy").floats[0], accuracy: 1e-4)
    }
  }

  func testStringOutputsComeBackAsStrings() throws {
    let runner = try interpreter("string_gather_table").signatureRunner(with: "serving_default")
    let index = try npy("string_gather_table", "inputs/0_index.npy")
    try runner.resizeInput(named: "index", toShape: Tensor.Shape(index.shape))
    try runner.copy(index.int32s, toInputNamed: "index")
    try runner.invoke()
    let words = try runner.output(named: "word")
    XCTAssertEqual(words.dataType, .string)
    XCTAssertEqual(words.shape.dimensions, [index.int32s.count])
    XCTAssertEqual(try words.byteStrings(), try npy("string_gather_table", "expected/0/0_word.npy").strings)
    XCTAssertEqual(try words.strings().last, "")
  }

  func testStringInputsAreCopiedAsStrings() throws {
    let interpreter = try interpreter("string_passthrough")
    let runner = try interpreter.signatureRunner(with: "serving_default")
    let text = ["hello", "wörld", "ß", "日本語"]
    try runner.resizeInput(named: "text", toShape: [4])
    try runner.copy(text, toInputNamed: "text")
    XCTAssertEqual(try runner.input(named: "text").strings(), text)
    try runner.invoke()
    XCTAssertEqual(try runner.output(named: "reversed").strings(), text.reversed())
    XCTAssertEqual(try runner.output(named: "first_two").strings(), Array(text.prefix(2)))
    // A count that does not match the input's shape is refused, naming the tensor.
    XCTAssertThrowsError(try runner.copy(["one"], toInputNamed: "text")) { error in
      XCTAssertEqual(
        error as? InterpreterError, .elementCountMismatch(tensor: "serving_default_text:0", expected: 4, actual: 1))
    }
    // A string input refuses numbers, and a number input refuses strings.
    XCTAssertThrowsError(try runner.copy([Float(1)], toInputNamed: "text"))
  }

  func testVariablesPersistAcrossCallsAndSignatures() throws {
    let interpreter = try interpreter("resource_variables_training")
    let infer = try interpreter.signatureRunner(with: "infer")
    let train = try interpreter.signatureRunner(with: "train")
    func runInfer(_ step: Int) throws -> [Float] {
      let x = try npy("resource_variables_training", "inputs/\(step)_x.npy")
      try infer.resizeInput(named: "x", toShape: Tensor.Shape(x.shape))
      try infer.copy(x.floats, toInputNamed: "x")
      try infer.invoke()
      return try infer.output(named: "y").values(as: Float.self)
    }
    let before = try runInfer(0)
    for step in 1...3 {
      let x = try npy("resource_variables_training", "inputs/\(step)_x.npy")
      let y = try npy("resource_variables_training", "inputs/\(step)_y.npy")
      try train.resizeInput(named: "x", toShape: Tensor.Shape(x.shape))
      try train.resizeInput(named: "y", toShape: Tensor.Shape(y.shape))
      try train.copy(x.floats, toInputNamed: "x")
      try train.copy(y.floats, toInputNamed: "y")
      try train.invoke()
      let loss = try npy("resource_variables_training", "expected/\(step)/0_loss.npy").floats[0]
      XCTAssertEqual(
        try train.output(named: "loss").values(as: Float.self)[0], loss, accuracy: 1e-4, "train step \(step)")
    }
    let after = try runInfer(4)
    let expected = try npy("resource_variables_training", "expected/4/0_y.npy").floats
    XCTAssertNotEqual(before, after, "training changed the weights the infer signature reads")
    for (got, want) in zip(after, expected) { XCTAssertEqual(got, want, accuracy: 1e-4) }
  }

  func testFusedLSTMStateCarriesOverLikePythonAndResetsLikeResetAllVariables() throws {
    let interpreter = try interpreter("tf_keras_lstm_fused")
    func run(_ step: Int) throws -> [Float] {
      try interpreter.copy(try npy("tf_keras_lstm_fused", "inputs/\(step)_0.npy").floats, toInputAt: 0)
      try interpreter.invoke()
      return try interpreter.output(at: 0).values(as: Float.self)
    }
    func expected(_ step: Int) throws -> [Float] {
      try npy("tf_keras_lstm_fused", "expected/\(step)/0_StatefulPartitionedCall_0.npy").floats
    }
    for step in 0..<3 {
      for (got, want) in zip(try run(step), try expected(step)) {
        XCTAssertEqual(got, want, accuracy: 1e-4, "step \(step)")
      }
    }
    XCTAssertNotEqual(try expected(0), try expected(1), "the same input twice: the state carried over")
    // Python's reset_all_variables(): the state is zeros again, so step 0's input gives step 0's output.
    try interpreter.resetVariables()
    for (got, want) in zip(try run(0), try expected(0)) { XCTAssertEqual(got, want, accuracy: 1e-4, "after reset") }
    XCTAssertEqual(interpreter.signatureKeys, ["serving_default"])
  }

  func testFusedLSTMOfAnySequenceLengthMatchesPythonForEveryLength() throws {
    // Lowered to a WHILE loop over the steps: 4, 4, 6, 6, then 1 step long. A resize zeroes
    // the state (as allocate_tensors in Python); the same shape again carries it over.
    let name = "tf_keras_lstm_dynamic_time"
    let interpreter = try interpreter(name)
    var outputs: [[Float]] = []
    for step in 0..<5 {
      let x = try npy(name, "inputs/\(step)_0.npy")
      if try interpreter.input(at: 0).shape.dimensions != x.shape {
        try interpreter.resizeInput(at: 0, to: Tensor.Shape(x.shape))
      }
      try interpreter.copy(x.floats, toInputAt: 0)
      try interpreter.invoke()
      let got = try interpreter.output(at: 0).values(as: Float.self)
      let want = try npy(name, "expected/\(step)/0_StatefulPartitionedCall_0.npy").floats
      XCTAssertEqual(got.count, want.count, "step \(step)")
      for (g, w) in zip(got, want) { XCTAssertEqual(g, w, accuracy: 1e-4, "step \(step)") }
      outputs.append(got)
    }
    XCTAssertNotEqual(outputs[0], outputs[1], "the same sequence twice: the state carried over")
  }

  func testHybridFusedLSTMWithInt8WeightsMatchesPythonStepByStep() throws {
    let interpreter = try interpreter("tf_keras_lstm_dynamic_range")
    for step in 0..<3 {
      try interpreter.copy(try npy("tf_keras_lstm_dynamic_range", "inputs/\(step)_0.npy").floats, toInputAt: 0)
      try interpreter.invoke()
      let got = try interpreter.output(at: 0).values(as: Float.self)
      let want = try npy("tf_keras_lstm_dynamic_range", "expected/\(step)/0_StatefulPartitionedCall_0.npy").floats
      XCTAssertEqual(got.count, want.count)
      // The corpus tolerance for the converter's dynamic-range models.
      for (g, w) in zip(got, want) { XCTAssertEqual(g, w, accuracy: 1e-3, "step \(step)") }
    }
  }

  func testQuantizerOutputWithOutOfRangeMetadataBufferLoads() throws {
    let data = try Data(contentsOf: corpus("aeq_meta_dynamic_wi8_afp32").appendingPathComponent("model.tflite"))
    let model = try TFLiteModel(data: data)
    XCTAssertNotNil(model.metadata(named: "TFLITE_METADATA"))
    let interpreter = try Interpreter(modelData: data)
    XCTAssertEqual(interpreter.inputTensorCount, 1)
  }

  // jax2tf's scatter-add stays a STABLEHLO_SCATTER whose kernel fails to prepare (Python's
  // error: "Only update, Add, … for stablehlo.scatter. Node number 4 (STABLEHLO_SCATTER) failed
  // to prepare."). LiteRT says which operator and why only in the compiled model's collected
  // errors; the error carries both, whatever the log's destination.
  func testAnOperatorThatFailsToPrepareIsNamedWithItsReason() throws {
    let previous = RuntimeLog.destination
    defer { RuntimeLog.destination = previous }
    let destinations: [RuntimeLog.Destination] = [
      .quiet, .logger(Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }), .standardError,
    ]
    for destination in destinations {
      RuntimeLog.destination = destination
      XCTAssertThrowsError(try interpreter("jax2tf_scatter_add").allocateTensors()) { error in
        guard case InterpreterError.operatorFailed(let name, let node, let stage, let reason, _) = error else {
          return XCTFail("\(error)")
        }
        XCTAssertEqual(name, "STABLEHLO_SCATTER")
        XCTAssertEqual(node, 4)
        XCTAssertEqual(stage, .compile)
        XCTAssertTrue(reason.contains("stablehlo.scatter"), reason)
        XCTAssertTrue(
          String(describing: error).hasPrefix(
            "Operator 'STABLEHLO_SCATTER' (node 4) failed while preparing the model: Only update"), "\(error)")
      }
    }
  }

  // LiteRT's compiled model prepares at the stored size of a dynamic input (each -1 as 1);
  // `settingInputShapes` stores another, so the model is prepared at it from the start (the
  // CLI does this for models that cannot prepare at size 1, such as openWakeWord's
  // mel-spectrogram front end). The batch-3 run matches Python's signature step.
  func testSettingInputShapesPreparesTheModelAtThatSize() throws {
    let data = try Data(contentsOf: corpus("keras3_sequential_export").appendingPathComponent("model.tflite"))
    let model = try TFLiteModel(data: data)
    let sized = try model.settingInputShapes([0: [3, 8, 8, 1]])
    let input = sized.subgraphs[0].tensors[sized.subgraphs[0].inputs[0]]
    XCTAssertEqual(input.shape, [3, 8, 8, 1])
    XCTAssertEqual(input.shapeSignature, [-1, 8, 8, 1], "which dimensions may change stays")
    XCTAssertEqual(sized.data.count, data.count, "the dimensions are written in place")
    let interpreter = try Interpreter(model: sized)
    XCTAssertEqual(try interpreter.input(at: 0).shape.dimensions, [3, 8, 8, 1])
    try interpreter.copy(try npy("keras3_sequential_export", "inputs/1_pixels.npy").floats, toInputAt: 0)
    try interpreter.invoke()
    let output = try interpreter.output(at: 0)
    let expected = try npy("keras3_sequential_export", "expected/1/0_output_0.npy")
    XCTAssertEqual(output.shape.dimensions, expected.shape)
    for (got, want) in zip(try output.values(as: Float.self), expected.floats) {
      XCTAssertEqual(got, want, accuracy: 1e-5)
    }
    try interpreter.resizeInput(at: 0, to: [1, 8, 8, 1])
    XCTAssertEqual(try interpreter.input(at: 0).shape.dimensions, [1, 8, 8, 1], "and it still resizes")

    for (shapes, words) in [
      ([0: [3, 9, 8, 1]], "dimension 1"), ([1: [1, 8, 8, 1]], "1 inputs"), ([0: [3, 8, 8]], "rank 4"),
      ([0: [0, 8, 8, 1]], "from 1"),
    ] {
      XCTAssertThrowsError(try model.settingInputShapes(shapes)) { error in
        guard case TFLiteFormatError.invalidInputShape = error else { return XCTFail("\(error)") }
        XCTAssertTrue(String(describing: error).contains(words), "\(error)")
      }
    }
  }

  // jax2tf's take() in fill mode still gathers at an index past the end: GATHER_ND fails to
  // invoke, in Python ("gather_nd index out of bounds Node number 16 (GATHER_ND) failed to
  // invoke.") as here; the run's error names the operator, and the next run works.
  func testAnOperatorThatFailsToRunIsNamedWithItsReason() throws {
    let interpreter = try interpreter("jax2tf_ops")
    let x = try npy("jax2tf_ops", "inputs/0_0.npy")
    try interpreter.copy(x.floats, toInputAt: 0)
    try interpreter.copy([Int32(5), 9], toInputAt: 1)
    XCTAssertThrowsError(try interpreter.invoke()) { error in
      guard case InterpreterError.operatorFailed(let name, let node, let stage, let reason, _) = error else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(name, "GATHER_ND")
      XCTAssertEqual(node, 16)
      XCTAssertEqual(stage, .invoke)
      XCTAssertEqual(reason, "gather_nd index out of bounds")
      XCTAssertEqual(
        String(describing: error),
        "Operator 'GATHER_ND' (node 16) failed while running the model: gather_nd index out of bounds "
          + "(runtime failure (kLiteRtStatusErrorRuntimeFailure, 3)).")
    }
    try interpreter.copy(try npy("jax2tf_ops", "inputs/0_1.npy").int32s, toInputAt: 1)
    try interpreter.invoke()
    let cumsum = try interpreter.output(at: 0).values(as: Float.self)
    let expected = try npy("jax2tf_ops", "expected/0/0_Identity_7.npy").floats
    XCTAssertEqual(cumsum.count, expected.count)
    for (got, want) in zip(cumsum, expected) { XCTAssertEqual(got, want, accuracy: 1e-5) }
  }
}

/// A minimal reader of the `.npy` files the corpus stores (little-endian f4/i4, `S<n>`).
struct TestNPY {
  let descr: String
  let shape: [Int]
  let payload: Data

  init(_ file: Data) throws {
    let bytes = [UInt8](file)
    guard bytes.count > 10, bytes[0] == 0x93 else { throw CocoaError(.fileReadCorruptFile) }
    let (length, start) =
      bytes[6] == 1
      ? (Int(bytes[8]) | Int(bytes[9]) << 8, 10)
      : (Int(bytes[8]) | Int(bytes[9]) << 8 | Int(bytes[10]) << 16 | Int(bytes[11]) << 24, 12)
    let header = String(decoding: bytes[start..<(start + length)], as: UTF8.self)
    func value(_ key: String) -> Substring {
      let after = header[header.range(of: "'\(key)': ")!.upperBound...]
      return after
    }
    let descrText = value("descr").dropFirst()
    descr = String(descrText[..<descrText.firstIndex(of: "'")!])
    let shapeText = value("shape").dropFirst()
    shape = shapeText[..<shapeText.firstIndex(of: ")")!].split(separator: ",").compactMap {
      Int($0.trimmingCharacters(in: .whitespaces))
    }
    payload = Data(bytes[(start + length)...])
  }

  var floats: [Float] { payload.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) } }
  var int32s: [Int32] { payload.withUnsafeBytes { Array($0.bindMemory(to: Int32.self)) } }
  var strings: [Data] {
    guard let width = Int(descr.dropFirst(2)), width > 0 else { return [] }
    return stride(from: 0, to: payload.count, by: width).map { offset in
      let item = payload[payload.startIndex + offset..<payload.startIndex + offset + width]
      return Data(item.prefix { $0 != 0 })
    }
  }
}
