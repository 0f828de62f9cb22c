import Foundation
import TFLiteFormat

extension TestModel {
  /// A valid model exercising most of the schema: several subgraphs reached
  /// through control flow, per-channel quantization, a sparse tensor, a
  /// string tensor, custom options, options with vectors and strings,
  /// signatures, metadata, and a buffer stored after the flatbuffer.
  static func rich() -> TestModel {
    var model = TestModel()
    model.description = "rich test model"
    model.opcodes = [
      .builtin(Op.conv2d, version: 3), .builtin(Op.while), .custom("MyCustomOp"),
      .builtin(Op.dequantize), .builtin(Op.stablehloComposite), .builtin(22),  // RESHAPE
    ]
    let weights = [UInt8](repeating: 7, count: 2 * 3 * 3 * 2)
    let strings = int32Bytes([2, 16, 18, 21]) + Array("hiyou".utf8)
    let half = [UInt8](repeating: 0x3C, count: 8)
    model.buffers = [
      TestBuffer(),
      TestBuffer(data: weights),
      TestBuffer(data: strings),
      TestBuffer(data: half),
      TestBuffer(data: Array("1.14.0\0\0".utf8)),
      TestBuffer(data: [0, 1, 2, 3, 0, 0, 0, 0]),
      TestBuffer(data: nil, offset: 0, size: 16),  // patched below to point after the flatbuffer
    ]
    let perChannel: [Int: FB] = [
      S.Quantization.scale: .floats([0.5, 0.25]), S.Quantization.zeroPoint: .longs([0, 0]),
      S.Quantization.quantizedDimension: .int32(0),
    ]
    let sparse: [Int: FB] = [
      S.Sparsity.traversalOrder: .ints([0, 1]),
      S.Sparsity.dimMetadata: .vector([
        .table([S.DimensionMetadata.format: .int8(0), S.DimensionMetadata.denseSize: .int32(2)]),
        .table([
          S.DimensionMetadata.format: .int8(1),
          S.DimensionMetadata.segmentsType: .uint8(1), S.DimensionMetadata.segments: .table([0: .ints([0, 1, 2])]),
          S.DimensionMetadata.indicesType: .uint8(3), S.DimensionMetadata.indices: .table([0: .bytes([0, 3])]),
        ]),
      ]),
    ]
    model.subgraphs = [
      TestSubgraph(
        name: "main",
        tensors: [
          TestTensor(
            name: "image", type: TensorType.int8.rawValue, shape: [1, 4, 4, 2], shapeSignature: [-1, 4, 4, 2]),
          TestTensor(
            name: "weights", type: TensorType.int8.rawValue, shape: [2, 3, 3, 2], buffer: 1, quantization: perChannel),
          TestTensor(
            name: "conv", type: TensorType.int8.rawValue, shape: [1, 4, 4, 2],
            quantization: [S.Quantization.scale: .floats([0.1]), S.Quantization.zeroPoint: .longs([3])]),
          TestTensor(name: "labels", type: TensorType.string.rawValue, shape: [2], buffer: 2),
          TestTensor(name: "half", type: TensorType.float16.rawValue, shape: [4], buffer: 3),
          TestTensor(name: "full", type: TensorType.float32.rawValue, shape: [2, 2]),
          TestTensor(name: "sparse", type: TensorType.float32.rawValue, shape: [2, 4], buffer: 5, sparsity: sparse),
          TestTensor(name: "big", type: TensorType.int32.rawValue, shape: [4], buffer: 6),
          TestTensor(name: "state", type: TensorType.float32.rawValue, shape: [4], isVariable: true),
          TestTensor(name: "loop", type: TensorType.float32.rawValue, shape: [2, 2]),
          TestTensor(name: "custom", type: TensorType.float32.rawValue, shape: [1]),
          TestTensor(name: "composite", type: TensorType.float32.rawValue, shape: [2, 2]),
          TestTensor(name: "reshaped", type: TensorType.float32.rawValue, shape: [4]),
        ],
        inputs: [0], outputs: [2, 12],
        operators: [
          TestOperator(
            opcodeIndex: 0, inputs: [0, 1, -1], outputs: [2], optionsType: 1,
            options: [0: .int8(0), 1: .int32(1), 2: .int32(1), 3: .int8(1)]),
          TestOperator(opcodeIndex: 3, inputs: [4], outputs: [5]),
          TestOperator(
            opcodeIndex: 1, inputs: [5], outputs: [9], optionsType: Op.whileOptions,
            options: [0: .int32(1), 1: .int32(2)]),
          TestOperator(
            opcodeIndex: 2, inputs: [3, 7, 8], outputs: [10],
            extra: [S.Operator.customOptions: .bytes([1, 2, 3, 4, 5]), S.Operator.intermediates: .ints([6])]),
          TestOperator(
            opcodeIndex: 4, inputs: [9], outputs: [11], options2Type: Op.compositeOptions,
            options2: [0: .string("odml.rms_norm"), 1: .int32(3), 2: .bytes([9, 9]), 4: .int32(1)]),
          TestOperator(
            opcodeIndex: 5, inputs: [11], outputs: [12], optionsType: Op.reshapeOptions, options: [0: .ints([4])]),
        ]
      ),
      TestSubgraph(
        name: "cond",
        tensors: [
          TestTensor(name: "x", shape: [2, 2]), TestTensor(name: "ok", type: TensorType.bool.rawValue, shape: []),
        ],
        inputs: [0], outputs: [1]),
      TestSubgraph(
        name: "body", tensors: [TestTensor(name: "x", shape: [2, 2]), TestTensor(name: "y", shape: [2, 2])],
        inputs: [0], outputs: [1],
        operators: [
          TestOperator(
            opcodeIndex: 5, inputs: [0], outputs: [1], optionsType: Op.reshapeOptions, options: [0: .ints([2, 2])])
        ]),
      TestSubgraph(name: "decomposition", tensors: [TestTensor(name: "x", shape: [2, 2])], inputs: [0], outputs: [0]),
    ]
    model.metadata = [("min_runtime_version", 4), ("CONVERSION_METADATA", 5)]
    model.signatures = [
      TestSignature(
        key: "serving_default", subgraphIndex: 0, inputs: [("image", 0)], outputs: [("conv", 2), ("reshaped", 12)]),
      TestSignature(key: "body", subgraphIndex: 2, inputs: [("x", 0)], outputs: [("y", 1)]),
    ]
    model.buffers[6].offset = UInt64(model.flatBufferSize)
    model.trailing = int32Bytes([1, 2, 3, 4])
    return model
  }
}
