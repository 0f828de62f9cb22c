import Foundation
import Testing

@testable import TFLiteFormat

/// `TFLiteModel.densifyingHybridWeights()` on the converter corpus's EXPERIMENTAL_SPARSITY
/// models. (Running them against Python is `make check-converters`.)
@Suite("Sparse hybrid FULLY_CONNECTED weights stored dense")
struct DenseHybridWeightsTests {
  static func model(_ name: String) throws -> TFLiteModel {
    try RecurrentStateLoweringTests.model("converters/\(name)/model.tflite")
  }

  static func operatorNames(_ model: TFLiteModel) -> [String] {
    RecurrentStateLoweringTests.names(model, 0)
  }

  @Test("1x16-block int8 weights read by hybrid FULLY_CONNECTEDs: dense, same values, nothing else changed")
  func blockSparseWeights() throws {
    let model = try Self.model("sparsity_dynamic_range")
    let dense = try #require(try model.densifyingHybridWeights())
    #expect(dense.tensors == ["MatMul;Relu;add", "MatMul_1;Relu_1;add_1"])
    #expect(Self.operatorNames(dense.model) == Self.operatorNames(model))
    let before = model.subgraphs[0].tensors
    let after = dense.model.subgraphs[0].tensors
    #expect(after.count == before.count)
    for (index, tensor) in before.enumerated() {
      #expect(after[index].name == tensor.name)
      #expect(after[index].quantization == tensor.quantization)
      guard dense.tensors.contains(tensor.name) else {
        #expect(after[index].hasSparsity == tensor.hasSparsity, "\(tensor.name)")
        continue
      }
      #expect(!after[index].hasSparsity)
      let stored = try #require(model.constantData(subgraph: 0, tensor: index))
      let values = try #require(dense.model.constantData(subgraph: 0, tensor: index))
      #expect(values.count == tensor.elementCount)
      #expect(tensor.sparsity?.denseBytes(of: [UInt8](stored), shape: tensor.shape, elementSize: 1) == [UInt8](values))
      // One 1x16 block of each row kept (of 4 and of 2): a quarter and a half of the values stored.
      #expect(stored.count * (tensor.shape[1] / 16) == values.count)
    }
  }

  @Test("int8 weights behind a DENSIFY: the DENSIFY's output becomes the constant, the DENSIFY goes")
  func densifiedWeights() throws {
    let model = try Self.model("sparsity_dynamic_range_densify")
    let dense = try #require(try model.densifyingHybridWeights())
    #expect(dense.tensors.count == 2)
    let names = Self.operatorNames(model)
    let kept = Self.operatorNames(dense.model)
    #expect(names.filter { $0 == "DENSIFY" }.count == 4)
    #expect(kept.filter { $0 == "DENSIFY" }.count == 2, "the float CONV_2D's and FULLY_CONNECTED's stay")
    #expect(kept.filter { $0 != "DENSIFY" } == names.filter { $0 != "DENSIFY" })
    for name in dense.tensors {
      let index = try #require(dense.model.subgraphs[0].tensors.firstIndex { $0.name == name })
      let tensor = dense.model.subgraphs[0].tensors[index]
      #expect(tensor.type == .int8 && !tensor.hasSparsity)
      #expect(dense.model.constantData(subgraph: 0, tensor: index)?.count == tensor.elementCount)
    }
  }

  @Test("Nothing to do: float sparse weights, full-integer sparse weights, dense models")
  func untouched() throws {
    for name in ["sparsity_float", "sparsity_full_int8", "sparsity_tf_keras_pruned", "quant_dynamic_range"] {
      #expect(try Self.model(name).densifyingHybridWeights() == nil, "\(name)")
    }
  }
}
