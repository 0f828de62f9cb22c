import Foundation
import Testing

@testable import TFLiteFormat

/// `TFLiteModel.droppingIgnoredIntermediates()`: intermediates no kernel reads are marked absent,
/// those of an integer LSTM stay. (Running such a model against Python is the converter corpus
/// case `handmade_ignored_intermediates`, in `make check-converters`.)
@Suite("Ignored intermediates")
struct IgnoredIntermediatesTests {
  static func model(_ relativePath: String) throws -> TFLiteModel {
    try RecurrentStateLoweringTests.model(relativePath)
  }

  @Test("the intermediates of FULLY_CONNECTED are dropped; nothing else changes")
  func droppedFromOperatorsThatIgnoreThem() throws {
    let original = try Self.model("converters/handmade_ignored_intermediates/model.tflite")
    let fullyConnected = original.subgraphs[0].operators.indices.filter {
      original.operatorCode(of: original.subgraphs[0].operators[$0])?.name == "FULLY_CONNECTED"
    }
    #expect(fullyConnected.count == 2)
    #expect(original.operatorsWithIgnoredIntermediates.map(\.operator) == fullyConnected)
    #expect(fullyConnected.allSatisfy { original.subgraphs[0].operators[$0].intermediates.count == 2 })

    let dropped = try #require(try original.droppingIgnoredIntermediates())
    #expect(dropped.subgraphs[0].operators.allSatisfy { $0.intermediates.isEmpty })
    #expect(dropped.operatorsWithIgnoredIntermediates.isEmpty)
    let again = try dropped.droppingIgnoredIntermediates()
    #expect(again == nil)
    // The same file but for the vtable entries: same size, same tensors and operators otherwise.
    #expect(dropped.byteCount == original.byteCount)
    #expect(dropped.subgraphs[0].tensors.map(\.name) == original.subgraphs[0].tensors.map(\.name))
    #expect(dropped.subgraphs[0].operators.map(\.inputs) == original.subgraphs[0].operators.map(\.inputs))
    #expect(dropped.subgraphs[0].operators.map(\.outputs) == original.subgraphs[0].operators.map(\.outputs))
    #expect(dropped.signatures.map(\.key) == original.signatures.map(\.key))
    let differing = zip(original.data, dropped.data).filter { $0 != $1 }.count
    #expect(differing > 0 && differing <= 4 * fullyConnected.count)
  }

  @Test("an integer LSTM's intermediates are its gate scales: kept")
  func keptWhereTheKernelReadsThem() throws {
    let lstm = try Self.model("recurrent/lstm_integer_basic.tflite")
    #expect(lstm.subgraphs[0].operators[0].intermediates.count == 5)
    #expect(lstm.operatorsWithIgnoredIntermediates.isEmpty)
    let kept = try lstm.droppingIgnoredIntermediates()
    #expect(kept == nil)
    // A float LSTM's are ignored by its kernel.
    let float = try Self.model("recurrent/lstm_flat_state_with_intermediates.tflite")
    #expect(float.operatorsWithIgnoredIntermediates.map(\.operator) == [0])
  }
}
