import Foundation
import TFLiteFormat
import TensorBridge
import TestSupport
import XCTest

@testable import TensorBridgeFuzz

/// The case generator: the same seed must give the same bytes on every machine, so that a
/// saved crasher's seed and case number reproduce it.
final class FuzzCaseTests: XCTestCase {
  /// Two small "models" (any bytes do for the generator).
  let models = [
    FuzzSeedModel(path: "/m/a.tflite", bytes: (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 7) }),
    FuzzSeedModel(path: "/m/b.tflite", bytes: (0..<120).map { UInt8(truncatingIfNeeded: 255 - $0) }),
  ]

  /// SplitMix64 from state 0 gives its published first outputs: the generator is the
  /// documented algorithm, not something a Swift release may change.
  func testRandomIsSplitMix64() {
    var random = FuzzRandom(seed: 0)
    XCTAssertEqual(
      [random.next(), random.next(), random.next()],
      [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
  }

  func testRandomRangesStayInBounds() {
    var random = FuzzRandom(seed: 42, caseIndex: 3)
    for bound in [1, 2, 3, 7, 1000] {
      for _ in 0..<200 { XCTAssert((0..<max(bound, 1)).contains(random.below(bound))) }
    }
    XCTAssertEqual(random.below(0), 0)
    XCTAssertEqual(random.below(-5), 0)
    for _ in 0..<200 { XCTAssert((-8...8).contains(random.int(in: -8...8))) }
    XCTAssertNil(random.element(of: [Int]()))
    XCTAssertEqual(random.element(of: [9]), 9)
  }

  /// A case depends on the seed and its index only: regenerated in any order, it is the same.
  func testCasesAreDeterministicAndIndependent() throws {
    let forward = (0..<40).compactMap { FuzzCase.make(seed: 7, index: $0, models: models) }
    let backward = (0..<40).reversed().compactMap { FuzzCase.make(seed: 7, index: $0, models: models) }.reversed()
    XCTAssertEqual(forward.map(\.bytes), backward.map(\.bytes))
    XCTAssertEqual(forward.map(\.mutation), backward.map(\.mutation))
    XCTAssertEqual(forward.map(\.modelIndex), (0..<40).map { $0 % 2 })
    XCTAssert(forward.allSatisfy { !$0.mutation.isEmpty })
    // Mutations differ from their source and from one case to the next.
    XCTAssertGreaterThan(Set(forward.map(\.bytes)).count, 35)
    XCTAssert(forward.contains { $0.bytes != models[$0.modelIndex].bytes })
    let otherSeed = try XCTUnwrap(FuzzCase.make(seed: 8, index: 0, models: models))
    XCTAssertNotEqual(
      otherSeed.bytes + Array(otherSeed.mutation.utf8), forward[0].bytes + Array(forward[0].mutation.utf8))
  }

  func testNoModelsNoCase() {
    XCTAssertNil(FuzzCase.make(seed: 1, index: 0, models: []))
  }

  func testReplayCaseIsTheFileUnchanged() throws {
    let replay = try XCTUnwrap(FuzzCase.replay(index: 1, models: models))
    XCTAssertEqual(replay.bytes, models[1].bytes)
    XCTAssertEqual(replay.modelIndex, 1)
    XCTAssertEqual(replay.mutation, "replay unchanged")
    XCTAssertNil(FuzzCase.replay(index: 2, models: models))
  }

  func testMutatorHandlesTinyInputs() {
    var random = FuzzRandom(seed: 3)
    for length in 0..<8 {
      let result = FuzzMutator.mutate(
        [UInt8](repeating: 0x11, count: length), donor: [], donorName: "d", random: &random)
      XCTAssertEqual(result.bytes.count, length)
      XCTAssertFalse(result.steps.isEmpty)
    }
  }

  func testInt32HelpersAreLittleEndianAndBounded() {
    var bytes: [UInt8] = [0, 0, 0, 0, 0]
    FuzzMutator.writeInt32(&bytes, at: 1, -2)
    XCTAssertEqual(bytes, [0, 0xFE, 0xFF, 0xFF, 0xFF])
    XCTAssertEqual(FuzzMutator.readInt32(bytes, at: 1), -2)
    XCTAssertEqual(FuzzMutator.readInt32(bytes, at: 2), 0, "a word past the end reads as 0")
    FuzzMutator.writeInt32(&bytes, at: 3, 7)
    XCTAssertEqual(bytes, [0, 0xFE, 0xFF, 0xFF, 0xFF], "a word past the end is not written")
  }

  func testLoadNamesTheUnreadableFile() {
    XCTAssertThrowsError(try FuzzSeedModel.load(["/nonexistent/x.tflite"])) { error in
      guard case .cannotReadModel(let path, _) = error as? FuzzError else { return XCTFail("\(error)") }
      XCTAssertEqual(path, "/nonexistent/x.tflite")
      XCTAssert(String(describing: error).hasPrefix("cannot read model file /nonexistent/x.tflite: "))
    }
  }

  /// Small valid inputs: float32 elements 0, 0.5, 1 repeating (shifted by the case index).
  func testSmallFloatInputs() {
    var floats = [Float](repeating: -1, count: 10)
    floats.withUnsafeMutableBytes { FuzzExecution.fill($0, type: .float32, caseIndex: 1, raw: false) }
    XCTAssertEqual(floats, [0.5, 1, 0, 0.5, 1, 0, 0.5, 1, 0, 0.5])
    var raw = [UInt8](repeating: 0, count: 130)
    raw.withUnsafeMutableBytes { FuzzExecution.fill($0, type: .float32, caseIndex: 0, raw: true) }
    XCTAssertEqual(Array(raw[61..<122]), Array(raw[0..<61]), "the raw ramp repeats every 61 bytes")
    XCTAssertEqual(raw[1], 7)
  }

  func testCasesRunALoweredSequenceAtAnotherLengthEveryOtherCase() throws {
    let path = TestPaths.fixtures.appendingPathComponent("converters/tf_keras_lstm_fixed_time_resized/model.tflite")
    let bytes = [UInt8](try Data(contentsOf: path))
    let interpreter = try Interpreter(modelData: Data(bytes))
    XCTAssertEqual(interpreter.recurrentStepAxes.map(\.axis), [1])
    XCTAssertTrue(try FuzzExecution.lengthenSequence(interpreter, caseIndex: 3))
    XCTAssertEqual(try interpreter.input(at: 0).shape.dimensions, [1, 7, 3], "5 steps and 1 + 3 / 2 % 4 more")
    XCTAssertFalse(
      try FuzzExecution.lengthenSequence(Interpreter(modelPath: TestPaths.fixtureModel("linear").path), caseIndex: 3))
    for caseIndex in 0..<4 {
      XCTAssertEqual(FuzzExecution.run(bytes, caseIndex: caseIndex, rawInputs: false, options: .init()), "pass")
    }
  }

  func testErrorKinds() {
    XCTAssertEqual(FuzzExecution.kind(of: TFLiteFormatError.noSubgraphs), "invalidModel.noSubgraphs")
    XCTAssertEqual(FuzzExecution.kind(of: InterpreterError.invalidModel(.noSubgraphs)), "invalidModel.noSubgraphs")
    struct Odd: Error {}
    XCTAssertEqual(FuzzExecution.kind(of: Odd()), "Odd")
  }

  func testSignalNames() {
    XCTAssertEqual(FuzzSignal.describe(11), "signal 11 (SIGSEGV)")
    XCTAssertEqual(FuzzSignal.describe(99), "signal 99")
  }
}
