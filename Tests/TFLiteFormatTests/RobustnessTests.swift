import Foundation
import TensorBridge
import TestSupport
import Testing

@testable import TFLiteFormat

/// Checks the promises a successfully parsed model makes: every index in
/// range, every shape sane, every byte range inside the data. Also calls every
/// accessor so that a mutated model that slipped through cannot trap later.
func checkInvariants(_ model: TFLiteModel, byteCount: Int, sourceLocation: SourceLocation = #_sourceLocation) {
  var problems: [String] = []
  if model.subgraphs.isEmpty { problems.append("no subgraphs") }
  for buffer in model.buffers {
    if let range = buffer.byteRange, range.lowerBound < 0 || range.upperBound > byteCount {
      problems.append("buffer range \(range)")
    }
  }
  for (index, _) in model.buffers.enumerated() where model.bufferData(at: index) == nil {
    problems.append("buffer \(index) unreadable")
  }
  for (subgraphIndex, subgraph) in model.subgraphs.enumerated() {
    let tensorCount = subgraph.tensors.count
    for index in subgraph.inputs + subgraph.outputs where !(0..<tensorCount).contains(index) {
      problems.append("io \(index)")
    }
    for (tensorIndex, tensor) in subgraph.tensors.enumerated() {
      if tensor.shape.count > TFLiteLimits.maxRank || tensor.shape.contains(where: { $0 < 0 }) {
        problems.append("shape \(tensor.shape)")
      }
      if tensor.elementCount == Int.max { problems.append("element count overflow") }
      if tensor.bufferIndex != 0 || !model.buffers.isEmpty, !(0..<model.buffers.count).contains(tensor.bufferIndex) {
        problems.append("buffer index")
      }
      if tensor.hasConstantData, model.constantData(subgraph: subgraphIndex, tensor: tensorIndex) == nil {
        problems.append("constant data")
      }
    }
    for op in subgraph.operators {
      if model.operatorCode(of: op) == nil { problems.append("opcode \(op.opcodeIndex)") }
      for index in op.inputs + op.outputs + op.intermediates where index != -1 && !(0..<tensorCount).contains(index) {
        problems.append("op tensor \(index)")
      }
      for callee in op.calledSubgraphs where !(0..<model.subgraphs.count).contains(callee) {
        problems.append("callee \(callee)")
      }
    }
  }
  for signature in model.signatures {
    if !(0..<model.subgraphs.count).contains(signature.subgraphIndex) {
      problems.append("signature subgraph")
      continue
    }
    let count = model.subgraphs[signature.subgraphIndex].tensors.count
    for entry in signature.inputs + signature.outputs where !(0..<count).contains(entry.tensorIndex) {
      problems.append("signature tensor")
    }
  }
  for entry in model.metadata where model.metadata(named: entry.name) == nil {
    problems.append("metadata \(entry.name)")
  }
  _ = model.operatorNames
  _ = model.customOperatorNames
  #expect(problems.isEmpty, "invariants violated: \(problems)", sourceLocation: sourceLocation)
}

@Suite("Robustness against corrupt input")
struct RobustnessTests {
  static let models: [(String, [UInt8])] = [("minimal", TestModel.minimal().bytes), ("rich", TestModel.rich().bytes)]

  @Test("The rich test model is valid and decodes as built")
  func richModelIsValid() throws {
    let model = try expectValid(.rich())
    checkInvariants(model, byteCount: TestModel.rich().bytes.count)
    #expect(model.subgraphs.map(\.name) == ["main", "cond", "body", "decomposition"])
    #expect(model.operatorNames == ["CONV_2D", "DEQUANTIZE", "WHILE", "MyCustomOp", "STABLEHLO_COMPOSITE", "RESHAPE"])
    #expect(model.customOperatorNames == ["MyCustomOp"])
    #expect(model.subgraphs[0].operators[3].customOptionsByteCount == 5)
    #expect(model.constantData(subgraph: 0, tensor: 7) == Data(TestModel.int32Bytes([1, 2, 3, 4])))
    #expect(model.subgraphs[0].tensors[1].quantization?.scales == [0.5, 0.25])
    #expect(model.subgraphs[0].tensors[6].hasSparsity)
    #expect(model.signatures.map(\.key) == ["serving_default", "body"])
  }

  @Test("Truncating a model at every byte offset never crashes", arguments: models.map(\.0))
  func truncation(name: String) {
    let bytes = Self.models.first { $0.0 == name }!.1
    var accepted = 0
    for length in 0..<bytes.count {
      if case .success(let model) = parse(Array(bytes.prefix(length))) {
        accepted += 1
        checkInvariants(model, byteCount: length)
      }
    }
    // Only cutting trailing alignment padding can leave a valid model.
    #expect(accepted < 16)
    #expect(throws: Never.self) { try parse(bytes).get() }
  }

  @Test("Random byte mutations never crash, and whatever is accepted keeps every promise", arguments: models.map(\.0))
  func byteFlips(name: String) {
    let bytes = Self.models.first { $0.0 == name }!.1
    var random = SplitMix64(seed: 0x5EED_0000 &+ UInt64(bytes.count))
    var rejected = 0
    let iterations = 4000
    for _ in 0..<iterations {
      var mutated = bytes
      let edits = Int.random(in: 1...4, using: &random)
      for _ in 0..<edits {
        let position = Int.random(in: 0..<mutated.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
          mutated[position] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
        case 1:
          mutated[position] = UInt8.random(in: 0...255, using: &random)
        default:
          // Overwrite an aligned 32-bit word with a boundary value (offsets, lengths, indices).
          let word = position & ~3
          guard word + 4 <= mutated.count else { continue }
          let values: [UInt32] = [0, 1, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF, 0xFFFF, UInt32(mutated.count), 8]
          write(values[Int.random(in: 0..<values.count, using: &random)], into: &mutated, at: word)
        }
      }
      switch parse(mutated) {
      case .success(let model):
        checkInvariants(model, byteCount: mutated.count)
      case .failure(let error):
        rejected += 1
        #expect(!error.description.isEmpty)
      }
    }
    // Most mutations of a small model must be caught.
    #expect(rejected > iterations / 4)
  }

  @Test("Mutating every single byte of the minimal model never crashes")
  func exhaustiveSingleByte() {
    let bytes = TestModel.minimal().bytes
    for position in 0..<bytes.count {
      for value: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFF, bytes[position] ^ 0x10] {
        var mutated = bytes
        mutated[position] = value
        if case .success(let model) = parse(mutated) {
          checkInvariants(model, byteCount: mutated.count)
        }
      }
    }
  }
}
